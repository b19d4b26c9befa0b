import { createMiddleware } from 'hono/factory';
import { unauthorized } from '../http/errors.ts';
import type { Auth, SessionUser } from './auth.ts';

export interface AuthVariables {
  user: SessionUser;
}

/**
 * Resolves the user from the session cookie or bearer token on every call; a user id in a
 * request is never trusted. A missing or invalid session is a 401 (better-auth's bearer plugin
 * answers an invalid token with a null session, which counts as signed out).
 */
export function requireUser(auth: Auth) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthorized();
    c.set('user', { id: session.user.id, email: session.user.email, name: session.user.name });
    await next();
  });
}
