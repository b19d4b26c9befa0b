import type { Level } from '@lesefuchs/core/content/taxonomy';
import { useCallback } from 'react';
import { useAuth } from '../../lib/auth-client';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery, useUpdateProfile } from '../profile/profile-queries';
import { markLevelAsked, useLevelAsked } from './asked';

// The learner's level, asked on the first visit (issue #19). Choosing one sets the story-difficulty
// preference (spec 1 §3) to that level, so the story list's filters start from it (spec 2 §2), and
// for a signed-in learner the profile's level too. The answer, or "Not now", is remembered on the
// device (./asked.ts).

export function useLevelChoice() {
  const { user } = useAuth();
  const userId = user?.id ?? GUEST;
  const profile = useProfileQuery(user?.id);
  const { preferences, set } = usePreferences(userId, profile.data?.preferences);
  const updateProfile = useUpdateProfile(userId);
  const askedHere = useLevelAsked();
  const difficulty = preferences.storyDifficulty;
  /** The level the story list starts with, when it is one level. */
  const level = difficulty !== 'all' && difficulty.length === 1 ? (difficulty[0] as Level) : null;

  const choose = useCallback(
    (chosen: Level) => {
      set('storyDifficulty', [chosen]);
      if (user) updateProfile.mutate({ userLevel: chosen });
      markLevelAsked();
    },
    [set, user, updateProfile],
  );

  return {
    /** Whether to ask: not on this device before, and no level chosen in the preferences yet. */
    ask: !askedHere && difficulty === 'all',
    level,
    choose,
    notNow: markLevelAsked,
  };
}
