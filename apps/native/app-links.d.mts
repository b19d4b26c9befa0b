/** The paths that open the app (packages/core/src/app-links.json). */
export const APP_LINK_PATH_PREFIXES: string[];
/** The host the app declares for a server address: its name when it is https, else null. */
export function appLinkHost(serverUrl: string): string | null;
/** The Android manifest with the app-links intent filter for `host` (none for null). */
export function manifestWithAppLinks(manifest: string, host: string | null): string;
/** The iOS entitlements: the associated domain of `host` (none for null). */
export function entitlementsFor(host: string | null): string;
