import { describe, expect, it } from 'vitest';
import { nextStoryAfter } from './next-story';

const stories = [
  { id: 1, difficulty: 'A1' as const },
  { id: 2, difficulty: 'B2' as const },
  { id: 3, difficulty: 'A1' as const },
  { id: 5, difficulty: 'A2' as const },
  { id: 7, difficulty: 'A1' as const },
];

describe('the next story', () => {
  it('is the next unread one by id at the finished story’s level when no level is chosen', () => {
    expect(nextStoryAfter(stories, stories[0]!, new Set([1]), 'all')?.id).toBe(3);
    expect(nextStoryAfter(stories, stories[2]!, new Set([1, 3]), 'all')?.id).toBe(7);
  });

  it('wraps round to the first unread one', () => {
    expect(nextStoryAfter(stories, stories[4]!, new Set([7]), 'all')?.id).toBe(1);
  });

  it('follows the learner’s levels, and skips read stories', () => {
    expect(nextStoryAfter(stories, stories[0]!, new Set([1]), ['A2'])?.id).toBe(5);
    expect(nextStoryAfter(stories, stories[0]!, new Set([1, 3]), ['A1', 'B2'])?.id).toBe(2);
  });

  it('is null when everything at the level is read', () => {
    expect(nextStoryAfter(stories, stories[0]!, new Set([1, 3, 7]), 'all')).toBeNull();
  });
});

describe('the next story without a finished one', () => {
  it('is the first unread one at the learner’s levels', () => {
    expect(nextStoryAfter(stories, null, new Set([1]), ['A1'])?.id).toBe(3);
    expect(nextStoryAfter(stories, null, new Set(), ['A2', 'B2'])?.id).toBe(2);
  });

  it('is the first unread one of any level when no level is chosen', () => {
    expect(nextStoryAfter(stories, null, new Set([1, 2]), 'all')?.id).toBe(3);
  });

  it('is null when every one at the level is read', () => {
    expect(nextStoryAfter(stories, null, new Set([5]), ['A2'])).toBeNull();
  });
});
