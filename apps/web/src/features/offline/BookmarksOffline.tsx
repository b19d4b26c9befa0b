import { useEffect } from 'react';
import { ApiRequestError, api } from '../../lib/api';
import { useOnline } from '../../lib/online';
import { useReadingList } from '../stories/reading-lists';
import type { StoryDetail } from '../stories/stories-api';
import { storyStore } from './story-store';

/**
 * Keeps every bookmarked story on the device (as saved for offline, without audio), so a story
 * bookmarked from the list reads offline later without having been opened. Draws nothing;
 * runs behind every page (app/BackgroundSync) while online.
 */
export function BookmarksOffline() {
  const bookmarks = useReadingList('bookmarks');
  const online = useOnline();
  const ids = bookmarks.entries.map((entry) => entry.storyId).join(',');

  useEffect(() => {
    if (!online || !ids) return;
    const controller = new AbortController();
    void keepOnDevice(ids.split(',').map(Number), controller.signal);
    return () => controller.abort();
  }, [online, ids]);
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
