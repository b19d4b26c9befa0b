import type { Level } from '@lesefuchs/core/content/taxonomy';
import { api } from '../../lib/api';
import { GUEST, setPreference } from '../profile/preferences-store';
import { markLevelAsked } from './asked';

/**
 * The learner chose `level`: the story list starts there (the story-difficulty preference, spec 1
 * §3), a signed-in learner's profile level follows, and the question is not asked again.
 */
export function chooseLevel(userId: string | null, level: Level): Promise<unknown> {
  setPreference(userId ?? GUEST, undefined, 'storyDifficulty', [level]);
  markLevelAsked();
  if (!userId) return Promise.resolve();
  // Offline or failing, the level of the profile stays as it was; the preference still travels.
  return api('/api/profile', { method: 'PATCH', body: { userLevel: level } }).catch(
    () => undefined,
  );
}
