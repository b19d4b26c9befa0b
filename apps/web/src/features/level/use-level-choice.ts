import type { Level } from '@lesefuchs/core/content/taxonomy';
import { useCallback, useSyncExternalStore } from 'react';
import { useAuth } from '../../lib/auth-client';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery, useUpdateProfile } from '../profile/profile-queries';

// The learner's level, asked on the first visit (issue #19). Choosing one sets the story-difficulty
// preference (spec 1 §3) to that level, so the story list's filters start from it (spec 2 §2), and
// for a signed-in learner the profile's level too. "Not now" is remembered on the device.

const ASKED_KEY = 'lesefuchs.level.asked';
const listeners = new Set<() => void>();

function readAsked(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) !== null;
  } catch {
    return false;
  }
}

function markAsked(): void {
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

export function useLevelChoice() {
  const { user } = useAuth();
  const userId = user?.id ?? GUEST;
  const profile = useProfileQuery(user?.id);
  const { preferences, set } = usePreferences(userId, profile.data?.preferences);
  const updateProfile = useUpdateProfile(userId);
  const askedHere = useSyncExternalStore(subscribe, readAsked, () => true);
  const difficulty = preferences.storyDifficulty;
  /** The level the story list starts with, when it is one level. */
  const level = difficulty !== 'all' && difficulty.length === 1 ? (difficulty[0] as Level) : null;

  const choose = useCallback(
    (chosen: Level) => {
      set('storyDifficulty', [chosen]);
      if (user) updateProfile.mutate({ userLevel: chosen });
      markAsked();
    },
    [set, user, updateProfile],
  );

  return {
    /** Whether to ask: not on this device before, and no level chosen in the preferences yet. */
    ask: !askedHere && difficulty === 'all',
    level,
    choose,
    notNow: markAsked,
  };
}
