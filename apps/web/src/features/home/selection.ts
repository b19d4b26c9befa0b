import type { Level } from '@lesefuchs/core/content/taxonomy';
import { type Coverage, isComfortable } from '@lesefuchs/core/reading/coverage';
import type { ReadingEntry } from '../stories/reading-lists';
import type { StoryMeta } from '../stories/stories-api';

// Which stories the home page, its sidebar and the bookmarks page show. Pure functions: the
// randomness comes in as a parameter so tests can fix it.

/** A number in [0, 1), like Math.random. */
export type Random = () => number;

interface WithId {
  id: number;
}

/** The ids of a reading list (e.g. the read stories). */
export function idsOf(entries: readonly ReadingEntry[]): Set<number> {
  return new Set(entries.map((entry) => entry.storyId));
}

/** The stories not read yet, in their original order. */
export function unreadStories<S extends WithId>(
  stories: readonly S[],
  readIds: ReadonlySet<number>,
): S[] {
  return stories.filter((story) => !readIds.has(story.id));
}

/** The unread story with the highest id (the newest), or null when every story is read. */
export function latestUnread<S extends WithId>(
  stories: readonly S[],
  readIds: ReadonlySet<number>,
): S | null {
  let latest: S | null = null;
  for (const story of stories) {
    if (readIds.has(story.id)) continue;
    if (!latest || story.id > latest.id) latest = story;
  }
  return latest;
}

/** An index in [0, length) from a number in [0, 1); out-of-range numbers are clamped. */
export function indexFrom(value: number, length: number): number {
  if (length <= 0) return -1;
  const index = Math.floor((Number.isFinite(value) ? value : 0) * length);
  return Math.min(length - 1, Math.max(0, index));
}

/** One item at random, or null from an empty list. */
export function pickRandom<T>(items: readonly T[], random: Random = Math.random): T | null {
  return items[indexFrom(random(), items.length)] ?? null;
}

/**
 * A random item other than the current one. When the current one is the only item, it stays;
 * from an empty list, null.
 */
export function pickAnother<S extends WithId>(
  items: readonly S[],
  currentId: number | null,
  random: Random = Math.random,
): S | null {
  const others = items.filter((item) => item.id !== currentId);
  if (others.length === 0) return items.find((item) => item.id === currentId) ?? null;
  return pickRandom(others, random);
}

/** A random unread story, other than `excludeId` whenever another one is left. */
export function randomUnread<S extends WithId>(
  stories: readonly S[],
  readIds: ReadonlySet<number>,
  { excludeId = null, random = Math.random }: { excludeId?: number | null; random?: Random } = {},
): S | null {
  return pickAnother(unreadStories(stories, readIds), excludeId, random);
}

/**
 * The unread stories "Recommended" draws from: those at the learner's level when one is set
 * (the story-difficulty preference; all unread ones when none is left at it), and among them
 * the ones whose words the learner mostly knows (90–98 %), when there are any.
 */
export function recommendationPool<S extends WithId & { difficulty: Level }>(
  unread: readonly S[],
  levels: readonly Level[] | 'all',
  coverage?: ReadonlyMap<number, Pick<Coverage, 'known' | 'total'>>,
): S[] {
  const atLevel =
    levels === 'all' ? [] : unread.filter((story) => levels.includes(story.difficulty));
  const pool = atLevel.length > 0 ? atLevel : [...unread];
  if (!coverage) return pool;
  const comfortable = pool.filter((story) => {
    const of = coverage.get(story.id);
    return of !== undefined && isComfortable(of);
  });
  return comfortable.length > 0 ? comfortable : pool;
}

/**
 * The item shown for a choice that must stay put while the page renders: the chosen id while
 * it is still among the items, else the item a fixed random `seed` in [0, 1) points at.
 */
export function chosenOrSeeded<S extends WithId>(
  items: readonly S[],
  chosenId: number | null,
  seed: number,
): S | null {
  const chosen = chosenId === null ? undefined : items.find((item) => item.id === chosenId);
  return chosen ?? items[indexFrom(seed, items.length)] ?? null;
}

/** The most recently read story that is still listed, with when it was read. */
export function lastRead<S extends WithId>(
  stories: readonly S[],
  completions: readonly ReadingEntry[],
): { story: S; at: number } | null {
  const byId = new Map(stories.map((story) => [story.id, story]));
  let best: { story: S; at: number } | null = null;
  for (const entry of completions) {
    const story = byId.get(entry.storyId);
    if (story && (!best || entry.at > best.at)) best = { story, at: entry.at };
  }
  return best;
}

export interface BookmarkItem<S> {
  storyId: number;
  /** When it was bookmarked (ms since epoch). */
  at: number;
  /** Null when the story is no longer in the list (removed). */
  story: S | null;
  read: boolean;
}

/**
 * The bookmarks as the bookmarks page lists them: unread stories first, then read ones; within
 * each group the newest bookmark first (ties: the higher story id first).
 */
export function orderBookmarks<S extends WithId>(
  bookmarks: readonly ReadingEntry[],
  stories: readonly S[],
  readIds: ReadonlySet<number>,
): BookmarkItem<S>[] {
  const byId = new Map(stories.map((story) => [story.id, story]));
  return bookmarks
    .map((entry) => ({
      storyId: entry.storyId,
      at: entry.at,
      story: byId.get(entry.storyId) ?? null,
      read: readIds.has(entry.storyId),
    }))
    .sort((a, b) => Number(a.read) - Number(b.read) || b.at - a.at || b.storyId - a.storyId);
}

/** The BCP 47 language of the title `titleIn` gives for the interface language. */
export function titleLanguage(
  story: Pick<StoryMeta, 'titleEs' | 'titleKr'>,
  language: string,
): 'en' | 'es' | 'ko' {
  if (language === 'es' && story.titleEs) return 'es';
  if (language === 'kr' && story.titleKr) return 'ko';
  return 'en';
}
