import { useEffect, useRef } from 'react';
import { credentialsOfRequest, serverUrl, usesBearerToken } from './server';
import { useAuth } from './session';

// One server-sent event stream per signed-in tab (`GET /api/events`): changes made on another
// device or tab arrive as named events, e.g. "stats" or "bookmarks". The stream reconnects by
// itself after a network failure. Events sent while the stream was down are lost, so after
// a reconnect, and when the server says "resync" (its own database connection came back), every
// handler runs once as if its event had arrived: each area reloads what it shows. An event that
// came while no one listened for its kind (the membership's handler mounts once the page is
// idle) is kept in mind, and the first handler of that kind runs once as it mounts.

type Handler = (data: unknown) => void;
/** What of an event stream this module uses: the browser's, or the shell's (below). */
type Stream = Pick<EventSource, 'addEventListener' | 'close'>;
const handlers = new Map<string, Set<Handler>>();
let source: Stream | null = null;
let sourceUser: string | null = null;
/** Counts connections asked for, so a stream that opens after its user left is closed. */
let generation = 0;
const attached = new Set<string>();
/** The kinds of event the app handles, listened for from the start so none is dropped unseen. */
const EVENT_TYPES = [
  'bookmarks',
  'completions',
  'flashcards',
  'known-words',
  'membership',
  'stats',
  'vocabulary',
];
/** Kinds of event that came while no handler was mounted. */
const unheard = new Set<string>();

/**
 * Inside the native shell, which signs in with a bearer token that the browser's EventSource
 * cannot send, the same stream read through fetch (the `eventsource` package, loaded in the
 * shell only) with the token as it is at each reconnect.
 */
async function openTokenStream(): Promise<Stream> {
  const { EventSource: FetchEventSource } = await import('eventsource');
  return new FetchEventSource(serverUrl('/api/events'), {
    fetch: (input, init) => {
      const { headers, credentials } = credentialsOfRequest();
      return fetch(input, { ...init, credentials, headers: { ...init?.headers, ...headers } });
    },
  });
}

function listen(opened: Stream): void {
  source = opened;
  let interrupted = false;
  opened.addEventListener('error', () => {
    interrupted = true;
  });
  opened.addEventListener('open', () => {
    if (interrupted) refetchAll();
    interrupted = false;
  });
  opened.addEventListener('resync', refetchAll);
  for (const type of new Set([...EVENT_TYPES, ...handlers.keys()])) attach(type);
}

function connect(userId: string): void {
  if (sourceUser === userId) return;
  source?.close();
  source = null;
  attached.clear();
  sourceUser = userId;
  const attempt = ++generation;
  // On the web: the browser's EventSource with the session cookie, at once.
  if (!usesBearerToken()) return listen(new EventSource('/api/events', { withCredentials: true }));
  void openTokenStream().then(
    (opened) => (attempt === generation ? listen(opened) : opened.close()),
    () => {
      // The shell's stream module did not load (offline at first start): no live updates
      // until the next sign-in or start; resume still refreshes (native-shell.ts).
    },
  );
}

/**
 * Runs every handler once, with no data: what changed meanwhile is not known (a reconnect; the
 * native shell coming back from the background, where its stream may have been cut off).
 */
export function refetchAll(): void {
  for (const set of handlers.values()) for (const handler of set) handler(null);
}

function attach(type: string): void {
  if (!source || attached.has(type)) return;
  attached.add(type);
  source.addEventListener(type, (event) => {
    let data: unknown = null;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      // An event without a JSON body still counts.
    }
    const set = handlers.get(type);
    if (!set || set.size === 0) unheard.add(type);
    for (const handler of set ?? []) handler(data);
  });
}

function disconnect(): void {
  generation++;
  source?.close();
  source = null;
  sourceUser = null;
  attached.clear();
  unheard.clear();
}

/** Keeps the stream open while a user is signed in. Mount once. */
export function RealtimeConnection() {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (!userId || (typeof EventSource === 'undefined' && !usesBearerToken())) return;
    connect(userId);
    return disconnect;
  }, [userId]);
  return null;
}

/** Calls `handler` for every event of `type` while the component is mounted. */
export function useRealtimeEvent(type: string, handler: Handler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: Handler = (data) => latest.current(data);
    const set = handlers.get(type) ?? new Set<Handler>();
    set.add(listener);
    handlers.set(type, set);
    attach(type);
    if (unheard.delete(type)) listener(null);
    return () => {
      set.delete(listener);
    };
  }, [type]);
}
