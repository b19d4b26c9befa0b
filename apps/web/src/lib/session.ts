import { useSyncExternalStore } from 'react';
import type { authClient } from './auth-client';
import { useOnline } from './online';
import { credentialsOfRequest, keepBearerToken, serverUrl } from './server';

/**
 * Who is signed in, as the server last said, for every screen: the session check is a plain
 * request here, so better-auth's client (`auth-client.ts`) loads only with the screens that
 * sign in, sign up or change the account, not with every page's first script. It keeps the
 * session fresh as better-auth's own store would: when the page comes back into view (at most
 * every 5 s), when the device is back online, when another tab signed in or out (better-auth's
 * message in the storage), and when this tab's client changed the session (its signal, wired
 * in `auth-client.ts`).
 */

type SessionData = typeof authClient.$Infer.Session;
export type SessionUser = SessionData['user'];

/** A failed check: the server's status (0 when it could not be reached). */
interface SessionError {
  status: number;
}

interface SessionState {
  data: SessionData | null;
  error: SessionError | null;
  isPending: boolean;
}

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';

/**
 * The signed-in user as last confirmed by the server, kept on the device: while the server
 * cannot be reached the session counts as valid until the server says otherwise (a 401 or no
 * session), so an offline learner stays signed in with their own data and queues.
 */
export const REMEMBERED_USER_KEY = 'lesefuchs.session.user';

/** The storage key better-auth's client posts a session change to for the other tabs. */
const TAB_MESSAGE_KEY = 'better-auth.message';
/** No check on coming back into view within this long of the last. */
const FOCUS_CHECK_INTERVAL_MS = 5_000;

// Devices of earlier versions remembered only the user's id, under another key.
try {
  localStorage.removeItem('lesefuchs.flashcards.lastUser');
} catch {
  // Storage blocked: nothing to tidy.
}

/** Whether a failed session check is no verdict on the session: no answer, or a server error. */
function unreachable(error: SessionError | null): boolean {
  return error !== null && (error.status === 0 || error.status >= 500);
}

/** The device's copy of the user, read from the storage once. */
function createRememberedUser() {
  let remembered: SessionUser | null | undefined;
  return {
    get(): SessionUser | null {
      if (remembered === undefined) {
        try {
          remembered = JSON.parse(
            localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null',
          ) as SessionUser | null;
        } catch {
          remembered = null;
        }
      }
      return remembered;
    },
    set(user: SessionUser | null): void {
      if (this.get() === user) return;
      remembered = user;
      try {
        if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
        else localStorage.removeItem(REMEMBERED_USER_KEY);
      } catch {
        // Storage full or blocked: the copy lives for this page only.
      }
    },
  };
}

/**
 * Tells the other tabs that the session changed, with better-auth's own message (its client
 * posts it only from its session store, which the app does not use): their checks ask again.
 */
function tellOtherTabs(): void {
  try {
    localStorage.setItem(
      TAB_MESSAGE_KEY,
      JSON.stringify({
        event: 'session',
        data: { trigger: 'change' },
        clientId: Math.random().toString(36).slice(2),
        timestamp: Math.floor(Date.now() / 1000),
      }),
    );
  } catch {
    // Storage blocked: the other tabs ask again when they are next in view.
  }
}

