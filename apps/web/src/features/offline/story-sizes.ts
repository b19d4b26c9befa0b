import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAfterIdle } from '../../lib/use-after-idle';
import type { AudioVoice } from '../audio/types';

// What saving each story for offline costs the device, known before it is saved: the story's
// text as the device stores it and its audio file per voice (GET /api/stories/sizes).

/** A story's bytes on the device: its text, and its audio file per voice (null: none). */
export interface StorySize {
  id: number;
  textBytes: number;
  audioBytes: Record<AudioVoice, number | null>;
}

/** The sizes change only with the content, which changes with a release at most. */
const SIZES_STALE_MS = 60 * 60_000;

export const storySizesQuery = () =>
  queryOptions({
    queryKey: ['story-sizes'],
    queryFn: async () => {
      const { stories } = await api<{ stories: StorySize[] }>('/api/stories/sizes', {
        timeoutMs: 15_000,
      });
      return new Map(stories.map((size) => [size.id, size]));
    },
    staleTime: SIZES_STALE_MS,
  });

/**
 * Every story's size on the device, by story id (pending or failed offline). Asked for once the
 * page is idle: a story page's first seconds belong to the story, not to its offline button.
 */
export function useStorySizes() {
  const idle = useAfterIdle();
  return useQuery({ ...storySizesQuery(), enabled: idle });
}

/** A story's audio bytes in `voice`: Amala's file when the story has no Florian one, as played. */
export function audioBytesIn(size: StorySize, voice: AudioVoice): number {
  const florian = voice === 'Florian' ? size.audioBytes.Florian : null;
  return florian ?? size.audioBytes.Amala ?? 0;
}

/** Bytes saving a story for offline takes (text and audio in `voice`), or null when unknown. */
export function bytesToSave(size: StorySize | undefined, voice: AudioVoice): number | null {
  return size ? size.textBytes + audioBytesIn(size, voice) : null;
}

/** Bytes saving these stories takes, or null when a size is unknown. */
export function totalBytesToSave(
  sizes: ReadonlyMap<number, StorySize> | undefined,
  storyIds: readonly number[],
  voice: AudioVoice,
): number | null {
  if (!sizes) return null;
  let total = 0;
  for (const id of storyIds) {
    const bytes = bytesToSave(sizes.get(id), voice);
    if (bytes === null) return null;
    total += bytes;
  }
  return total;
}
