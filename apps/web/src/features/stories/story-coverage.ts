import {
  type Coverage,
  coverageOfStories,
  decodeStoryLemmas,
  type StoryLemmas,
  type StoryWords,
} from '@lesefuchs/core/reading/coverage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createStore, get, set } from 'idb-keyval';
import { useEffect, useMemo, useState } from 'react';
import { ApiRequestError, api } from '../../lib/api';
import { afterIdle } from '../../lib/idle';
import { useAfterIdle } from '../../lib/use-after-idle';
import { useKnownWords } from '../vocabulary/known-words-store';

// Story coverage on the device: every story's lemmas (from /api/stories/lemmas, asked for once
// the page is idle, revalidated by ETag, and kept in IndexedDB for offline use) against the
// learner's known words. Counting all 48 stories takes well under a millisecond (see
// bench/coverage.bench.ts), so it is simply done again whenever the known set changes.

interface StoryLemmasList {
  version: string;
  stories: StoryLemmas[];
}

/** Lemma lists are up to 50 KB: they wait for the page's first busy moments to pass. */
const LOAD_AFTER_IDLE_MS = 300;
const TIMEOUT_MS = 12_000;

let deviceStore: ReturnType<typeof createStore> | null | undefined;
function lemmaStore() {
  if (deviceStore === undefined)
    deviceStore =
      typeof indexedDB === 'undefined' ? null : createStore('lesefuchs-lemmas', 'lists');
  return deviceStore;
}
const STORE_KEY = 'stories';

async function loadLemmas(): Promise<StoryWords[]> {
  let list: StoryLemmasList;
  try {
    // The browser revalidates its copy with the ETag: unchanged, the answer is an empty 304.
    list = await api<StoryLemmasList>('/api/stories/lemmas', { timeoutMs: TIMEOUT_MS });
    const store = lemmaStore();
    if (store) void set(STORE_KEY, list, store).catch(() => undefined);
  } catch (error) {
    const store = lemmaStore();
    const stored =
      store && (!(error instanceof ApiRequestError) || error.transient)
        ? await get<StoryLemmasList>(STORE_KEY, store).catch(() => undefined)
        : undefined;
    if (!stored) throw error;
    list = stored;
  }
  return list.stories.map(decodeStoryLemmas);
}

export const storyLemmasQuery = () =>
  queryOptions({
    queryKey: ['story-lemmas'],
    queryFn: loadLemmas,
    // Offline it answers from the device's copy (or fails quietly: the cards show no coverage).
    networkMode: 'always',
    staleTime: 60 * 60_000,
    retry: 1,
  });

export interface StoryCoverage {
  /** Each story's coverage by story id; undefined until the lemma lists are there. */
  coverage: ReadonlyMap<number, Coverage> | undefined;
  /** The lemma lists came, or cannot come now (offline with no copy): nothing more to wait for. */
  settled: boolean;
  /** How many words the learner knows. */
  knownCount: number;
}

/** Every story's coverage for this learner, following every change of the known words. */
export function useStoryCoverage(): StoryCoverage {
  const due = useAfterIdle(LOAD_AFTER_IDLE_MS);
  const lemmas = useQuery({ ...storyLemmasQuery(), enabled: due });
  const { known } = useKnownWords();
  const coverage = useMemo(
    () => (lemmas.data ? coverageOfStories(lemmas.data, known) : undefined),
    [lemmas.data, known],
  );
  return { coverage, settled: lemmas.data !== undefined || lemmas.isError, knownCount: known.size };
}
