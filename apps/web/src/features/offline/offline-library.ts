import { AUDIO_CACHE } from '@lesefuchs/core/audio/audio';
import { numberFormat } from '@lesefuchs/core/intl';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { audioCacheId } from '../audio/audio-cache';
import { playRequestFor } from '../audio/play-request';
import { audioCache, keepAudioOnDevice } from '../audio/player';
import type { AudioVoice } from '../audio/types';
import type { StoryDetail } from '../stories/stories-api';
import { type StoredStoryMeta, storyStore } from './story-store';

// What the learner keeps for reading offline: stories (opened or saved on purpose) with the
// audio of their voice. Saving fetches each story and its audio file into the device's stores;
// the audio counts against the audio cache's limits (spec 2 §9: 100 MB, 30 days).

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

/** Fetches a story and its audio in `voice` onto the device, kept until removed. */
export async function saveStoryOffline(
  storyId: number,
  voice: AudioVoice,
  signal: AbortSignal,
): Promise<{ audio: boolean }> {
  const detail = await api<StoryDetail>(`/api/stories/${storyId}`, { signal, timeoutMs: 20_000 });
  await storyStore().put(detail, { kept: true });
  const request = playRequestFor(detail.story, { voice, speed: 1 });
  if (!request.url) return { audio: false };
  return { audio: await keepAudioOnDevice({ ...request, url: request.url }, signal) };
}

export interface SaveProgress {
  done: number;
  total: number;
  failed: number;
}

/**
 * Saving stories for offline, one after another, with progress and a cancel. A story that
 * cannot be saved (the network dropped, the device is full) counts as failed; the others go on.
 */
export function useSaveOffline(voice: AudioVoice) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  const save = useCallback(
    async (storyIds: readonly number[]) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const state: SaveProgress = { done: 0, total: storyIds.length, failed: 0 };
      setProgress({ ...state });
      for (const id of storyIds) {
        if (controller.signal.aborted) break;
        try {
          await saveStoryOffline(id, voice, controller.signal);
        } catch {
          if (controller.signal.aborted) break;
          state.failed++;
        }
        state.done++;
        setProgress({ ...state });
      }
      if (running.current === controller) running.current = null;
      await client.invalidateQueries({ queryKey: offlineLibraryQuery().queryKey });
      return state;
    },
    [voice, client],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setProgress(null);
  }, []);

  const saving = progress !== null && progress.done < progress.total;
  return { save, cancel, progress, saving };
}

/** Removes stories from the device and refreshes what the screens show. */
export function useRemoveOffline() {
  const client = useQueryClient();
  return useCallback(
    async (storyIds: readonly number[]) => {
      for (const id of storyIds) await removeOffline(id);
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
