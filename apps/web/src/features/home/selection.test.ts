import { describe, expect, it } from 'vitest';
import { MOTIVATION_LINES } from './motivation';
import {
  chosenOrSeeded,
  idsOf,
  indexFrom,
  lastRead,
  latestUnread,
  orderBookmarks,
  pickAnother,
  pickRandom,
  randomUnread,
  recommendationPool,
  titleLanguage,
  unreadStories,
} from './selection';

const stories = [3, 7, 1, 12, 5].map((id) => ({ id }));
/** A random source that returns the given values in turn. */
const sequence =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

describe('latestUnread', () => {
  it('is the unread story with the highest id', () => {
    expect(latestUnread(stories, new Set())?.id).toBe(12);
    expect(latestUnread(stories, new Set([12]))?.id).toBe(7);
    expect(latestUnread(stories, new Set([12, 7, 99]))?.id).toBe(5);
  });
  it('is null when every story is read or there are none', () => {
    expect(latestUnread(stories, new Set([1, 3, 5, 7, 12]))).toBeNull();
    expect(latestUnread([], new Set())).toBeNull();
  });
});

describe('unreadStories and idsOf', () => {
  it('keeps the order and leaves out read stories', () => {
    const read = idsOf([
      { storyId: 7, at: 1 },
      { storyId: 5, at: 2 },
    ]);
    expect(unreadStories(stories, read).map((story) => story.id)).toEqual([3, 1, 12]);
  });
});

describe('indexFrom and pickRandom', () => {
  it('maps [0, 1) onto the indexes and clamps the rest', () => {
    expect(indexFrom(0, 4)).toBe(0);
    expect(indexFrom(0.5, 4)).toBe(2);
    expect(indexFrom(0.9999, 4)).toBe(3);
    expect(indexFrom(1, 4)).toBe(3);
    expect(indexFrom(-0.5, 4)).toBe(0);
    expect(indexFrom(Number.NaN, 4)).toBe(0);
    expect(indexFrom(0.5, 0)).toBe(-1);
  });
  it('picks with the given randomness', () => {
    expect(pickRandom(['a', 'b', 'c'], () => 0)).toBe('a');
    expect(pickRandom(['a', 'b', 'c'], () => 0.7)).toBe('c');
    expect(pickRandom([], () => 0.3)).toBeNull();
  });
});

describe('pickAnother and randomUnread', () => {
  it('never returns the current one while another is left', () => {
    for (const value of [0, 0.25, 0.5, 0.75, 0.999]) {
      expect(pickAnother(stories, 12, () => value)?.id).not.toBe(12);
    }
    expect(pickAnother(stories, 12, () => 0)?.id).toBe(3);
  });
  it('keeps the only item, and is null for none', () => {
    expect(pickAnother([{ id: 4 }], 4, () => 0.5)?.id).toBe(4);
    expect(pickAnother([{ id: 4 }], null, () => 0.5)?.id).toBe(4);
    expect(pickAnother([], 4)).toBeNull();
  });
  it('picks among unread stories only, excluding the current one', () => {
    const read = new Set([3, 1, 5]);
    // Unread: 7 and 12; with 7 shown, 12 is the only other choice.
    for (const value of [0, 0.5, 0.99]) {
      expect(randomUnread(stories, read, { excludeId: 7, random: () => value })?.id).toBe(12);
    }
    expect(randomUnread(stories, read, { random: () => 0 })?.id).toBe(7);
    expect(randomUnread(stories, new Set([1, 3, 5, 7, 12]))).toBeNull();
  });
  it('follows the random source across refreshes', () => {
    const random = sequence(0, 0.99);
    const first = randomUnread(stories, new Set(), { random });
    const second = randomUnread(stories, new Set(), { excludeId: first?.id ?? null, random });
    expect([first?.id, second?.id]).toEqual([3, 5]);
  });
});

describe('chosenOrSeeded', () => {
  it('keeps the chosen item while it is listed, else uses the seed', () => {
    expect(chosenOrSeeded(stories, 1, 0.9)?.id).toBe(1);
    expect(chosenOrSeeded(stories, 99, 0.9)?.id).toBe(5);
    expect(chosenOrSeeded(stories, null, 0)?.id).toBe(3);
    expect(chosenOrSeeded([], null, 0.5)).toBeNull();
  });
});

