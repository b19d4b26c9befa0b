import {
  DEFAULT_PREFERENCES,
  migratePreferences,
  PREFERENCES_QUEUE,
  type Preferences,
  type PreferencesPatch,
  type SyncResponse,
} from '@lesefuchs/core';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { SyncQueue } from '../../lib/sync-queue';

// Preferences are kept on the device at once and written to the account through the
// "preferences" sync queue: at most 180 s after a change, and on page hide by beacon.

const localKey = (userId: string) => `lesefuchs.preferences.${userId}`;

let queue: SyncQueue<PreferencesPatch> | null = null;
let queueUser: string | null = null;
const rejectionListeners = new Set<() => void>();

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

const writeLocal = (userId: string, preferences: Preferences) =>
  localStorage.setItem(localKey(userId), JSON.stringify(preferences));

/**
 * The signed-in user's preferences: the device's copy at once, the server's when it arrives
 * and nothing of this device is still waiting to be sent.
 */
export function usePreferences(userId: string, fromServer: Preferences | undefined) {
  const [preferences, setPreferences] = useState<Preferences>(
    () => readLocal(userId) ?? fromServer ?? DEFAULT_PREFERENCES,
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const pending = queueFor(userId).pending.length > 0;
    if (fromServer && !pending) {
      setPreferences(fromServer);
      writeLocal(userId, fromServer);
    }
  }, [userId, fromServer]);

  useEffect(() => {
    const onRejected = () => setFailed(true);
    rejectionListeners.add(onRejected);
    return () => {
      rejectionListeners.delete(onRejected);
    };
  }, []);

  const set = useCallback(
    <K extends keyof Preferences>(key: K, value: Preferences[K]) => {
      setFailed(false);
      setPreferences((previous) => {
        const next = { ...previous, [key]: value };
        writeLocal(userId, next);
        return next;
      });
      queueFor(userId).enqueue({ [key]: value } as PreferencesPatch);
    },
    [userId],
  );

  const reset = useCallback(async () => {
    queueFor(userId).clear();
    const { profile } = await api<{ profile: { preferences: Preferences } }>(
      '/api/profile/preferences',
      { method: 'DELETE' },
    );
    setPreferences(profile.preferences);
    writeLocal(userId, profile.preferences);
  }, [userId]);

  return { preferences, set, reset, failed };
}
