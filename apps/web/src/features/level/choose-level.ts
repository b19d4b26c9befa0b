import type { Level } from '@lesefuchs/core/content/taxonomy';
import { GUEST, setPreference } from '../profile/preferences-store';
import { markLevelAsked } from './asked';
import { saveProfileLevel } from './profile-level';

/**
 * The learner chose `level` (first visit, level screen or profile): the story list starts there
 * (the story-difficulty preference, spec 1 §3), a signed-in learner's profile level follows, and
 * the question is not asked again. Answers whether the profile took the level (a guest has none).
 */
export function chooseLevel(userId: string | null, level: Level): Promise<boolean> {
  setPreference(userId ?? GUEST, undefined, 'storyDifficulty', [level]);
  markLevelAsked();
  if (!userId) return Promise.resolve(true);
  return saveProfileLevel(userId, level);
}
