import type { AudioSpeed } from '@lesefuchs/core/audio/audio';
import { Loader2, Pause, Play, SkipBack, SkipForward, Square } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoryMeta } from '../stories/stories-api';
import { AudioChoices } from './AudioChoices';
import { AudioErrorMessage } from './AudioErrorMessage';
import { useAudioSettings } from './audio-settings';
import { playRequestFor } from './play-request';
import { audioPlayer, isPlayerOn, useAudioPlayer } from './player';
import type { AudioVoice, PlayerState, TimedSentence } from './types';
import '../../texts/audio';

/** The sentence spoken at a second of the audio, or null before the first. */
export function sentenceAt(sentences: TimedSentence[], seconds: number): number | null {
  let found: number | null = null;
  for (const [index, sentence] of sentences.entries()) {
    if (sentence.start <= seconds + 0.05) found = index;
    else break;
  }
  return found;
}

/** The sentence being read in the viewer, when this story's file is on. */
export function useStoryReading(storyId: number) {
  const state = useAudioPlayer();
  const on = isPlayerOn(state, storyId) && state.source === 'file' && state.sentences.length > 0;
  if (!on) return null;
  return {
    sentences: state.sentences,
    active: sentenceAt(state.sentences, state.currentTime),
    onSeek: (index: number) => {
      const sentence = state.sentences[index];
      if (!sentence) return;
      audioPlayer.seek(sentence.start);
      if (state.status === 'paused') audioPlayer.resume();
    },
  };
}

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

function playLabel(
  state: PlayerState,
  on: boolean,
): 'audio.play' | 'audio.pause' | 'audio.resume' | 'audio.loading' {
  if (!on) return 'audio.play';
  if (state.status === 'loading') return 'audio.loading';
  return state.status === 'paused' ? 'audio.resume' : 'audio.pause';
}

/**
 * The story viewer's player: play/pause, stop, sentence steps, the position, and the speed and
 * voice (0.7, 1.5 and Florian for premium members only; spec 2 §6).
 */
export function StoryAudioBar({
  story,
}: {
  story: Pick<StoryMeta, 'id' | 'audioUrlDe' | 'audioUrlDe2'> & { contentDe: string };
}) {
  const { t } = useTranslation();
  const state = useAudioPlayer();
  const settings = useAudioSettings();
  const on = isPlayerOn(state, story.id);
  const request = (voice = settings.voice) =>
    playRequestFor(story, { voice, speed: Number(settings.speed) }, story.contentDe);
  const active = on ? sentenceAt(state.sentences, state.currentTime) : null;
  const duration = on ? state.duration : 0;

  const chooseSpeed = (speed: AudioSpeed) => {
    settings.setSpeed(speed);
    if (on) audioPlayer.setSpeed(Number(speed));
  };
  const chooseVoice = (voice: AudioVoice) => {
    settings.setVoice(voice);
    // Another voice is another file: start it from the beginning.
    if (on && voice !== state.voice) {
      audioPlayer.stop();
      audioPlayer.toggle(request(voice));
    }
  };
  // The learner's autoPlayAudio: the story reads itself as it opens (once per opening).
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!settings.autoPlay || autoStarted.current) return;
    autoStarted.current = true;
    if (!on) audioPlayer.toggle(request());
  });
  const step = (by: number) => {
    const target = state.sentences[Math.max(0, (active ?? -1) + by)];
    if (target) audioPlayer.seek(target.start);
  };

  return (
    <section
      aria-label={t('audio.player')}
      // While on, the player stays under the site header as the learner reads on.
      className={`flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900 ${
        on ? 'sticky top-[4.5rem] z-20 shadow-md' : ''
      }`}
      data-testid="story-audio"
      data-covers="top"
    >
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="button-primary inline-flex items-center gap-2"
          onClick={() => audioPlayer.toggle(request())}
          aria-label={t(playLabel(state, on))}
          disabled={on && state.status === 'loading'}
        >
          {on && state.status === 'loading' ? (
            <Loader2 aria-hidden size={18} className="animate-spin" />
          ) : on && state.status === 'playing' ? (
            <Pause aria-hidden size={18} />
          ) : (
            <Play aria-hidden size={18} />
          )}
          <span className="hidden sm:inline">{t(playLabel(state, on))}</span>
        </button>
        <button
          type="button"
          className="button-secondary p-2"
          onClick={() => audioPlayer.stop()}
          disabled={!on}
          aria-label={t('audio.stop')}
        >
          <Square aria-hidden size={16} />
        </button>
        {on && state.sentences.length > 0 && (
          <>
            <button
              type="button"
              className="button-secondary p-2"
              onClick={() => step(-1)}
              aria-label={t('audio.previousSentence')}
            >
              <SkipBack aria-hidden size={16} />
            </button>
            <button
              type="button"
              className="button-secondary p-2"
              onClick={() => step(1)}
              aria-label={t('audio.nextSentence')}
            >
              <SkipForward aria-hidden size={16} />
            </button>
          </>
        )}
        <div className="flex min-w-40 flex-1 items-center gap-2">
          <input
            type="range"
            className="min-w-0 flex-1 accent-orange-600"
            min={0}
            max={duration > 0 ? duration : 1}
            step={0.1}
            value={on ? Math.min(state.currentTime, duration || 1) : 0}
            disabled={!on || state.source !== 'file' || duration <= 0}
            onChange={(event) => audioPlayer.seek(Number(event.target.value))}
            aria-label={t('audio.position')}
            aria-valuetext={`${clock(on ? state.currentTime : 0)} / ${clock(duration)}`}
          />
          <span className="whitespace-nowrap text-stone-600 text-xs tabular-nums dark:text-stone-300">
            {clock(on ? state.currentTime : 0)} / {clock(duration)}
          </span>
        </div>
      </div>

      {/* On a phone the playing bar keeps to one row so it covers little of the text. */}
      <div
        className={`flex-wrap items-center gap-x-5 gap-y-2 ${
          on && state.status === 'playing' ? 'hidden sm:flex' : 'flex'
        }`}
      >
        <AudioChoices
          speed={settings.speed}
          voice={settings.voice}
          isPremium={settings.isPremium}
          onSpeed={chooseSpeed}
          onVoice={chooseVoice}
          inline
        />
        {!settings.isPremium && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 text-xs dark:bg-amber-950 dark:text-amber-200">
            {t('audio.premiumChoices')}
          </span>
        )}
        {on && state.source === 'speech' && (
          <span className="text-stone-600 text-sm dark:text-stone-300">{t('audio.speaking')}</span>
        )}
      </div>
      {on && state.sentences.length > 0 && (
        <p className="hidden text-stone-500 text-xs sm:block dark:text-stone-400">
          {t('audio.followHint')}
        </p>
      )}
      {state.error?.storyId === story.id && <AudioErrorMessage error={state.error} />}
    </section>
  );
}
