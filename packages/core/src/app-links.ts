import appLinks from './app-links.json';

/**
 * The server's addresses that open the native app where it is installed (app links), as path
 * prefixes: the e-mail confirmation and password-reset links, and a story. The server's
 * /.well-known files and the native projects (apps/native/app-links.mjs) both name these.
 */
export const APP_LINK_PATH_PREFIXES: readonly string[] = appLinks.pathPrefixes;
