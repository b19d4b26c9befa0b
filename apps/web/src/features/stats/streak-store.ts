import {
  type Day,
  EMPTY_STREAK,
  localDay,
  nextStreak,
  type StreakState,
} from '@lesefuchs/core/streak';
import { useSyncExternalStore } from 'react';
import { statsQueue } from './stats-queue';

// The streak as this device knows it, per user (or the guest): shown at once, raised
// optimistically on the first activity of a local day, and replaced by the server's when that
// is as recent. Guests keep it on the device only.

const keyOf = (userId: string | null) => `lesefuchs.streak.${userId ?? 'guest'}`;
const listeners = new Set<() => void>();
const snapshots = new Map<string, StreakState>();

/** Today in the device's time zone, the one the learner's days are counted in (spec 1 §9). */
export function today(now = new Date()): Day {
  return localDay(now);
}

export function readStreak(userId: string | null): StreakState {
  const key = keyOf(userId);
  const known = snapshots.get(key);
  if (known) return known;
  let state = EMPTY_STREAK;
  try {
    const raw = localStorage.getItem(key);
    if (raw) state = { ...EMPTY_STREAK, ...(JSON.parse(raw) as Partial<StreakState>) };
  } catch {
    // A damaged copy counts as none.
  }
  snapshots.set(key, state);
  return state;
}

function writeStreak(userId: string | null, state: StreakState): void {
  const key = keyOf(userId);
  snapshots.set(key, state);
  try {
    localStorage.setItem(key, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the streak still shows for this visit.
  }
  for (const listener of listeners) listener();
}

/**
 * The first activity of a local day raises the streak at once and queues the day for the
 * server (spec 1 §4); any later activity that day changes nothing.
 */
export function recordActivity(userId: string | null, now = new Date()): void {
  const day = today(now);
  const state = readStreak(userId);
  if (state.lastActivityDate !== null && state.lastActivityDate >= day) return;
  writeStreak(userId, nextStreak(state, day));
  if (userId) statsQueue(userId).enqueue({ kind: 'streak', activityDate: day });
}

/** The guest's streak has gone to an account (guest-streak.ts): the device starts afresh. */
export function forgetGuestStreak(): void {
  const key = keyOf(null);
  snapshots.set(key, EMPTY_STREAK);
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage: nothing was kept either.
  }
  for (const listener of listeners) listener();
}

/** Takes the server's streak unless this device knows a later activity not yet sent. */
export function adoptServerStreak(userId: string, server: StreakState): void {
  const local = readStreak(userId);
  const localAhead =
    local.lastActivityDate !== null &&
    (server.lastActivityDate === null || local.lastActivityDate > server.lastActivityDate);
  if (localAhead) {
    writeStreak(userId, {
      ...local,
      allTimeStreak: Math.max(local.allTimeStreak, server.allTimeStreak),
      allTimeStreakDate:
        server.allTimeStreak > local.allTimeStreak
          ? server.allTimeStreakDate
          : local.allTimeStreakDate,
    });
    return;
  }
  const same =
    local.currentStreak === server.currentStreak &&
    local.allTimeStreak === server.allTimeStreak &&
    local.lastActivityDate === server.lastActivityDate &&
    local.allTimeStreakDate === server.allTimeStreakDate;
  if (!same) writeStreak(userId, server);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith('lesefuchs.streak.')) {
      snapshots.clear();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The streak to show, following changes from this tab and others. */
export function useStreak(userId: string | null): StreakState {
  return useSyncExternalStore(
    subscribe,
    () => readStreak(userId),
    () => EMPTY_STREAK,
  );
}
