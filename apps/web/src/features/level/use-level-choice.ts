import type { Level } from '@lesefuchs/core/content/taxonomy';
import { useAuth } from '../../lib/session';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';
import { chooseLevel } from './choose-level';

/** The level the story list starts with, when it is one level, and the way to choose one. */
export function useLevelChoice() {
  const { user } = useAuth();
  const profile = useProfileQuery(user?.id);
  const { preferences } = usePreferences(user?.id ?? GUEST, profile.data?.preferences);
  const difficulty = preferences.storyDifficulty;
  const level = difficulty !== 'all' && difficulty.length === 1 ? (difficulty[0] as Level) : null;
  return { level, choose: (chosen: Level) => chooseLevel(user?.id ?? null, chosen) };
}