/** The page's session: its state, the checks that update it and their triggers. */
export function createSessionStore() {
  let state: SessionState = { data: null, error: null, isPending: true };
  const listeners = new Set<() => void>();
  const remembered = createRememberedUser();
  let inFlight: Promise<void> | null = null;
  let lastCheck = 0;
  let generation = 0;

  function setState(next: SessionState): void {
    const unchanged =
      next.data === state.data &&
      next.isPending === state.isPending &&
      next.error?.status === state.error?.status;
    state = next;
    if (unchanged) return;
    if (!next.isPending) {
      if (next.data?.user) remembered.set(next.data.user);
      else if (!unreachable(next.error)) remembered.set(null);
    }
    for (const listener of listeners) listener();
  }

  async function check(): Promise<void> {
    lastCheck = Date.now();
    const mine = ++generation;
    // Only the latest check's answer counts: one that started before a change may be stale.
    const settle = (next: SessionState) => {
      if (mine === generation) setState(next);
    };
    const who = credentialsOfRequest();
    try {
      // On the web, credentialed like the page's preload of this address (the server names it
      // with `crossorigin="use-credentials"`), so the first check takes the preload's answer.
      const response = await fetch(serverUrl('/api/auth/get-session'), {
        headers: who.headers,
        credentials: who.credentials === 'same-origin' ? 'include' : who.credentials,
      });
      const token = response.headers.get('set-auth-token');
      if (token) keepBearerToken(token);
      if (!response.ok) {
        // A 401 is a verdict (no session); a server error leaves what is known as it was.
        settle({
          data: response.status === 401 ? null : state.data,
          error: { status: response.status },
          isPending: false,
        });
        return;
      }
      const answer = (await response.json()) as SessionData | null;
      const data = answer?.user ? answer : null;
      // The same session keeps its object, so nothing that depends on it runs again.
      const same = data && state.data && JSON.stringify(data) === JSON.stringify(state.data);
      settle({ data: same ? state.data : data, error: null, isPending: false });
    } catch {
      settle({ data: state.data, error: { status: 0 }, isPending: false });
    }
  }

  function startCheck(): Promise<void> {
    const flight: Promise<void> = check().finally(() => {
      if (inFlight === flight) inFlight = null;
    });
    inFlight = flight;
    return flight;
  }

  /** Asks the server who is signed in (a call while a check is under way shares it). */
  function refresh(): Promise<void> {
    return inFlight ?? startCheck();
  }

  const refreshWhenSeen = () => {
    if (document.visibilityState !== 'visible') return;
    if (Date.now() - lastCheck < FOCUS_CHECK_INTERVAL_MS) return;
    void refresh();
  };
  const refreshOnTabMessage = (event: StorageEvent) => {
    if (event.key === TAB_MESSAGE_KEY) void refresh();
  };
  const refreshWhenOnline = () => void refresh();

  return {
    refresh,
    /**
     * After this tab signed in or out or changed the account: asks again at once, whatever
     * check was under way, and tells the other tabs. A learner not yet signed in is "checking"
     * until the answer, so the screen a sign-in leads to does not show the guest's version
     * first.
     */
    changed(): Promise<void> {
      if (!state.data) setState({ data: null, error: null, isPending: true });
      tellOtherTabs();
      return startCheck();
    },
    /** Signed out on this device: no user, whatever a check under way says. */
    forget(): void {
      remembered.set(null);
      generation++;
      setState({ data: null, error: null, isPending: false });
      tellOtherTabs();
    },
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) {
        // The first check starts with the first screen that asks, as better-auth's store did.
        if (lastCheck === 0) setTimeout(() => void refresh(), 0);
        document.addEventListener('visibilitychange', refreshWhenSeen);
        window.addEventListener('storage', refreshOnTabMessage);
        window.addEventListener('online', refreshWhenOnline);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        document.removeEventListener('visibilitychange', refreshWhenSeen);
        window.removeEventListener('storage', refreshOnTabMessage);
        window.removeEventListener('online', refreshWhenOnline);
      };
    },
    snapshot: (): SessionState => state,
    rememberedUser: (): SessionUser | null => remembered.get(),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

const session = createSessionStore();

/** Asks the server who is signed in now (after a 401, say). */
export const refreshSession = (): Promise<void> => session.refresh();

/** This tab's better-auth client changed the session: read it again. */
export const sessionChanged = (): Promise<void> => session.changed();

/** Signs out here and on the server; the device forgets the user even when offline. */
export async function signOut(): Promise<void> {
  try {
    const { authClient } = await import('./auth-client');
    await authClient.signOut();
  } catch {
    // Offline: the server's session ends with its time; this device forgets it all the same.
  }
  keepBearerToken(null);
  session.forget();
}

/** `useAuth` for a given store (the page's own in `useAuth`; a fresh one in a test). */
export function useAuthOf(store: SessionStore) {
  const state = useSyncExternalStore(store.subscribe, store.snapshot);
  const online = useOnline();
  const noAnswer = !state.data && (unreachable(state.error) || (state.isPending && !online));
  const offlineUser = noAnswer ? store.rememberedUser() : null;
  const user = state.data?.user ?? offlineUser;
  const status: AuthStatus = user ? 'signed-in' : state.isPending ? 'checking' : 'signed-out';
  return { status, user, offline: offlineUser !== null, refetch: store.refresh };
}

/**
 * The session and a three-state status for guards and headers. `offline` is true while the
 * user comes from the device's copy because the server cannot be reached.
 */
export function useAuth() {
  return useAuthOf(session);
}
