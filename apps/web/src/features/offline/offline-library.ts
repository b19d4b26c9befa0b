import { AUDIO_CACHE } from '@lesefuchs/core/audio/audio';
import { numberFormat } from '@lesefuchs/core/intl';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { constrainedConnection, isOnline } from '../../lib/online';
import { audioCacheId } from '../audio/audio-cache';
import { playRequestFor } from '../audio/play-request';
import { audioCache, keepAudioOnDevice, playerOnStory } from '../audio/player';
import type { AudioVoice } from '../audio/types';
import type { StoryDetail, StoryMeta } from '../stories/stories-api';
import { bytesToSave, totalBytesToSave, useStorySizes } from './story-sizes';
import { type StoredStoryMeta, storyStore } from './story-store';

// What the learner keeps for reading offline: stories (opened, bookmarked or saved on purpose)
// with the audio of their voice. Saving fetches each story and its audio file into the device's
// stores; the audio counts against the audio cache's limits (spec 2 §9: 100 MB, 30 days).

/** A story on the device with the bytes of its audio files. */
export interface OfflineStory extends StoredStoryMeta {
  audioBytes: number;
}

export interface OfflineLibrary {
  stories: OfflineStory[];
  /** Bytes of all stories' texts. */
  storyBytes: number;
  /** Bytes of every audio file on the device (also of stories no longer stored). */
  audioBytes: number;
  /** The audio cache's limit. */
  audioLimitBytes: number;
}

const VOICES: AudioVoice[] = ['Amala', 'Florian'];

async function readLibrary(): Promise<OfflineLibrary> {
  const stories = await storyStore().list();
  const audio = await audioCache()
    .records()
    .catch(() => []);
  const audioByStory = new Map<number, number>();
  for (const record of audio) {
    audioByStory.set(record.storyId, (audioByStory.get(record.storyId) ?? 0) + record.size);
  }
  return {
    stories: stories.map((story) => ({ ...story, audioBytes: audioByStory.get(story.id) ?? 0 })),
    storyBytes: stories.reduce((sum, story) => sum + story.bytes, 0),
    audioBytes: audio.reduce((sum, record) => sum + record.size, 0),
    audioLimitBytes: AUDIO_CACHE.maxBytes,
  };
}

export const offlineLibraryQuery = () =>
  queryOptions({
    queryKey: ['offline-library'],
    queryFn: readLibrary,
    networkMode: 'always',
    staleTime: 0,
  });

export function useOfflineLibrary() {
  return useQuery(offlineLibraryQuery());
}

/** Removes a story and its audio files from the device. */
export async function removeOffline(storyId: number): Promise<void> {
  await storyStore().remove(storyId);
  for (const voice of VOICES) {
    await audioCache()
      .remove(audioCacheId(storyId, 'de', voice))
      .catch(() => undefined);
  }
}

/**
 * Fetches a story and its audio in `voice` onto the device, kept until removed. `onBytes` is
 * told the bytes on the device so far: the story's text, then its audio as it arrives.
 */
export async function saveStoryOffline(
  storyId: number,
  voice: AudioVoice,
  signal: AbortSignal,
  onBytes: (bytes: number) => void = () => undefined,
): Promise<{ audio: boolean }> {
  const detail = await api<StoryDetail>(`/api/stories/${storyId}`, { signal, timeoutMs: 20_000 });
  const textBytes = new Blob([JSON.stringify(detail)]).size;
  onBytes(textBytes);
  const request = playRequestFor(detail.story, { voice, speed: 1 });
  const audio = request.url
    ? await keepAudioOnDevice({ ...request, url: request.url }, signal, (received) =>
        onBytes(textBytes + received),
      )
    : false;
  // Saved once all of it is on the device: a cancelled or failed save is not called saved.
  signal.throwIfAborted();
  await storyStore().put(detail, { kept: true });
  return { audio };
}

/**
 * Keeps a story's audio in `voice` on the device without being asked (a story opened or
 * bookmarked), unless the learner saves data or the connection is slow, or the audio cache is
 * past the level it is trimmed to: such a download never pushes out another file (spec 2 §9).
 * Whether the file is on the device afterwards.
 */
