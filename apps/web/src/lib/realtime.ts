import { useEffect, useRef } from 'react';
import { useAuth } from './auth-client';
import { usesBearerToken } from './server';

// One server-sent event stream per signed-in tab (`GET /api/events`): changes made on another
// device or tab arrive as named events, e.g. "stats" or "bookmarks". The browser reconnects
// by itself after a network failure. Events sent while the stream was down are lost, so after
// a reconnect, and when the server says "resync" (its own database connection came back), every
// handler runs once as if its event had arrived: each area reloads what it shows. An event that
// came while no one listened for its kind (the membership's handler mounts once the page is
// idle) is kept in mind, and the first handler of that kind runs once as it mounts.

type Handler = (data: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let sourceUser: string | null = null;
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

function connect(userId: string): void {
  // The stream is a cookie's: inside the native shell, which signs in with a bearer token that
  // an EventSource cannot send, the app refreshes on resume instead (not built yet: a token
  // for the stream).
  if (usesBearerToken()) return;
  if (source && sourceUser === userId) return;
  source?.close();
  attached.clear();
  source = new EventSource('/api/events', { withCredentials: true });
  sourceUser = userId;
  let interrupted = false;
  source.addEventListener('error', () => {
    interrupted = true;
  });
  source.addEventListener('open', () => {
    if (interrupted) refetchAll();
    interrupted = false;
  });
  source.addEventListener('resync', refetchAll);
  for (const type of new Set([...EVENT_TYPES, ...handlers.keys()])) attach(type);
}

/**
 * Runs every handler once, with no data: what changed meanwhile is not known (a reconnect; the
 * native shell coming back, which has no stream).
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
    if (!userId || typeof EventSource === 'undefined') return;
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
