import type { StorySeries } from '@lesefuchs/core/content/series';
import type { Category, Level } from '@lesefuchs/core/content/taxonomy';
import type { StoryToken } from '@lesefuchs/core/reading/story-token';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../lib/api';
import { whenIdle } from '../../lib/idle';
import { storyStore } from '../offline/story-store';

// Stories from the server, with the list kept on the device and reused while the server's
// latest change and count match (spec 2 §4 "Stories cache").

/** A story in the list (no content). */
export interface StoryMeta {
  id: number;
  titleDe: string;
  titleEn: string;
  titleEs: string | null;
  titleKr: string | null;
  previewDe: string | null;
  previewEn: string | null;
  difficulty: Level;
  category: Category;
  wordCountDe: number;
  wordCountEn: number;
  readingTimeMinutes: number;
  vocabularyList: string[];
  isActive: boolean;
  audioUrlDe: string | null;
  audioUrlDe2: string | null;
  audioUrlEn: string | null;
  audioUrlEs: string | null;
  audioUrlKr: string | null;
  /** The story's place in a series; null outside one (absent in a list kept from before). */
  series?: StorySeries | null;
  createdAt: string;
  updatedAt: string;
}

export type { StoryToken } from '@lesefuchs/core/reading/story-token';

export interface VocabularyEntry {
  id: number;
  word: string;
  baseWord: string;
  translationEn: string;
  translationEs: string;
  translationKr: string;
  partOfSpeech: string;
  difficultyLevel: Level;
  exampleSentence: string;
  gender: 'masculine' | 'feminine' | 'neuter' | null;
  plural: string | null;
}

export interface StoryDetail {
  story: StoryMeta & {
    contentDe: string;
    contentEn: string | null;
    contentEs: string | null;
    contentKr: string | null;
  };
  tokens: StoryToken[];
  vocabulary: VocabularyEntry[];
  targetVocabularyIds: number[];
}

interface StoriesCache {
  latestUpdatedAt: string | null;
  count: number;
  stories: StoryMeta[];
}

/** Also read by index.html's first script: without a copy, /stories preloads the list. */
const CACHE_KEY = 'lesefuchs.stories.v1';
/** Story metadata and content may take this long (spec 2 §9). */
const STORY_TIMEOUT_MS = 12_000;
/** The version check is a small query (spec 2 §9: latest, count 6 s). */
const VERSION_TIMEOUT_MS = 6_000;

function readCache(): StoriesCache | null {
  try {
    const cache = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as StoriesCache | null;
    // Valid only if the first story has a vocabulary list and is German.
    const first = cache?.stories[0];
    if (!cache || !first || !Array.isArray(first.vocabularyList) || !first.titleDe) return null;
    return cache;
  } catch {
    return null;
  }
}

function writeCache(cache: StoriesCache): void {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(cache));
  } catch {
    // Storage full: the list still shows for this visit.
  }
}

async function loadStories(): Promise<StoryMeta[]> {
  const cached = readCache();
  if (cached) {
    try {
      const version = await api<{ latestUpdatedAt: string | null; count: number }>(
        '/api/stories/version',
        { timeoutMs: VERSION_TIMEOUT_MS },
      );
      if (version.latestUpdatedAt === cached.latestUpdatedAt && version.count === cached.count) {
        return cached.stories;
      }
    } catch {
      // Offline or slow: the device's copy is better than nothing.
      return cached.stories;
    }
  }
  const fresh = await api<StoriesCache>('/api/stories', { timeoutMs: STORY_TIMEOUT_MS });
  writeCache(fresh);
  return fresh.stories;
}

/** The story list's query: from the device's cache when the server's list has not changed. */
export const storiesQuery = () =>
  queryOptions({
    queryKey: ['stories'],
    queryFn: loadStories,
    // Offline it answers from the device's copy at once, or fails and says so (not a wait).
    networkMode: 'always',
    initialData: () => readCache()?.stories,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });

/** Every listed story, from the device's cache when the server's list has not changed. */
export function useStories() {
  return useQuery(storiesQuery());
}

/** Thrown when a story is neither reachable nor stored on the device. */
export class StoryNotOnDeviceError extends Error {
  constructor() {
    super('The story is not saved on this device and the server cannot be reached.');
  }
}

/**
 * One story's query, with its words resolved; a missing story is `null`. Every story the
 * learner opens is kept on the device, and read from there when the server cannot be reached,
 * so the query also runs offline (networkMode 'always') and a stored story opens at once.
 */
export const storyQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['story', id],
    enabled: id !== null,
    networkMode: 'always',
    queryFn: async () => {
      if (id === null) return null;
      let detail: StoryDetail;
      try {
        detail = await api<StoryDetail>(`/api/stories/${id}`, { timeoutMs: STORY_TIMEOUT_MS });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) {
          void storyStore()
            .remove(id)
            .catch(() => undefined);
          return null;
        }
        // Offline, timed out or a failing server: the device's copy, when there is one.
        if (!(error instanceof ApiRequestError) || error.transient) {
          const stored = await storyStore()
            .get(id)
            .catch(() => null);
          if (stored) return stored;
          throw new StoryNotOnDeviceError();
        }
        throw error;
      }
      // Stored at the next idle moment, after the page's first render; a full or missing store
      // never stops reading.
      whenIdle(() => {
        void storyStore()
          .put(detail, { kept: false })
          .catch(() => undefined);
      });
      return detail;
    },
    // Not on the device while offline: said at once; the screen retries when the browser is online.
    retry: (failures, error) => !(error instanceof StoryNotOnDeviceError) && failures < 1,
    staleTime: 60 * 60_000,
  });

/** One story with its words resolved; a missing story is `null`. */
export function useStory(id: number | null) {
  return useQuery(storyQuery(id));
}

/** The title in the learner's language, with English as the fallback. */
export function titleIn(
  story: Pick<StoryMeta, 'titleEn' | 'titleEs' | 'titleKr'>,
  language: string,
) {
  if (language === 'es' && story.titleEs) return story.titleEs;
  if (language === 'kr' && story.titleKr) return story.titleKr;
  return story.titleEn;
}

/** A vocabulary entry's translation in the learner's language. */
export function translationIn(entry: VocabularyEntry, language: string): string {
  if (language === 'es') return entry.translationEs;
  if (language === 'kr') return entry.translationKr;
  return entry.translationEn;
}
