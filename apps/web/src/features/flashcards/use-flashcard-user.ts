import { useEffect } from 'react';
import { authClient } from '../../lib/auth-client';

// Who studies. Queue loading and grading need a signed-in user (spec 3 §2, §6). When the
// session check itself cannot reach the server (offline, a reload with the network cut), the
// user last seen signed in on this device keeps studying from the device's queue, and the
// grades wait in the outbox; a server that answers "signed out" ends that.

const REMEMBERED_KEY = 'lesefuchs.flashcards.lastUser';

export type FlashcardUser =
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

export function useFlashcardUser(): FlashcardUser {
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
