import type { Level } from '@lesefuchs/core/content/taxonomy';

interface Candidate {
  id: number;
  difficulty: Level;
}

/**
 * The story to read after `current` (issue #19): an unread one at the learner's levels (the
 * story-difficulty preference; the finished story's level when that is "all"), the next by id
 * after the finished one, wrapping round to the first; null when every one there is read.
 */
export function nextStoryAfter<S extends Candidate>(
  stories: readonly S[],
  current: Candidate,
  readIds: ReadonlySet<number>,
  levels: readonly Level[] | 'all',
): S | null {
  const at = levels === 'all' ? [current.difficulty] : levels;
  let after: S | null = null;
  let first: S | null = null;
  for (const story of stories) {
    if (story.id === current.id || readIds.has(story.id) || !at.includes(story.difficulty))
      continue;
    if (!first || story.id < first.id) first = story;
    if (story.id > current.id && (!after || story.id < after.id)) after = story;
  }
  return after ?? first;
}
