import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { unauthorized } from '../http/errors.ts';
import type { Auth, SessionUser } from './auth.ts';

export interface AuthVariables {
  user: SessionUser;
}

/**
 * How long this process reuses a session it has looked up. Every sign-out, revocation, password
 * change or reset and account removal goes through /api/auth and empties the cache at once, so on
 * one instance a revoked session ends immediately; another instance may still accept it for up
 * to this long (docs/operations.md).
 */
export const SESSION_CACHE_TTL_MS = 10_000;
/** More sessions than this, and the cache starts afresh. */
const SESSION_CACHE_MAX = 20_000;

interface Cached {
  user: SessionUser;
  until: number;
}

const caches = new WeakMap<Auth, Map<string, Cached>>();
/** Every cache, for forgetting them all; a cache goes with its auth instance. */
const allCaches = new Set<WeakRef<Map<string, Cached>>>();
const cacheOf = (auth: Auth) => {
  let cache = caches.get(auth);
  if (!cache) {
    cache = new Map();
    caches.set(auth, cache);
    allCaches.add(new WeakRef(cache));
  }
  return cache;
};

/**
 * Forgets every session this process has looked up for `auth` (after any change through
 * /api/auth), or for every auth instance when none is named (a test that removes sessions
 * behind the server's back).
 */
export function forgetSessions(auth?: Auth): void {
  if (auth) return cacheOf(auth).clear();
  for (const reference of allCaches) {
    const cache = reference.deref();
    if (cache) cache.clear();
    else allCaches.delete(reference);
  }
}

/** The credential of a request: its bearer token, else its session cookie; null with neither. */
function credentialOf(headers: Headers): string | null {
  const bearer = headers.get('authorization');
  if (bearer) return bearer;
  const cookie = headers.get('cookie');
  const token = cookie?.match(/(?:^|;\s*)((?:__Secure-)?better-auth\.session_token=[^;]+)/);
  return token?.[1] ?? null;
}

/**
 * The user of the request's session cookie or bearer token, or null when signed out (an
 * invalid token counts as signed out: better-auth's bearer plugin answers it with no session).
 * A session found is reused for a few seconds, so a learner's run of requests costs one look-up.
 */
export async function sessionUser(auth: Auth, c: Context): Promise<SessionUser | null> {
  const credential = credentialOf(c.req.raw.headers);
  if (!credential) return null;
  const cache = cacheOf(auth);
  const now = Date.now();
  const cached = cache.get(credential);
  if (cached && cached.until > now) return cached.user;
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) {
    cache.delete(credential);
    return null;
  }
  const user = { id: session.user.id, email: session.user.email, name: session.user.name };
  if (cache.size >= SESSION_CACHE_MAX) cache.clear();
  const expires = new Date(session.session.expiresAt).getTime();
  cache.set(credential, { user, until: Math.min(now + SESSION_CACHE_TTL_MS, expires) });
  return user;
}

/**
 * Resolves the user from the session cookie or bearer token on every call; a user id in a
 * request is never trusted. A missing or invalid session is a 401.
 */
export function requireUser(auth: Auth) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const user = await sessionUser(auth, c);
    if (!user) throw unauthorized();
    c.set('user', user);
    await next();
  });
}
