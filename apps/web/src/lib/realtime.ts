import { useEffect, useRef } from 'react';
import { useAuth } from './auth-client';

// One server-sent event stream per signed-in tab (`GET /api/events`): changes made on another
// device or tab arrive as named events, e.g. "stats" or "bookmarks". The browser reconnects
// by itself after a network failure. Events sent while the stream was down are lost, so after
// a reconnect, and when the server says "resync" (its own database connection came back), every
// handler runs once as if its event had arrived: each area reloads what it shows.

type Handler = (data: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let sourceUser: string | null = null;
const attached = new Set<string>();

function connect(userId: string): void {
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
  for (const type of handlers.keys()) attach(type);
}

/** Runs every handler once, with no data: what changed meanwhile is not known. */
function refetchAll(): void {
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
    for (const handler of handlers.get(type) ?? []) handler(data);
  });
}

function disconnect(): void {
  source?.close();
  source = null;
  sourceUser = null;
  attached.clear();
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
    return () => {
      set.delete(listener);
    };
  }, [type]);
}
