import { useSyncExternalStore } from 'react';

// Whether this device has been asked the learner's level (issue #19): answered or "Not now".
// Kept apart from the level choice itself, so the app shell can wait for it cheaply (the first
// visit's tour starts only once the question is out of the way).

const ASKED_KEY = 'lesefuchs.level.asked';
const listeners = new Set<() => void>();

function readAsked(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) !== null;
  } catch {
    return false;
  }
}

export function markLevelAsked(): void {
  try {
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
  } catch {
    // Storage blocked: the question comes again on the next visit.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether the level question was answered or put off on this device; follows changes. */
export function useLevelAsked(): boolean {
  return useSyncExternalStore(subscribe, readAsked, () => true);
}
