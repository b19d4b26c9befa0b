import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';

// The learner's level for the home page's "Recommended": the story-difficulty preference (spec 1
// §3) as the device keeps it (the preferences store writes the whole set under this key, the
// account's copy too once it has loaded). Read without the preferences schema, whose validation
// library the home page does not load: only valid levels count, anything else is "all".

const keyOf = (owner: string) => `lesefuchs.preferences.${owner}`;

/** The levels the learner reads at, or 'all' when none is set. */
export function storyLevelsOnDevice(owner: string): Level[] | 'all' {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(owner)) ?? 'null') as {
      storyDifficulty?: unknown;
      contentDifficulty?: unknown;
    } | null;
    const value = stored?.storyDifficulty ?? stored?.contentDifficulty;
    if (!Array.isArray(value)) return 'all';
    const levels = LEVELS.filter((level) => value.includes(level));
    return levels.length > 0 ? levels : 'all';
  } catch {
    return 'all';
  }
}
