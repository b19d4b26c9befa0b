import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Fetch metadata values of a request the app's own pages (or the user, typing) made. */
const OWN_SITES = new Set(['same-origin', 'none']);

const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** `navigator.sendBeacon` with a string body sends text/plain. */
const BEACON_TYPE = /^text\/plain\s*(;|$)/i;

/**
 * Refuses cross-site writes (CSRF) to the API: a state-changing request whose `Origin` is not
 * one of the app's own, or that has no Origin but a `Sec-Fetch-Site` saying another site sent
 * it. A request with neither comes from no browser page (curl, the native shell's HTTP client,
 * tests) and carries no ambient cookie risk worth refusing. Bodies must be JSON, except on the
 * paths in `beaconPaths`, which also take the beacon's text/plain: a browser sends JSON
 * cross-site only after a CORS preflight, which this server never grants.
 */
export function refuseCrossSiteWrites(trustedOrigins: readonly string[], beaconPaths: string[]) {
  const trusted = new Set(trustedOrigins);
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const crossSite =
      origin !== undefined ? !trusted.has(origin) : site !== undefined && !OWN_SITES.has(site);
    if (crossSite) {
      throw new ApiError(403, 'forbidden', 'Cross-site requests are not accepted.');
    }
    // A body's type: the JSON every client of this API sends, or the beacon's text/plain.
    const type = c.req.header('content-type');
    const length = c.req.header('content-length');
    if (type !== undefined || (length !== undefined && length !== '0')) {
      const beacon = beaconPaths.includes(c.req.path) && BEACON_TYPE.test(type ?? '');
      if (!JSON_TYPE.test(type ?? '') && !beacon) {
        throw new ApiError(415, 'unsupported_media_type', 'The request body must be JSON.');
      }
    }
    await next();
  });
}
