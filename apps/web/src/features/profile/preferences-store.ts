import {
  DEFAULT_PREFERENCES,
  LEECH_NEVER,
  migratePreferences,
  type Preferences,
  type PreferencesPatch,
} from '@lesefuchs/core/preferences/preferences';
import type { SyncResponse } from '@lesefuchs/core/sync/operations';
import { PREFERENCES_QUEUE } from '@lesefuchs/core/sync/queue-policy';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { GUEST } from '../../lib/owners';
import { SyncQueue } from '../../lib/sync-queue';
import { markLevelAsked } from '../level/asked';
import { profileLevelFor, saveProfileLevel } from '../level/profile-level';
import { pullFailureListeners } from './daily-pull';
import { noteSyncSettled, predatesLastSync } from './server-reads';

// Preferences are kept on the device at once and written to the account through the
// "preferences" sync queue: at most 180 s after a change, and on page hide by beacon.

// (The guest's owner name, kept with the owners; exported here too for the screens' imports.)
export { GUEST };

const localKey = (userId: string) => `lesefuchs.preferences.${userId}`;

let queue: SyncQueue<PreferencesPatch> | null = null;
let queueUser: string | null = null;
const rejectionListeners = new Set<() => void>();

/** The leech threshold reaches the server within a second of a change (spec 1 §9). */
export const LEECH_SYNC_DELAY_MS = 1_000;
let leechTimer: ReturnType<typeof setTimeout> | undefined;

function queueFor(userId: string): SyncQueue<PreferencesPatch> {
  if (queue && queueUser === userId) return queue;
  queue?.stop();
  queue = new SyncQueue<PreferencesPatch>({
    type: 'preferences',
    policy: PREFERENCES_QUEUE,
    storageKey: `lesefuchs.queue.preferences.${userId}`,
    send: (request) => api<SyncResponse>('/api/sync', { method: 'POST', body: request }),
    onRejected: () => {
      for (const listener of rejectionListeners) listener();
    },
    onSettled: () => noteSyncSettled(userId),
  });
  queue.start();
  queueUser = userId;
  return queue;
}

function readLocal(userId: string): Preferences | null {
  try {
    const raw = localStorage.getItem(localKey(userId));
    return raw ? migratePreferences(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** Every mounted copy of a user's preferences follows a change made through any of them. */
const changeListeners = new Set<(userId: string) => void>();

function writeLocal(userId: string, preferences: Preferences): void {
  try {
    localStorage.setItem(localKey(userId), JSON.stringify(preferences));
  } catch {
    // Storage full or blocked: the change still applies for this visit.
  }
  for (const listener of changeListeners) listener(userId);
}

/**
 * Changes one preference of `userId` (or the guest): on the device at once, and queued for the
 * account. Returns the preferences after the change.
 */
export function setPreference<K extends keyof Preferences>(
  userId: string,
  fromServer: Preferences | undefined,
  key: K,
  value: Preferences[K],
): Preferences {
  const next = { ...(readLocal(userId) ?? fromServer ?? DEFAULT_PREFERENCES), [key]: value };
  writeLocal(userId, next);
  // A guest's preferences stay on the device (spec 1 §4).
  if (userId === GUEST) return next;
  if (key === 'leechThreshold') {
    // 'never' travels as 50 (spec 1 §9), and within a second rather than three minutes.
    const sent = value === 'never' ? LEECH_NEVER : value;
    queueFor(userId).enqueue({ leechThreshold: sent } as PreferencesPatch);
    clearTimeout(leechTimer);
    leechTimer = setTimeout(() => void queueFor(userId).flushNow(), LEECH_SYNC_DELAY_MS);
    return next;
  }
  queueFor(userId).enqueue({ [key]: value } as PreferencesPatch);
  return next;
}

/** A signed-in learner's levels for the story list carry the profile's level with them. */
function followWithProfileLevel(userId: string, difficulty: Preferences['storyDifficulty']): void {
  const level = profileLevelFor(difficulty);
  if (userId !== GUEST && level) void saveProfileLevel(userId, level);
}

/**
 * The signed-in user's preferences: the device's copy at once, the server's when it arrives,
 * nothing of this device is still waiting to be sent and it was read after the last of it was.
 */
export function usePreferences(userId: string, fromServer: Preferences | undefined) {
  const [preferences, setPreferences] = useState<Preferences>(
    () => readLocal(userId) ?? fromServer ?? DEFAULT_PREFERENCES,
  );
  // Another owner (the session check answered after the first render, or a sign-in): their
  // device copy at once, not the previous owner's values until the server's arrive.
  const [owner, setOwner] = useState(userId);
  if (owner !== userId) {
    setOwner(userId);
    setPreferences(readLocal(userId) ?? fromServer ?? DEFAULT_PREFERENCES);
  }
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const onChange = (changed: string) => {
      if (changed !== userId) return;
      const local = readLocal(userId);
      if (local) setPreferences(local);
    };
    changeListeners.add(onChange);
    return () => {
      changeListeners.delete(onChange);
    };
  }, [userId]);

  useEffect(() => {
    const pending = userId !== GUEST && queueFor(userId).pending.length > 0;
    if (fromServer && !pending && !predatesLastSync(userId, fromServer)) {
      // The level a guest chose on this device comes along when they sign up or in, to the
      // story list and the profile, unless the account has levels of its own (issue #19).
      const guestLevels = userId === GUEST ? 'all' : readLocal(GUEST)?.storyDifficulty;
      if (guestLevels && guestLevels !== 'all' && fromServer.storyDifficulty === 'all') {
        setPreference(GUEST, undefined, 'storyDifficulty', 'all');
        writeLocal(userId, fromServer);
        setPreferences(setPreference(userId, fromServer, 'storyDifficulty', guestLevels));
        followWithProfileLevel(userId, guestLevels);
        return;
      }
      setPreferences(fromServer);
      writeLocal(userId, fromServer);
      // A learner who chose levels on another device is not asked again here.
      if (fromServer.storyDifficulty !== 'all') markLevelAsked();
    }
  }, [userId, fromServer]);

  const [pullFailed, setPullFailed] = useState(false);

  useEffect(() => {
    const onRejected = () => setFailed(true);
    rejectionListeners.add(onRejected);
    pullFailureListeners.add(setPullFailed);
    return () => {
      rejectionListeners.delete(onRejected);
      pullFailureListeners.delete(setPullFailed);
    };
  }, []);

  const set = useCallback(
    <K extends keyof Preferences>(key: K, value: Preferences[K]) => {
      setFailed(false);
      setPreferences(setPreference(userId, fromServer, key, value));
      if (key === 'storyDifficulty') {
        followWithProfileLevel(userId, value as Preferences['storyDifficulty']);
      }
    },
    [userId, fromServer],
  );

  const reset = useCallback(async () => {
    if (userId === GUEST) {
      setPreferences(DEFAULT_PREFERENCES);
      writeLocal(userId, DEFAULT_PREFERENCES);
      return;
    }
    queueFor(userId).clear();
    const { profile } = await api<{ profile: { preferences: Preferences } }>(
      '/api/profile/preferences',
      { method: 'DELETE' },
    );
    // A copy of the profile asked for meanwhile (the window's focus coming back from the
    // confirmation refetches it) may have been read before the reset: it must not undo it.
    noteSyncSettled(userId);
    setPreferences(profile.preferences);
    writeLocal(userId, profile.preferences);
  }, [userId]);

  return { preferences, set, reset, failed, pullFailed };
}
