import { describe, expect, it } from 'vitest';
import type { StoryMeta } from '../stories/stories-api';
import {
  type AudioListFilters,
  applyAudioFilters,
  DEFAULT_AUDIO_FILTERS,
  storiesWithAudio,
  toggleLevel,
} from './audio-list-filters';

const story = (
  id: number,
  titleDe: string,
  difficulty: StoryMeta['difficulty'],
  category: StoryMeta['category'],
  audio: string | null = `/audio/${id}.mp3`,
) =>
  ({
    id,
    titleDe,
    titleEn: `${titleDe} (en)`,
    titleEs: id === 2 ? 'Manzanas en otoño' : null,
    titleKr: null,
    difficulty,
    category,
    vocabularyList: [],
    audioUrlDe: audio,
    audioUrlDe2: null,
  }) as unknown as StoryMeta;

const stories = [
  story(1, 'Der Zug', 'A1', 'travel'),
  story(2, 'Äpfel im Herbst', 'B1', 'food'),
  story(3, 'Brot backen', 'A2', 'food'),
  story(4, 'Ohne Ton', 'A1', 'sport', null),
  story(5, 'Leerer Ton', 'A1', 'sport', '  '),
  story(6, 'Die Mauer', 'C1', 'history'),
];

const ids = (filters: Partial<AudioListFilters>, listened: number[] = []) =>
  applyAudioFilters(
    stories,
    { ...DEFAULT_AUDIO_FILTERS, ...filters },
    { listened: new Set(listened) },
  ).map((s) => s.id);

describe('audio list filters', () => {
  it('lists only stories with a German audio URL', () => {
    expect(storiesWithAudio(stories).map((s) => s.id)).toEqual([1, 2, 3, 6]);
    expect(ids({})).toEqual([2, 3, 1, 6]);
  });

  it('filters by the level multi-select and by difficulty band', () => {
    expect(ids({ levels: ['A1', 'A2'] })).toEqual([3, 1]);
    expect(ids({ levels: ['B1', 'C1'] })).toEqual([2, 6]);
    expect(ids({ difficulty: 'beginner' })).toEqual([3, 1]);
    expect(ids({ difficulty: 'intermediate' })).toEqual([2]);
    expect(ids({ difficulty: 'advanced' })).toEqual([6]);
    expect(ids({ levels: ['A1'], difficulty: 'advanced' })).toEqual([]);
  });

  it('searches German and translated titles, ignoring case and accents', () => {
    expect(ids({ search: 'apfel' })).toEqual([2]);
    expect(ids({ search: 'ÄPFEL' })).toEqual([2]);
    expect(ids({ search: 'otono' })).toEqual([2]);
    expect(ids({ search: ' zug (en) ' })).toEqual([1]);
    expect(ids({ search: 'ohne' })).toEqual([]);
  });

  it('sorts by title, difficulty or category', () => {
    expect(ids({ sort: 'title' })).toEqual([2, 3, 1, 6]);
    expect(ids({ sort: 'difficulty' })).toEqual([1, 3, 2, 6]);
    expect(ids({ sort: 'category' })).toEqual([2, 3, 6, 1]);
  });

  it('sorts category by the name the learner reads', () => {
    const names: Record<string, string> = { food: 'Zutaten', history: 'Altes', travel: 'Reise' };
    const order = applyAudioFilters(
      stories,
      { ...DEFAULT_AUDIO_FILTERS, sort: 'category' },
      { listened: new Set(), categoryName: (category) => names[category] ?? category },
    ).map((s) => s.id);
    expect(order).toEqual([6, 1, 2, 3]);
  });

  it('puts listened stories after unlistened ones, each group in the chosen order', () => {
    expect(ids({}, [2, 1])).toEqual([3, 6, 2, 1]);
    expect(ids({ sort: 'difficulty' }, [1])).toEqual([3, 2, 6, 1]);
    expect(ids({}, [1, 2, 3, 6])).toEqual([2, 3, 1, 6]);
  });

  it('toggles levels, with none or every level meaning All', () => {
    expect(toggleLevel('All', 'B1')).toEqual(['B1']);
    expect(toggleLevel(['B1'], 'A1')).toEqual(['A1', 'B1']);
    expect(toggleLevel(['B1'], 'B1')).toBe('All');
    expect(toggleLevel(['A1', 'A2', 'B1', 'B2', 'C1'], 'C2')).toBe('All');
  });
});