describe('lastRead', () => {
  it('is the listed story read most recently', () => {
    const completions = [
      { storyId: 99, at: 500 }, // no longer listed
      { storyId: 1, at: 100 },
      { storyId: 7, at: 300 },
      { storyId: 3, at: 200 },
    ];
    expect(lastRead(stories, completions)).toEqual({ story: { id: 7 }, at: 300 });
  });
  it('is null without reads', () => {
    expect(lastRead(stories, [])).toBeNull();
    expect(lastRead(stories, [{ storyId: 99, at: 1 }])).toBeNull();
  });
});

describe('orderBookmarks', () => {
  it('puts unread first, then read, newest bookmark first in each group', () => {
    const bookmarks = [
      { storyId: 1, at: 10 },
      { storyId: 3, at: 40 },
      { storyId: 5, at: 30 },
      { storyId: 7, at: 20 },
      { storyId: 12, at: 50 },
    ];
    const ordered = orderBookmarks(bookmarks, stories, new Set([12, 5]));
    expect(ordered.map((item) => [item.storyId, item.read])).toEqual([
      [3, false],
      [7, false],
      [1, false],
      [12, true],
      [5, true],
    ]);
    expect(ordered[0]?.story).toEqual({ id: 3 });
  });
  it('keeps removed stories, without their story', () => {
    const ordered = orderBookmarks(
      [
        { storyId: 42, at: 5 },
        { storyId: 3, at: 5 },
        { storyId: 7, at: 9 },
      ],
      stories,
      new Set(),
    );
    expect(ordered.map((item) => item.storyId)).toEqual([7, 42, 3]);
    expect(ordered[1]?.story).toBeNull();
  });
  it('is empty without bookmarks', () => {
    expect(orderBookmarks([], stories, new Set())).toEqual([]);
  });
});

describe('titleLanguage', () => {
  it('names the language of the title shown', () => {
    expect(titleLanguage({ titleEs: 'Hola', titleKr: null }, 'es')).toBe('es');
    expect(titleLanguage({ titleEs: null, titleKr: '안녕' }, 'kr')).toBe('ko');
    expect(titleLanguage({ titleEs: null, titleKr: null }, 'kr')).toBe('en');
    expect(titleLanguage({ titleEs: 'Hola', titleKr: '안녕' }, 'en')).toBe('en');
  });
});

describe('MOTIVATION_LINES', () => {
  it('has 28 short, distinct lines', () => {
    expect(MOTIVATION_LINES).toHaveLength(28);
    expect(new Set(MOTIVATION_LINES).size).toBe(28);
    for (const line of MOTIVATION_LINES) {
      expect(line.trim()).toBe(line);
      expect(line.length).toBeGreaterThan(10);
      expect(line.length).toBeLessThanOrEqual(70);
    }
  });
});

describe('recommendationPool', () => {
  const shelf = [
    { id: 1, difficulty: 'A1' as const },
    { id: 2, difficulty: 'A1' as const },
    { id: 3, difficulty: 'A2' as const },
    { id: 4, difficulty: 'B2' as const },
  ];
  const ids = (list: { id: number }[]) => list.map((story) => story.id);

  it('draws from the learner level when one is set, else from every unread story', () => {
    expect(ids(recommendationPool(shelf, ['A1']))).toEqual([1, 2]);
    expect(ids(recommendationPool(shelf, ['A2', 'B2']))).toEqual([3, 4]);
    expect(ids(recommendationPool(shelf, 'all'))).toEqual([1, 2, 3, 4]);
    // Nothing unread left at the level: any unread story rather than none.
    expect(ids(recommendationPool(shelf, ['C2']))).toEqual([1, 2, 3, 4]);
  });

  it('prefers stories at 90 to 98 % coverage within the level', () => {
    const coverage = new Map([
      [1, { known: 80, total: 100 }],
      [2, { known: 95, total: 100 }],
      [3, { known: 97, total: 100 }],
      [4, { known: 99, total: 100 }],
    ]);
    expect(ids(recommendationPool(shelf, ['A1'], coverage))).toEqual([2]);
    expect(ids(recommendationPool(shelf, 'all', coverage))).toEqual([2, 3]);
    // None comfortable at the level: the level still decides.
    expect(ids(recommendationPool(shelf, ['B2'], coverage))).toEqual([4]);
    expect(ids(recommendationPool(shelf, ['A1'], new Map()))).toEqual([1, 2]);
  });
});
