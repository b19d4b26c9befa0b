import { useEffect } from 'react';
import { authClient } from './auth-client';

// Whose data this device works with. When the session check itself cannot reach the server
// (offline, a reload with the network cut), the user last seen signed in on this device goes
// on working from the device — studying from the saved flashcard queue, counting listens,
// keeping their membership — and their changes wait in the queues; a server that answers
// "signed out" ends that.

/** The key predates its use beyond flashcards; kept so devices remember their user. */
const REMEMBERED_KEY = 'lesefuchs.flashcards.lastUser';

export type DeviceUser =
  | { status: 'checking'; userId: null; offline: false }
  | { status: 'signed-out'; userId: null; offline: false }
  | { status: 'signed-in'; userId: string; offline: boolean };

const remembered = () => {
  try {
    return localStorage.getItem(REMEMBERED_KEY);
  } catch {
    return null;
  }
};

export function useDeviceUser(): DeviceUser {
  const session = authClient.useSession();
  const userId = session.data?.user.id ?? null;
  const error = session.error as { status?: number } | null;
  // No answer, or a server error: not a verdict on the session.
  const status = error?.status ?? 0;
  const unreachable = !userId && !!error && (status === 0 || status >= 500);
  const signedOut = !session.isPending && !userId && !unreachable;

  useEffect(() => {
    try {
      if (userId) localStorage.setItem(REMEMBERED_KEY, userId);
      else if (signedOut) localStorage.removeItem(REMEMBERED_KEY);
    } catch {
      // Storage blocked: nothing to remember.
    }
  }, [userId, signedOut]);

  if (userId) return { status: 'signed-in', userId, offline: false };
  const last = remembered();
  if (last && (unreachable || (session.isPending && !navigator.onLine)))
    return { status: 'signed-in', userId: last, offline: true };
  if (session.isPending) return { status: 'checking', userId: null, offline: false };
  return { status: 'signed-out', userId: null, offline: false };
}
