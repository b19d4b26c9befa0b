import {
  DEFAULT_SRS_SETTINGS,
  readSrsSettings,
  type SrsSettings,
} from '@lesefuchs/core/srs/scheduler';
import { useEffect, useMemo } from 'react';
import { useSrsSettingsQuery } from './settings/settings-api';

// The learner's SRS settings for grading on the device (the scheduler, steps and factors):
// the server's, kept on the device so offline grades and button times follow the same rules;
// the defaults when neither is known (spec 3 §8: settings failure falls back to defaults).

const keyOf = (userId: string) => `lesefuchs.flashcards.settings.${userId}`;

function readLocal(userId: string): SrsSettings | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    return readSrsSettings(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function useSchedulerSettings(userId: string): SrsSettings {
  const query = useSrsSettingsQuery(userId);
  useEffect(() => {
    if (!query.data) return;
    try {
      localStorage.setItem(keyOf(userId), JSON.stringify(query.data));
    } catch {
      // Storage full: the settings still apply for this visit.
    }
  }, [query.data, userId]);
  return useMemo(
    () => query.data ?? readLocal(userId) ?? DEFAULT_SRS_SETTINGS,
    [query.data, userId],
  );
}
