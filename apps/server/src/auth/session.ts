import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { unauthorized } from '../http/errors.ts';
import type { Auth, SessionUser } from './auth.ts';

export interface AuthVariables {
  user: SessionUser;
}

/**
 * The user of the request's session cookie or bearer token, or null when signed out (an
 * invalid token counts as signed out: better-auth's bearer plugin answers it with no session).
 */
export async function sessionUser(auth: Auth, c: Context): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  return session
    ? { id: session.user.id, email: session.user.email, name: session.user.name }
    : null;
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
