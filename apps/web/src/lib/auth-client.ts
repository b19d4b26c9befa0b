import { createAuthClient } from 'better-auth/client';
import { bearerToken, keepBearerToken, SERVER_ORIGIN, usesBearerToken } from './server';
import { sessionChanged } from './session';

/**
 * better-auth's client, for the screens that sign in, sign up or change the account (every
 * screen reads the session through `session.ts`, without it). On the web on the page's origin
 * with cookies; inside the native shell on the shell's server with the bearer token, which
 * every answer that hands one out renews.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // (an origin: better-auth adds the base path; without one, the page's origin)
  ...(SERVER_ORIGIN ? { baseURL: SERVER_ORIGIN } : {}),
  ...(usesBearerToken()
    ? {
        fetchOptions: {
          credentials: 'omit' as const,
          auth: { type: 'Bearer' as const, token: () => bearerToken() ?? undefined },
          onSuccess: ({ response }: { response: Response }) => {
            const token = response.headers.get('set-auth-token');
            if (token) keepBearerToken(token);
          },
        },
      }
    : {}),
});

// A session this client changed (signed in or out, a changed account) is read again by the
// session check every screen uses.
authClient.$store.atoms.$sessionSignal?.listen(() => {
  void sessionChanged();
});
