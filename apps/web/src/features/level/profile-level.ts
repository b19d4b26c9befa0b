import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import type { Preferences } from '@lesefuchs/core/preferences/preferences';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { type Profile, profileKeys } from '../profile/profile-queries';

// The learner has one level: the story-difficulty preference (where the story list starts) and
// the profile's level follow each other. The preference may name several levels; the profile's
// one level is the lowest of them, the level the learner reads at with ease (docs/decisions.md).

/** The profile level a story-difficulty preference stands for: the lowest chosen, none for all. */
export function profileLevelFor(difficulty: Preferences['storyDifficulty']): Level | null {
  if (difficulty === 'all') return null;
  return LEVELS.find((level) => difficulty.includes(level)) ?? null;
}

/**
 * Sets a signed-in learner's profile level and the profile on screen. Answers whether it was
 * saved; offline or failing, the profile keeps its level.
 */
export async function saveProfileLevel(userId: string, level: Level): Promise<boolean> {
  try {
    const { profile } = await api<{ profile: Profile }>('/api/profile', {
      method: 'PATCH',
      body: { userLevel: level },
    });
    // Only the level: the answer's preferences may predate changes still queued on the device.
    queryClient.setQueryData<Profile>(profileKeys.mine(userId), (shown) =>
      shown ? { ...shown, userLevel: profile.userLevel, updatedAt: profile.updatedAt } : shown,
    );
    return true;
  } catch {
    return false;
  }
}
