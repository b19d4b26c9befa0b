import { useEffect } from 'react';
import { ApiRequestError, api } from '../../lib/api';
import { useOnline } from '../../lib/online';
import { useAudioSettings } from '../audio/audio-settings';
import type { AudioVoice } from '../audio/types';
import { useReadingList } from '../stories/reading-lists';
import type { StoryDetail } from '../stories/stories-api';
import { keepAudioInBackground } from './offline-library';
import { storyStore } from './story-store';

/**
 * Keeps every bookmarked story on the device (as saved for offline) with its audio in the
 * learner's voice, so a story bookmarked from the list reads and plays offline later without
 * having been opened. The audio follows the rules of keepAudioInBackground (not on data-saver
 * or a slow connection, never pushing other files out). Draws nothing; runs behind every page
 * (app/BackgroundLater) while online.
 */
export function BookmarksOffline() {
  const bookmarks = useReadingList('bookmarks');
  const online = useOnline();
  const { voice, settled } = useAudioSettings();
  const ids = bookmarks.entries.map((entry) => entry.storyId).join(',');

  useEffect(() => {
    if (!online || !ids) return;
    const controller = new AbortController();
    const storyIds = ids.split(',').map(Number);
    void keepOnDevice(storyIds, controller.signal).then(() => {
      if (settled) return keepAudio(storyIds, voice, controller.signal);
    });
    return () => controller.abort();
  }, [online, ids, voice, settled]);
  return null;
}

async function keepOnDevice(storyIds: number[], signal: AbortSignal): Promise<void> {
  const store = storyStore();
  if (!store.supported) return;
  const stored = new Map((await store.list()).map((meta) => [meta.id, meta]));
  for (const id of storyIds) {
    if (signal.aborted) return;
    const meta = stored.get(id);
    try {
      if (meta) {
        if (!meta.kept) {
          const detail = await store.get(id);
          if (detail) await store.put(detail, { kept: true });
        }
        continue;
      }
      const detail = await api<StoryDetail>(`/api/stories/${id}`, { signal });
      await store.put(detail, { kept: true });
    } catch (error) {
      // Offline again or a story that is gone: the next change of the list tries again.
      if (signal.aborted || (error instanceof ApiRequestError && error.transient)) return;
    }
  }
}

async function keepAudio(storyIds: number[], voice: AudioVoice, signal: AbortSignal) {
  for (const id of storyIds) {
    if (signal.aborted) return;
    const detail = await storyStore()
      .get(id)
      .catch(() => null);
    if (detail) await keepAudioInBackground(detail.story, voice, signal);
  }
}
