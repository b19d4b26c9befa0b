import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { useEffect, useState } from 'react';
import type { VocabularyEntry } from '../stories/stories-api';
import { createFormsLookup, type FormsLookup } from './search-forms';
import {
  hasSearchTerms,
  type IndexInput,
  indexKey,
  SearchEngine,
  type SearchRequest,
  type SearchResponse,
} from './search-index';

// The main thread's side of the vocabulary search: sends the vocabulary to the search worker
// once per (version, language, stemmer) and asks it for matches. Where no worker can be made
// (tests, old browsers) or the worker fails, the same functions run here instead, with the
// same form look-up.

export interface SearchClient {
  /** Makes this vocabulary the one searched; does nothing if it already is. */
  index(input: IndexInput): void;
  /** Entry ids matching the query, best first. */
  search(query: string): Promise<number[]>;
  dispose(): void;
}

type WorkerFactory = () => Worker | null;

function defaultWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

export function createSearchClient(
  makeWorker: WorkerFactory = defaultWorker,
  lookupForms: FormsLookup | null = createFormsLookup(),
): SearchClient {
  let worker = makeWorker();
  const local = new SearchEngine(lookupForms);
  let input: IndexInput | null = null;
  let sentKey: string | null = null;
  let nextId = 1;
  const pending = new Map<number, { query: string; resolve: (ids: number[]) => void }>();

  const searchHere = async (query: string): Promise<number[]> => {
    if (!input) return [];
    local.load(input);
    return local.find(query);
  };

  const post = (message: SearchRequest) => worker?.postMessage(message);

  // A failing worker is dropped: waiting and later searches run on the main thread.
  const fallBack = () => {
    worker?.terminate();
    worker = null;
    for (const [id, request] of pending) {
      pending.delete(id);
      void searchHere(request.query).then(request.resolve);
    }
  };

  if (worker) {
    worker.addEventListener('message', (event: MessageEvent<SearchResponse>) => {
      if (event.data?.type !== 'results') return;
      const request = pending.get(event.data.id);
      if (!request) return;
      pending.delete(event.data.id);
      request.resolve(event.data.ids);
    });
    worker.addEventListener('error', fallBack);
    worker.addEventListener('messageerror', fallBack);
  }

  return {
    index(next) {
      input = next;
      const key = indexKey(next);
      if (key === sentKey) return;
      sentKey = key;
      if (worker) {
        try {
          post({
            type: 'index',
            version: next.version,
            entries: next.entries,
            language: next.language,
            stemmer: next.stemmer,
          });
        } catch {
          fallBack();
        }
      }
    },
    search(query) {
      if (!worker) return searchHere(query);
      const id = nextId++;
      return new Promise<number[]>((resolve) => {
        pending.set(id, { query, resolve });
        try {
          post({ type: 'search', id, query });
        } catch {
          fallBack();
        }
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      for (const request of pending.values()) request.resolve([]);
      pending.clear();
    },
  };
}

let shared: SearchClient | null = null;

/** The page's search client; its index outlives a visit to the screen. */
export function getSearchClient(): SearchClient {
  shared ??= createSearchClient();
  return shared;
}

/**
 * Searches the vocabulary for a (debounced) query. `active`: there is something to search
 * for; `ids` is the latest answer (null before the first); while a new answer is on its way
 * the previous one stays and `searching` is true.
 */
export function useVocabularySearch(options: {
  entries: readonly VocabularyEntry[] | undefined;
  version: string | undefined;
  language: InterfaceLanguage;
  stemmer: boolean;
  query: string;
}): { active: boolean; ids: number[] | null; searching: boolean } {
  const { entries, version, language, stemmer, query } = options;
  const active = hasSearchTerms(query);
  const key = `${version ?? ''}|${language}|${stemmer}|${query}`;
  const [result, setResult] = useState<{ key: string; ids: number[] } | null>(null);

  useEffect(() => {
    if (entries && version) getSearchClient().index({ version, entries, language, stemmer });
  }, [entries, version, language, stemmer]);

  useEffect(() => {
    if (!active) return;
    let current = true;
    void getSearchClient()
      .search(query)
      .then((ids) => {
        if (current) setResult({ key, ids });
      });
    return () => {
      current = false;
    };
  }, [active, query, key]);

  if (!active) return { active, ids: null, searching: false };
  return { active, ids: result?.ids ?? null, searching: result?.key !== key };
}
