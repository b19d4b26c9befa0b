import { type Category, LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { collator } from '@lesefuchs/core/intl';
import type { StoryMeta } from '../stories/stories-api';

// The audio list's filters (spec 2 §2 "Audio list"). The level chips are the learner's saved
// default levels (`audioDefaultLevel`); the difficulty select narrows by band for this visit
// only, so a learner who keeps "A1–B1" saved can still look at just the beginner stories.

export const AUDIO_SORTS = ['title', 'difficulty', 'category'] as const;
export type AudioSort = (typeof AUDIO_SORTS)[number];

export const DIFFICULTY_BANDS = {
  beginner: ['A1', 'A2'],
  intermediate: ['B1', 'B2'],
  advanced: ['C1', 'C2'],
} as const satisfies Record<string, readonly Level[]>;
export type DifficultyBand = keyof typeof DIFFICULTY_BANDS;
export const DIFFICULTIES = [
  'all',
  ...(Object.keys(DIFFICULTY_BANDS) as DifficultyBand[]),
] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export interface AudioListFilters {
  /** The level multi-select; 'All' as the preference stores it. */
  levels: Level[] | 'All';
  difficulty: Difficulty;
  search: string;
  sort: AudioSort;
}

export const DEFAULT_AUDIO_FILTERS: AudioListFilters = {
  levels: 'All',
  difficulty: 'all',
  search: '',
  sort: 'title',
};

/** The stories with German audio: the only ones the audio list shows, and its "of Y". */
export function storiesWithAudio(stories: readonly StoryMeta[]): StoryMeta[] {
  return stories.filter((story) => Boolean(story.audioUrlDe?.trim()));
}

/** A level chip pressed or released; none or every level pressed is 'All'. */
export function toggleLevel(levels: Level[] | 'All', level: Level): Level[] | 'All' {
  const list = levels === 'All' ? [] : levels;
  const next = list.includes(level) ? list.filter((item) => item !== level) : [...list, level];
  if (next.length === 0 || next.length === LEVELS.length) return 'All';
  return LEVELS.filter((item) => next.includes(item));
}

const fold = (text: string) => text.toLocaleLowerCase('de').normalize('NFD').replace(/\p{M}/gu, '');

export interface AudioOrderContext {
  /** The stories that count as listened for the order (listened ones go last). */
  listened: ReadonlySet<number>;
  /** The category's name as the learner reads it, so "sort by category" looks sorted. */
  categoryName?: (category: Category) => string;
}

/**
 * The stories of the list in the order shown: only those with German audio that pass the
 * filters, unlistened before listened, each group in the chosen sort (German title breaks ties).
 */
export function applyAudioFilters(
  stories: readonly StoryMeta[],
  filters: AudioListFilters,
  { listened, categoryName = (category) => category }: AudioOrderContext,
): StoryMeta[] {
  const query = fold(filters.search.trim());
  const band: readonly Level[] | null =
    filters.difficulty === 'all' ? null : DIFFICULTY_BANDS[filters.difficulty];
  const shown = storiesWithAudio(stories).filter(
    (story) =>
      (filters.levels === 'All' || filters.levels.includes(story.difficulty)) &&
      (band === null || band.includes(story.difficulty)) &&
      (!query ||
        [story.titleDe, story.titleEn, story.titleEs, story.titleKr]
          .filter((text): text is string => Boolean(text))
          .some((text) => fold(text).includes(query))),
  );
  const german = collator('de');
  const byTitle = (a: StoryMeta, b: StoryMeta) =>
    german.compare(a.titleDe || a.titleEn, b.titleDe || b.titleEn) || a.id - b.id;
  const bySort: Record<AudioSort, (a: StoryMeta, b: StoryMeta) => number> = {
    title: byTitle,
    difficulty: (a, b) =>
      LEVELS.indexOf(a.difficulty) - LEVELS.indexOf(b.difficulty) || byTitle(a, b),
    category: (a, b) =>
      german.compare(categoryName(a.category), categoryName(b.category)) || byTitle(a, b),
  };
  const listenedLast = (a: StoryMeta, b: StoryMeta) =>
    Number(listened.has(a.id)) - Number(listened.has(b.id));
  return shown.sort((a, b) => listenedLast(a, b) || bySort[filters.sort](a, b));
}
