import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { constrainedConnection } from '../../lib/online';
import type { VocabularyEntry } from '../stories/stories-api';

// The whole word list (about 3,450 entries), loaded in chunks of 1000 and kept on the device
// under its version (count and latest change). The copy is reused while the server's version
// matches; it is checked hourly and once 45 s after load when the browser is idle, except on
// data-saver or a slow connection (downlink under 1 Mbit/s).

export interface VocabularyVersion {
  count: number;
  latestUpdatedAt: string | null;
}

interface VocabularyChunk extends VocabularyVersion {
  offset: number;
  entries: VocabularyEntry[];
}

export interface VocabularyData {
  /** The version as one string, e.g. for the search index. */
  version: string;
  entries: VocabularyEntry[];
  /** When the copy was last confirmed current (ms since epoch). */
  checkedAt: number;
}

export const VOCABULARY_CACHE_KEY = 'lesefuchs.vocabulary.v1';
export const CHUNK_SIZE = 1000;
/** A chunk may take this long (a large query). */
const CHUNK_TIMEOUT_MS = 15_000;
/** The version check is a small query. */
const VERSION_TIMEOUT_MS = 6_000;
export const REFRESH_EVERY_MS = 60 * 60_000;
export const IDLE_REFRESH_AFTER_MS = 45_000;

export const versionKey = (version: VocabularyVersion) =>
  `${version.count}:${version.latestUpdatedAt ?? 'none'}`;

let memo: VocabularyData | null | undefined;

function isEntry(value: unknown): value is VocabularyEntry {
  const entry = value as Partial<VocabularyEntry> | null;
  return (
    !!entry &&
    typeof entry.id === 'number' &&
    typeof entry.word === 'string' &&
    typeof entry.difficultyLevel === 'string'
  );
}

/** The device's copy, or null when there is none or it is damaged. */
export function readVocabularyCache(): VocabularyData | null {
  if (memo !== undefined) return memo;
  try {
    const cache = JSON.parse(
      localStorage.getItem(VOCABULARY_CACHE_KEY) ?? 'null',
    ) as Partial<VocabularyData> | null;
    memo =
      cache &&
      typeof cache.version === 'string' &&
      typeof cache.checkedAt === 'number' &&
      Array.isArray(cache.entries) &&
      cache.entries.length > 0 &&
      isEntry(cache.entries[0])
        ? (cache as VocabularyData)
        : null;
  } catch {
    memo = null;
  }
  return memo;
}

let unsaved: VocabularyData | null = null;
let cancelSave: (() => void) | null = null;

/**
 * Keeps the copy for this page at once, and on the device when the browser is next idle (or
 * the page goes): storing two megabytes of words took a quarter of a second on a slow phone,
 * in the task that went on to draw the list.
 */
function writeCache(data: VocabularyData): void {
  memo = data;
  unsaved = data;
  cancelSave ??= whenIdle(saveCache);
}

function saveCache(): void {
  cancelSave?.();
  cancelSave = null;
  const data = unsaved;
  unsaved = null;
  if (!data) return;
  try {
    localStorage.setItem(VOCABULARY_CACHE_KEY, JSON.stringify(data));
  } catch {
    // Storage full: drop the old copy rather than keep a stale one; the list shows anyway.
    try {
      localStorage.removeItem(VOCABULARY_CACHE_KEY);
    } catch {
      // Storage blocked.
    }
  }
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', saveCache);

class VersionChanged extends Error {}

async function fetchChunks(version: VocabularyVersion): Promise<VocabularyEntry[]> {
  const key = versionKey(version);
  const offsets: number[] = [];
  for (let offset = 0; offset < version.count; offset += CHUNK_SIZE) offsets.push(offset);
  const chunks = await Promise.all(
    offsets.map((offset) =>
      api<VocabularyChunk>(`/api/vocabulary?offset=${offset}&limit=${CHUNK_SIZE}`, {
        timeoutMs: CHUNK_TIMEOUT_MS,
      }),
    ),
  );
  if (chunks.some((chunk) => versionKey(chunk) !== key)) throw new VersionChanged();
  const seen = new Set<number>();
  const entries: VocabularyEntry[] = [];
  for (const chunk of chunks) {
    for (const entry of chunk.entries) {
      if (!isEntry(entry) || seen.has(entry.id)) continue;
      seen.add(entry.id);
      entries.push(entry);
    }
  }
  return entries;
}

/**
 * The word list: the device's copy while the server's version matches (or while refreshes are
 * to be skipped, or the server cannot be reached), else a fresh download.
 */
export async function loadVocabulary(): Promise<VocabularyData> {
  const cached = readVocabularyCache();
  if (cached && constrainedConnection()) return cached;
  let version: VocabularyVersion;
  try {
    version = await api<VocabularyVersion>('/api/vocabulary/version', {
      timeoutMs: VERSION_TIMEOUT_MS,
    });
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
  const now = Date.now();
  if (cached && cached.version === versionKey(version)) {
    const confirmed = { ...cached, checkedAt: now };
    writeCache(confirmed);
    return confirmed;
  }
  try {
    let entries: VocabularyEntry[];
    try {
      entries = await fetchChunks(version);
    } catch (error) {
      // The list changed while it was loading: once more with the new version.
      if (!(error instanceof VersionChanged)) throw error;
      version = await api<VocabularyVersion>('/api/vocabulary/version', {
        timeoutMs: VERSION_TIMEOUT_MS,
      });
      entries = await fetchChunks(version);
    }
    const fresh = { version: versionKey(version), entries, checkedAt: now };
    writeCache(fresh);
    return fresh;
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

/** Runs a task when the browser is idle (or soon, where it cannot tell). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 15_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}

let idleRefreshDone = false;

/** The whole word list, from the device when it is current; refreshed as described above. */
export function useVocabulary() {
  const query = useQuery({
    queryKey: ['vocabulary'],
    queryFn: loadVocabulary,
    initialData: () => readVocabularyCache() ?? undefined,
    initialDataUpdatedAt: () => readVocabularyCache()?.checkedAt,
    staleTime: REFRESH_EVERY_MS,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  const { refetch } = query;

  useEffect(() => {
    const refresh = () => {
      if (constrainedConnection() || document.visibilityState === 'hidden') return;
      void refetch();
    };
    const hourly = window.setInterval(refresh, REFRESH_EVERY_MS);
    let cancelIdle: (() => void) | null = null;
    const idle = idleRefreshDone
      ? undefined
      : window.setTimeout(() => {
          cancelIdle = whenIdle(() => {
            idleRefreshDone = true;
            refresh();
          });
        }, IDLE_REFRESH_AFTER_MS);
    return () => {
      window.clearInterval(hourly);
      if (idle !== undefined) window.clearTimeout(idle);
      cancelIdle?.();
    };
  }, [refetch]);

  return query;
}
