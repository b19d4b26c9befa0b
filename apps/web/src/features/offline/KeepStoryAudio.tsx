import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOnline } from '../../lib/online';
import { useAfterIdle } from '../../lib/use-after-idle';
import { useAudioSettings } from '../audio/audio-settings';
import type { StoryMeta } from '../stories/stories-api';
import { keepAudioInBackground, offlineLibraryQuery } from './offline-library';

/**
 * Past the first page's busy seconds, so the story's text, its pictures and a tap on play come
 * first. The text itself is stored at the first idle moment (stories-api).
 */
const KEEP_AFTER_MS = 3000;

/**
 * Keeps an opened story's audio in the learner's voice on the device, so it plays offline like
 * its text reads: once the page is idle and the voice is known. Audio that was played is on
 * the device already and is not fetched again. Draws nothing.
 */
export function KeepStoryAudio({
  story,
}: {
  story: Pick<StoryMeta, 'id' | 'audioUrlDe' | 'audioUrlDe2'>;
}) {
  const { voice, settled } = useAudioSettings();
  const idle = useAfterIdle(KEEP_AFTER_MS);
  const online = useOnline();
  const client = useQueryClient();
  const { id, audioUrlDe, audioUrlDe2 } = story;

  useEffect(() => {
    if (!idle || !online || !settled) return;
    const controller = new AbortController();
    void keepAudioInBackground({ id, audioUrlDe, audioUrlDe2 }, voice, controller.signal).then(
      (kept) => {
        if (kept) void client.invalidateQueries({ queryKey: offlineLibraryQuery().queryKey });
      },
    );
    return () => controller.abort();
  }, [idle, online, settled, id, audioUrlDe, audioUrlDe2, voice, client]);
  return null;
}
