import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * CORS for `origins` only (the native shell's, APP_ORIGINS), never with credentials: answered
 * by Hono's middleware for a request from one of them and for every preflight. A request from any
 * other origin (the web app's own POSTs carry one) or from none only learns that the answer
 * varies by origin. Hono's middleware sets its headers on a response it makes before the
 * route's, and the route's answer is then copied into it through a web stream: a twentieth of
 * the HTTP thread's time for a review, for headers that only the shell reads.
 */
export function corsForOrigins(
  origins: string[],
  headers: { allowHeaders: string[]; exposeHeaders: string[] },
): MiddlewareHandler {
  const granted = cors({ origin: origins, ...headers, maxAge: 600 });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' || (origin !== undefined && origins.includes(origin))) {
      return granted(c, next);
    }
    await next();
    // On the headers themselves: `c.header` after the route would copy its answer anew.
    c.res.headers.append('Vary', 'Origin');
  };
}
