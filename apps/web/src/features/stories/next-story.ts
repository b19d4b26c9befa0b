import type { Level } from '@lesefuchs/core/content/taxonomy';

interface Candidate {
  id: number;
  difficulty: Level;
}

/**
 * The story to read after `current` (issue #19): an unread one at the learner's levels (the
 * story-difficulty preference; the finished story's level when that is "all"), the next by id
 * after the finished one, wrapping round to the first; null when every one there is read.
 * Without a current story (the end of a flashcard session or a quiz game before any story was
 * read), the first unread one at the learner's levels, or of any level when that is "all".
 */
export function nextStoryAfter<S extends Candidate>(
  stories: readonly S[],
  current: Candidate | null,
  readIds: ReadonlySet<number>,
  levels: readonly Level[] | 'all',
): S | null {
  const at = levels !== 'all' ? levels : current ? [current.difficulty] : null;
  const currentId = current?.id ?? 0;
  let after: S | null = null;
  let first: S | null = null;
  for (const story of stories) {
    if (story.id === currentId || readIds.has(story.id)) continue;
    if (at && !at.includes(story.difficulty)) continue;
    if (!first || story.id < first.id) first = story;
    if (story.id > currentId && (!after || story.id < after.id)) after = story;
  }
  return after ?? first;
}
