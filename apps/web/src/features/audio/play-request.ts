import type { StoryMeta } from '../stories/stories-api';
import type { AudioVoice, PlayRequest } from './types';

/**
 * What to play for a story's German audio: the file of the chosen voice (Florian is the
 * second voice, Amala's file when a story has no Florian one), and the text for the speech
 * fallback when there is no file at all.
 */
export function playRequestFor(
  story: Pick<StoryMeta, 'id' | 'audioUrlDe' | 'audioUrlDe2'>,
  settings: { voice: AudioVoice; speed: number },
  text?: string,
): PlayRequest {
  const florian = settings.voice === 'Florian' && story.audioUrlDe2 !== null;
  return {
    storyId: story.id,
    language: 'de',
    voice: florian ? 'Florian' : 'Amala',
    speed: settings.speed,
    url: florian ? story.audioUrlDe2 : story.audioUrlDe,
    text,
  };
}