export async function keepAudioInBackground(
  story: Pick<StoryMeta, 'id' | 'audioUrlDe' | 'audioUrlDe2'>,
  voice: AudioVoice,
  signal: AbortSignal,
): Promise<boolean> {
  const request = playRequestFor(story, { voice, speed: 1 });
  if (!request.url || !isOnline() || constrainedConnection() || playerOnStory(story.id)) {
    return false;
  }
  const cache = audioCache();
  const held = await cache.records().catch(() => null);
  if (!held) return false;
  const id = audioCacheId(story.id, request.language, request.voice);
  const used = held.reduce((sum, record) => sum + record.size, 0);
  const full = used >= AUDIO_CACHE.maxBytes * AUDIO_CACHE.trimToFraction;
  // A file already there is only checked against the story's version, not fetched again.
  if (full && !held.some((record) => record.id === id)) return false;
  return keepAudioOnDevice({ ...request, url: request.url }, signal).catch(() => false);
}

export interface SaveProgress {
  done: number;
  total: number;
  failed: number;
  /** Bytes on the device so far and in all, when the stories' sizes are known. */
  bytes: { done: number; total: number } | null;
}

/**
 * Saving stories for offline, one after another, with progress (stories and bytes) and a
 * cancel. A story that cannot be saved (the network dropped, the device is full) counts as
 * failed; the others go on.
 */
export function useSaveOffline(voice: AudioVoice) {
  const client = useQueryClient();
  const sizes = useStorySizes().data;
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  const save = useCallback(
    async (storyIds: readonly number[]) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const total = totalBytesToSave(sizes, storyIds, voice);
      const state: SaveProgress = {
        done: 0,
        total: storyIds.length,
        failed: 0,
        bytes: total === null ? null : { done: 0, total },
      };
      setProgress({ ...state });
      let before = 0;
      for (const id of storyIds) {
        if (controller.signal.aborted) break;
        // Each story moves the bytes up to its expected size at most, whatever it really took.
        const expected = bytesToSave(sizes?.get(id), voice) ?? 0;
        const onBytes = (bytes: number) => {
          if (!state.bytes || controller.signal.aborted) return;
          state.bytes = { ...state.bytes, done: before + Math.min(bytes, expected) };
          setProgress({ ...state });
        };
        try {
          await saveStoryOffline(id, voice, controller.signal, onBytes);
        } catch {
          if (controller.signal.aborted) break;
          state.failed++;
        }
        before += expected;
        state.done++;
        if (state.bytes) state.bytes = { ...state.bytes, done: before };
        setProgress({ ...state });
      }
      if (running.current === controller) running.current = null;
      await client.invalidateQueries({ queryKey: offlineLibraryQuery().queryKey });
      return state;
    },
    [voice, client, sizes],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setProgress(null);
  }, []);

  const saving = progress !== null && progress.done < progress.total;
  return { save, cancel, progress, saving };
}

/** Removes every story and every audio file from the device. */
export async function removeEverything(): Promise<void> {
  for (const story of await storyStore().list()) await storyStore().remove(story.id);
  const audio = await audioCache()
    .records()
    .catch(() => []);
  for (const record of audio) await audioCache().remove(record.id);
}

/**
 * Removes stories from the device (`'all'`: everything, with every audio file) and refreshes
 * what the screens show.
 */
export function useRemoveOffline() {
  const client = useQueryClient();
  return useCallback(
    async (storyIds: readonly number[] | 'all') => {
      if (storyIds === 'all') await removeEverything();
      else for (const id of storyIds) await removeOffline(id);
      await client.invalidateQueries({ queryKey: offlineLibraryQuery().queryKey });
    },
    [client],
  );
}

/** A byte count for people: "1.2 MB", "840 KB". */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), 'megabyte']
      : [Math.max(bytes, bytes > 0 ? 1024 : 0) / 1024, 'kilobyte'];
  return numberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
