import { DEFAULT_PREFERENCES } from '@lesefuchs/core/preferences/preferences';
import { describe, expect, it } from 'vitest';
import type { StoryMeta } from './stories-api';
import {
  applyFilters,
  baselineFrom,
  filtersFromParams,
  filtersToParams,
  type StoryFilters,
} from './story-filters';

const story = (
  id: number,
  titleDe: string,
  difficulty: StoryMeta['difficulty'],
  category: StoryMeta['category'],
  words = 3,
) =>
  ({
    id,
    titleDe,
    titleEn: `${titleDe} (en)`,
    titleEs: null,
    titleKr: null,
    previewDe: null,
    previewEn: null,
    difficulty,
    category,
    vocabularyList: Array.from({ length: words }, (_, i) => `w${i}`),
  }) as unknown as StoryMeta;

const stories = [
  story(1, 'Der Zug', 'A1', 'travel', 9),
  story(2, 'Äpfel im Herbst', 'B1', 'food', 4),
  story(3, 'Brot backen', 'A2', 'food', 12),
];
const baseline = baselineFrom(DEFAULT_PREFERENCES);

describe('story filters', () => {
  it('puts only what differs from the defaults into the address', () => {
    expect(filtersToParams(baseline, baseline).toString()).toBe('');
    const filters: StoryFilters = {
      difficulty: ['A1', 'A2'],
      categories: ['food'],
      showRead: false,
      sort: 'difficulty',
      search: ' brot ',
    };
    const params = filtersToParams(filters, baseline);
    expect(params.toString()).toBe(
      'difficulty=A1%2CA2&category=food&showRead=false&sort=difficulty&search=brot',
    );
    expect(filtersFromParams(params, baseline)).toEqual({ ...filters, search: 'brot' });
  });

  it('reads no filters from an address without them, and drops unknown values', () => {
    expect(filtersFromParams(new URLSearchParams('x=1'), baseline)).toBeNull();
    expect(
      filtersFromParams(new URLSearchParams('difficulty=Z9&sort=nope'), baseline),
    ).toMatchObject({
      difficulty: 'all',
      sort: 'title-asc',
    });
  });

  it('filters by level, category, read state and search, folding umlauts and case', () => {
    const read = new Set([1]);
    const ids = (filters: Partial<StoryFilters>) =>
      applyFilters(stories, { ...baseline, ...filters }, read).map((s) => s.id);
    expect(ids({})).toEqual([2, 3, 1]);
    expect(ids({ difficulty: ['A1', 'A2'] })).toEqual([3, 1]);
    expect(ids({ categories: ['food'] })).toEqual([2, 3]);
    expect(ids({ showRead: false })).toEqual([2, 3]);
    expect(ids({ search: 'apfel' })).toEqual([2]);
    expect(ids({ sort: 'difficulty' })).toEqual([1, 3, 2]);
    expect(ids({ sort: 'target-words' })).toEqual([3, 1, 2]);
  });

  it('sorts by the share of words known, highest first, unknown coverage last', () => {
    const coverage = new Map([
      [1, { known: 50, total: 100 }],
      [3, { known: 95, total: 100 }],
    ]);
    const sorted = applyFilters(stories, { ...baseline, sort: 'coverage' }, new Set(), coverage);
    expect(sorted.map((s) => s.id)).toEqual([3, 1, 2]);
    expect(filtersFromParams(new URLSearchParams('sort=coverage'), baseline)?.sort).toBe(
      'coverage',
    );
  });

  it('starts from the preferences', () => {
    expect(
      baselineFrom({ storyDifficulty: ['B1'], storyTopics: ['food'], showReadStories: false }),
    ).toEqual({
      difficulty: ['B1'],
      categories: ['food'],
      showRead: false,
      sort: 'title-asc',
      search: '',
    });
  });
});
