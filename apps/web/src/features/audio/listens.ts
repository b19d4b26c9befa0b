import {
  AUDIO_IDS_HYDRATION_PAGE_SIZE,
  AUDIO_IDS_MAX_PAGES,
  audioKey,
} from '@lesefuchs/core/stats/stats';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { deviceOwner, GUEST } from '../../lib/owners';
import { statsQueue } from '../stats/stats-queue';
import { today as localDay, recordActivity } from '../stats/streak-store';

// Which audios the learner has listened to (spec 1 §3, §4): a map on the device from audio key
// (story id + lower-case language) to the first listen and a play count. A first listen is
// queued for the server's stats; a repeat only counts up here. Once a calendar day the keys
// the server knows (from other devices) are merged in, since the last merge when there was one.

export interface ListenRecord {
  /** When this device first heard it, or null for a listen known only from the server. */
  firstListened: number | null;
  /** Plays on this device. */
  count: number;
}

type Usage = Record<string, ListenRecord>;

interface HydrationMark {
  /** The local day of the last merge, and when it started. */
  day: string;
  at: number;
}

const usageKey = (owner: string) => `lesefuchs.audio-usage.${owner}`;
const hydrationKey = (owner: string) => `lesefuchs.audio-usage.hydrated.${owner}`;
/** A merge asks for changes since a little before the last one, for clocks that disagree. */
const SINCE_MARGIN_MS = 60 * 60 * 1000;

let owner = GUEST;
const listeners = new Set<() => void>();
let snapshot: { owner: string; usage: Usage } | null = null;

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the listen still counts for this visit.
  }
}

function usage(): Usage {
  if (snapshot?.owner !== owner) snapshot = { owner, usage: read<Usage>(usageKey(owner)) ?? {} };
  return snapshot.usage;
}

function save(next: Usage): void {
  snapshot = { owner, usage: next };
  write(usageKey(owner), next);
  for (const listener of listeners) listener();
}

/** Whose listens are counted: the signed-in user's id, or the guest's. */
export function setListenOwner(next: string | null): void {
  if ((next ?? GUEST) === owner) return;
  owner = next ?? GUEST;
  snapshot = null;
  for (const listener of listeners) listener();
}

/**
 * Counts a play. The first of an audio key is queued for the server (signed in); a repeat only
 * counts up on the device. Any play is the day's activity for the streak. Answers whether it
 * was the first.
 */
export function recordListen(storyId: number, language = 'de', now = Date.now()): boolean {
  const key = audioKey(storyId, language);
  recordActivity(owner === GUEST ? null : owner, new Date(now));
  const current = usage();
  const known = current[key];
  save({
    ...current,
    [key]: { firstListened: known?.firstListened ?? now, count: (known?.count ?? 0) + 1 },
  });
  if (known) return false;
  if (owner !== GUEST) statsQueue(owner).enqueue({ kind: 'audio', audioId: key, timestamp: now });
  return true;
}

/** Adds audio keys known from the server; a key already on the device keeps its count. */
export function mergeListenedIds(ids: string[]): void {
  const current = usage();
  const added = ids.filter((id) => !current[id]);
  if (added.length === 0) return;
  const next = { ...current };
  for (const id of added) next[id] = { firstListened: null, count: 0 };
  save(next);
}

export interface AudioIdsPage {
  audioIds: string[];
  hasMore: boolean;
}

const fetchPage = (page: number, since: string | null) =>
  api<AudioIdsPage>(
    `/api/stats/audio-ids?pageSize=${AUDIO_IDS_HYDRATION_PAGE_SIZE}&page=${page}${
      since ? `&since=${encodeURIComponent(since)}` : ''
    }`,
  );

/**
 * Merges the server's listened audio keys into the device once per calendar day: the changes
 * since the last merge when there was one, else everything, in pages of 2,000. Answers whether
 * it ran.
 */
export async function hydrateListens(
  userId: string,
  { now = new Date(), load = fetchPage }: { now?: Date; load?: typeof fetchPage } = {},
): Promise<boolean> {
  const today = localDay(now);
  const last = read<HydrationMark>(hydrationKey(userId));
  if (last?.day === today) return false;
  const since = last ? new Date(last.at - SINCE_MARGIN_MS).toISOString() : null;
  const ids: string[] = [];
  for (let page = 0; page < AUDIO_IDS_MAX_PAGES; page++) {
    const result = await load(page, since);
    ids.push(...result.audioIds);
    if (!result.hasMore) break;
  }
  if (owner === userId) mergeListenedIds(ids);
  else {
    const stored = read<Usage>(usageKey(userId)) ?? {};
    for (const id of ids) stored[id] ??= { firstListened: null, count: 0 };
    write(usageKey(userId), stored);
  }
  write(hydrationKey(userId), { day: today, at: now.getTime() } satisfies HydrationMark);
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The listened audios of the current learner, re-rendering when one is recorded. */
export function useListenedAudio() {
  const current = useSyncExternalStore(subscribe, usage, usage);
  const isListened = useCallback(
    (storyId: number, language = 'de') => current[audioKey(storyId, language)] !== undefined,
    [current],
  );
  const plays = useCallback(
    (storyId: number, language = 'de') => current[audioKey(storyId, language)]?.count ?? 0,
    [current],
  );
  return { isListened, plays };
}

// The device's user, from the moment this module loads (lib/owners.ts).
deviceOwner.follow(setListenOwner);
