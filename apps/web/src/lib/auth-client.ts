import { createAuthClient } from 'better-auth/react';
import { useOnline } from './online';
import { bearerToken, keepBearerToken, SERVER_ORIGIN, usesBearerToken } from './server';

/**
 * better-auth's client: on the web on the page's origin with cookies; inside the native shell on
 * the shell's server with the bearer token, which every answer that hands one out renews.
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

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';

type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>['data']>['user'];

/**
 * The signed-in user as last confirmed by the server, kept on the device: while the server
 * cannot be reached the session counts as valid until the server says otherwise (a 401 or no
 * session), so an offline learner stays signed in with their own data and queues.
 */
export const REMEMBERED_USER_KEY = 'lesefuchs.session.user';

let remembered: SessionUser | null | undefined;

// Devices of earlier versions remembered only the user's id, under another key.
try {
  localStorage.removeItem('lesefuchs.flashcards.lastUser');
} catch {
  // Storage blocked: nothing to tidy.
}

function rememberedUser(): SessionUser | null {
  if (remembered === undefined) {
    try {
      remembered = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as SessionUser;
    } catch {
      remembered = null;
    }
  }
  return remembered;
}

function remember(user: SessionUser | null): void {
  const current = rememberedUser();
  if (current === user) return;
  remembered = user;
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch {
    // Storage full or blocked: the copy lives for this page only.
  }
}

/** Whether a failed session check is no verdict on the session: no answer, or a server error. */
function unreachable(error: unknown): boolean {
  if (!error) return false;
  const status = (error as { status?: number }).status ?? 0;
  return status === 0 || status >= 500;
}

// The session atom's every answer updates the device's copy: a user keeps it, a verdict of "no
// session" (none, a 401) drops it; a failure to reach the server leaves it as it was.
authClient.$store.atoms.session?.subscribe((value) => {
  const state = value as { data: { user: SessionUser } | null; error: unknown; isPending: boolean };
  if (state.isPending) return;
  if (state.data?.user) remember(state.data.user);
  else if (!unreachable(state.error)) remember(null);
});

/** Signs out here and on the server; the device forgets the user even when offline. */
export async function signOut(): Promise<void> {
  remember(null);
  await authClient.signOut().catch(() => undefined);
  keepBearerToken(null);
}

/**
 * The session and a three-state status for guards and headers. `offline` is true while the
 * user comes from the device's copy because the server cannot be reached.
 */
export function useAuth() {
  const session = authClient.useSession();
  const online = useOnline();
  const noAnswer = !session.data && (unreachable(session.error) || (session.isPending && !online));
  const offlineUser = noAnswer ? rememberedUser() : null;
  const user = session.data?.user ?? offlineUser;
  const status: AuthStatus = user ? 'signed-in' : session.isPending ? 'checking' : 'signed-out';
  return { status, user, offline: offlineUser !== null, refetch: session.refetch };
}
