import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';

/**
 * The levels the story list starts with (the story-difficulty preference) as this device keeps
 * them, read without the preferences' validation code, for pages whose first load stays small.
 */
export function storedStoryLevels(userId: string | null): Level[] | 'all' {
  try {
    const raw = localStorage.getItem(`lesefuchs.preferences.${userId ?? 'guest'}`);
    const levels = raw ? (JSON.parse(raw) as { storyDifficulty?: unknown }).storyDifficulty : null;
    if (!Array.isArray(levels)) return 'all';
    const known = levels.filter((level): level is Level => LEVELS.includes(level as Level));
    return known.length > 0 ? known : 'all';
  } catch {
    return 'all';
  }
}
