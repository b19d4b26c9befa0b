import { CATEGORIES, type Category, LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { collator } from '@lesefuchs/core/intl';
import type { Preferences } from '@lesefuchs/core/preferences/preferences';
import type { Coverage } from '@lesefuchs/core/reading/coverage';
import type { StoryMeta } from './stories-api';

// The story list's filters (spec 2 §2): kept in the address (replacing the history entry) with
// only the parameters that differ from the defaults, restored from the address, else from the
// session, else from the preferences; reset to the preferences when those changed.

export const SORTS = ['title-asc', 'difficulty', 'target-words', 'coverage'] as const;
export type Sort = (typeof SORTS)[number];

export interface StoryFilters {
  difficulty: Level[] | 'all';
  categories: Category[] | 'all';
  showRead: boolean;
  sort: Sort;
  search: string;
}

/** The filters the preferences give: the baseline the reset returns to. */
export function baselineFrom(
  preferences: Pick<Preferences, 'storyDifficulty' | 'storyTopics' | 'showReadStories'>,
): StoryFilters {
  return {
    difficulty: preferences.storyDifficulty === 'all' ? 'all' : [...preferences.storyDifficulty],
    categories:
      preferences.storyTopics === 'all' ? 'all' : [...(preferences.storyTopics as Category[])],
    showRead: preferences.showReadStories,
    sort: 'title-asc',
    search: '',
  };
}

const listParam = <T extends string>(value: string | null, allowed: readonly T[]): T[] | 'all' => {
  if (!value) return 'all';
  const items = value
    .split(',')
    .filter((item): item is T => (allowed as readonly string[]).includes(item));
  return items.length > 0 ? items : 'all';
};

const FILTER_PARAMS = ['difficulty', 'category', 'showRead', 'sort', 'search', 'language'];

/** Filters from the address, or null when it carries none. */
export function filtersFromParams(
  params: URLSearchParams,
  baseline: StoryFilters,
): StoryFilters | null {
  if (!FILTER_PARAMS.some((name) => params.has(name))) return null;
  const sort = params.get('sort');
  const showRead = params.get('showRead');
  return {
    difficulty: listParam(params.get('difficulty'), LEVELS),
    categories: listParam(params.get('category'), CATEGORIES),
    showRead: showRead === null ? baseline.showRead : showRead === 'true',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'title-asc',
    search: params.get('search') ?? '',
  };
}

/**
 * The address parameters of the filters: difficulty and category when not all, showRead only
 * when it differs from the preference, sort only when not title-asc, search when not empty.
 * The language is always German and so never appears.
 */
export function filtersToParams(filters: StoryFilters, baseline: StoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.difficulty !== 'all') params.set('difficulty', filters.difficulty.join(','));
  if (filters.categories !== 'all') params.set('category', filters.categories.join(','));
  if (filters.showRead !== baseline.showRead) params.set('showRead', String(filters.showRead));
  if (filters.sort !== 'title-asc') params.set('sort', filters.sort);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return params;
}

/** A short fingerprint of the preferences the filters start from. */
export function preferencesHash(baseline: StoryFilters): string {
  return JSON.stringify([baseline.difficulty, baseline.categories, baseline.showRead]);
}

const fold = (text: string) => text.toLocaleLowerCase('de').normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The stories that pass the filters, in the chosen order. By coverage: the share of words the
 * learner knows, highest first; stories whose coverage is not known yet come last.
 */
export function applyFilters(
  stories: readonly StoryMeta[],
  filters: StoryFilters,
  readIds: ReadonlySet<number>,
  coverage?: ReadonlyMap<number, Pick<Coverage, 'known' | 'total'>>,
): StoryMeta[] {
  const query = fold(filters.search.trim());
  const shown = stories.filter(
    (story) =>
      (filters.difficulty === 'all' || filters.difficulty.includes(story.difficulty)) &&
      (filters.categories === 'all' || filters.categories.includes(story.category)) &&
      (filters.showRead || !readIds.has(story.id)) &&
      (!query ||
        [
          story.titleDe,
          story.titleEn,
          story.titleEs,
          story.titleKr,
          story.previewDe,
          story.previewEn,
        ]
          .filter((text): text is string => Boolean(text))
          .some((text) => fold(text).includes(query))),
  );
  const german = collator('de');
  const byTitle = (a: StoryMeta, b: StoryMeta) => german.compare(a.titleDe, b.titleDe);
  switch (filters.sort) {
    case 'title-asc':
      return shown.sort(byTitle);
    case 'difficulty':
      return shown.sort(
        (a, b) => LEVELS.indexOf(a.difficulty) - LEVELS.indexOf(b.difficulty) || byTitle(a, b),
      );
    case 'target-words':
      return shown.sort(
        (a, b) => b.vocabularyList.length - a.vocabularyList.length || byTitle(a, b),
      );
    case 'coverage': {
      const share = (story: StoryMeta) => {
        const of = coverage?.get(story.id);
        return of && of.total > 0 ? of.known / of.total : -1;
      };
      return shown.sort((a, b) => share(b) - share(a) || byTitle(a, b));
    }
  }
}
