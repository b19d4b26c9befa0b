import type { CardContext } from '@lesefuchs/core/srs/api';
import { Loader2, Pause, Volume2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioErrorMessage } from '../audio/AudioErrorMessage';
import { useAudioSettings } from '../audio/audio-settings';
import { sameClip } from '../audio/clip';
import { playRequestFor } from '../audio/play-request';
import { audioPlayer, player, useAudioPlayer } from '../audio/player';
import '../../texts/audio';
import '../../texts/flashcards';

// Loaded only for a card whose sentence has a clip, so ordinary cards never load the player.

/**
 * Plays the sentence a saved word was met in, from the story's audio in the learner's voice:
 * from the sentence's start to its end (the story's sentence timings).
 */
export default function SentenceClipButton({ context }: { context: CardContext }) {
  const { t } = useTranslation();
  const state = useAudioPlayer();
  const settings = useAudioSettings();
  const storyId = context.story_id ?? 0;
  const from = context.text_from ?? 0;
  const clip = { from, to: from + context.sentence.length };
  const mine = state.storyId === storyId && sameClip(state.clip, clip);
  const on = mine && state.status !== 'idle';
  // The clip stops when its card goes (graded, suspended, the page left).
  useEffect(
    () => () => {
      if (player().getState().clip) audioPlayer.stop();
    },
    [],
  );
  const request = {
    ...playRequestFor(
      { id: storyId, audioUrlDe: context.audio_url_de, audioUrlDe2: context.audio_url_de_2 },
      { voice: settings.voice, speed: Number(settings.speed) },
      context.sentence,
    ),
    clip,
  };
  const label = !on
    ? t('flashcards.card.playSentence')
    : state.status === 'loading'
      ? t('audio.loading')
      : state.status === 'playing'
        ? t('audio.pause')
        : t('audio.resume');
  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        className="button-secondary min-h-10"
        onClick={(event) => {
          // The card turns over on a click; this one only plays.
          event.stopPropagation();
          audioPlayer.toggle(request);
        }}
        aria-label={label}
        data-testid="sentence-clip"
        data-playing={on && state.status === 'playing' ? 'true' : 'false'}
      >
        {on && state.status === 'loading' ? (
          <Loader2 aria-hidden size={16} className="motion-safe:animate-spin" />
        ) : on && state.status === 'playing' ? (
          <Pause aria-hidden size={16} />
        ) : (
          <Volume2 aria-hidden size={16} />
        )}
        {t('flashcards.card.playSentenceShort')}
      </button>
      {state.error?.storyId === storyId && <AudioErrorMessage error={state.error} />}
    </div>
  );
}
