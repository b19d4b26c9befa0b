import { createAuthClient } from 'better-auth/react';

/** better-auth's client on the same origin; the web app signs in with cookies. */
export const authClient = createAuthClient({ basePath: '/api/auth' });

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';

/** The session and a three-state status for guards and headers. */
export function useAuth() {
  const session = authClient.useSession();
  const status: AuthStatus = session.isPending
    ? 'checking'
    : session.data
      ? 'signed-in'
      : 'signed-out';
  return { status, user: session.data?.user ?? null, refetch: session.refetch };
}
