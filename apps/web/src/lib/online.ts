import { useEffect, useRef, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online; follows the online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Whether the browser believes it is online right now (outside React). */
export const isOnline = (): boolean =>
  typeof navigator === 'undefined' || navigator.onLine !== false;

interface NetworkInformationLike {
  saveData?: boolean;
  downlink?: number;
}

/**
 * Whether the learner saves data or the connection is slow (downlink under 1 Mbit/s, spec 2 §4):
 * refreshes and downloads nobody asked for are skipped then.
 */
export function constrainedConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return false;
  return (
    connection.saveData === true ||
    (typeof connection.downlink === 'number' && connection.downlink < 1)
  );
}

/**
 * Calls `retry` when the browser comes back online while `failed` holds: a screen that could
 * not load offline recovers by itself, without a "Try again".
 */
export function useRetryWhenOnline(failed: boolean, retry: () => unknown): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (!failed) return;
    const onOnline = () => void latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [failed]);
}
