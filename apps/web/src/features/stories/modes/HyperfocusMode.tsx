import { Pause, Play, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardInUse } from '../../../lib/keyboard-in-use';
import {
  clampWpm,
  type HyperfocusSpeed,
  MAX_WPM,
  MIN_WPM,
  readingWords,
  remainingMs,
  SPEED_WPM,
  wordDelayMs,
} from './hyperfocus';
import { isControlTarget, type ModeProps } from './types';
import '../../../texts/reader';

export interface HyperfocusModeProps extends ModeProps {
  /** The speed to start at (preference hyperfocusSpeed); the learner can change it here. */
  speed: HyperfocusSpeed;
}

const SPEEDS: HyperfocusSpeed[] = ['slow', 'normal', 'fast'];

/** m:ss for a duration in milliseconds. */
function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Hyperfocus: the story one word at a time, large and centred, at a chosen speed with a pause
 * after each sentence and comma. Space plays and pauses; after the last word the story is read.
 */
export function HyperfocusMode(props: HyperfocusModeProps) {
  // Another story starts afresh: its own position and its own single onComplete.
  return <Hyperfocus key={props.detail.story.id} {...props} />;
}

function Hyperfocus({ detail, onComplete, speed }: HyperfocusModeProps) {
  const { t } = useTranslation();
  const keyboard = useKeyboardInUse();
  const text = detail.story.contentDe;
  const words = useMemo(() => readingWords(text), [text]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [finished, setFinished] = useState(false);
  const [wpm, setWpm] = useState(() => clampWpm(SPEED_WPM[speed]));
  const sliderId = useId();

  // A new starting speed from the parent (the preference) applies at once.
  const [startSpeed, setStartSpeed] = useState(speed);
  if (startSpeed !== speed) {
    setStartSpeed(speed);
    setWpm(clampWpm(SPEED_WPM[speed]));
  }

  const onCompleteRef = useRef(onComplete);
  useEffect(() => {
    onCompleteRef.current = onComplete;
  }, [onComplete]);
  const completed = useRef(false);

  // One timer for the word on screen; it moves on, or after the last word finishes the story.
  useEffect(() => {
    const word = words[index];
    if (!playing || !word) return;
    const timer = window.setTimeout(
      () => {
        if (index + 1 < words.length) {
          setIndex(index + 1);
          return;
        }
        setPlaying(false);
        setFinished(true);
        if (!completed.current) {
          completed.current = true;
          onCompleteRef.current();
        }
      },
      wordDelayMs(word.text, word.following, wpm),
    );
    return () => window.clearTimeout(timer);
  }, [playing, index, wpm, words]);

  const toggle = useCallback(() => {
    if (words.length === 0) return;
    if (playing) {
      setPlaying(false);
      return;
    }
    if (finished) {
      setIndex(0);
      setFinished(false);
    }
    setPlaying(true);
  }, [playing, finished, words.length]);

  const restart = () => {
    setIndex(0);
    setFinished(false);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.altKey || event.ctrlKey || event.metaKey) return;
      // A focused button or link handles Space itself; the speed slider does not.
      const onSlider = event.target instanceof HTMLInputElement && event.target.type === 'range';
      if (!onSlider && isControlTarget(event.target)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const total = words.length;
  const word = words[index];
  const position = total === 0 ? 0 : index + 1;
  const left = finished ? 0 : remainingMs(words, index, wpm);

  if (total === 0) {
    return (
      <section className="mx-auto w-full max-w-3xl rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
        <p>{t('reader.modes.hyperfocus.empty')}</p>
      </section>
    );
  }

  return (
    <section
      aria-label={t('reader.modes.hyperfocus.label')}
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="relative flex min-h-48 items-center justify-center rounded-xl bg-stone-50 px-3 py-8 sm:min-h-64 dark:bg-stone-950">
        <p
          lang="de"
          aria-live="polite"
          aria-atomic="true"
          className="hyphens-auto text-center font-semibold text-4xl text-stone-900 leading-tight [overflow-wrap:anywhere] sm:text-6xl dark:text-stone-50"
          data-testid="hyperfocus-word"
        >
          {word?.text}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <div
          role="progressbar"
          aria-label={t('reader.modes.hyperfocus.progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={position}
          aria-valuetext={t('reader.modes.hyperfocus.position', { current: position, total })}
          className="h-2 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
        >
          <div
            className="h-full rounded-full bg-orange-600 transition-[width] duration-150 motion-reduce:transition-none dark:bg-orange-400"
            style={{ width: `${(position / total) * 100}%` }}
          />
        </div>
        <div className="flex flex-wrap justify-between gap-2 text-sm text-stone-600 tabular-nums dark:text-stone-300">
          <span>{t('reader.modes.hyperfocus.position', { current: position, total })}</span>
          <span>{t('reader.modes.hyperfocus.remaining', { time: clock(left) })}</span>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-center gap-3">
        <button
          type="button"
          className="button-primary"
          onClick={toggle}
          aria-keyshortcuts="Space"
          data-testid="hyperfocus-toggle"
        >
          {playing ? <Pause aria-hidden size={18} /> : <Play aria-hidden size={18} />}
          {playing
            ? t('reader.modes.hyperfocus.pause')
            : finished
              ? t('reader.modes.hyperfocus.playAgain')
              : index > 0
                ? t('reader.modes.hyperfocus.resume')
                : t('reader.modes.hyperfocus.play')}
        </button>
        <button type="button" className="button-secondary" onClick={restart}>
          <RotateCcw aria-hidden size={18} />
          {t('reader.modes.hyperfocus.restart')}
        </button>
      </div>
      <p role="status" className="text-center font-medium">
        {finished ? t('reader.modes.hyperfocus.done') : ''}
      </p>
      {keyboard && (
        <p className="text-center text-stone-500 text-xs dark:text-stone-400">
          {t('reader.modes.hyperfocus.spaceHint')}
        </p>
      )}

      <fieldset className="flex flex-col gap-3 border-stone-200 border-t pt-4 dark:border-stone-800">
        <legend className="sr-only">{t('reader.modes.hyperfocus.speed')}</legend>
        <div className="flex flex-wrap items-center gap-2">
          <span aria-hidden className="font-medium text-sm">
            {t('reader.modes.hyperfocus.speed')}
          </span>
          {SPEEDS.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={wpm === SPEED_WPM[name]}
              onClick={() => setWpm(clampWpm(SPEED_WPM[name]))}
              className={`rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-2 ${
                wpm === SPEED_WPM[name]
                  ? 'border-orange-700 bg-orange-50 font-semibold text-orange-900 dark:border-orange-400 dark:bg-stone-800 dark:text-orange-200'
                  : 'border-stone-300 text-stone-700 hover:bg-stone-100 dark:border-stone-600 dark:text-stone-200 dark:hover:bg-stone-800'
              }`}
            >
              {wpm === SPEED_WPM[name] && <span aria-hidden>✓ </span>}
              {t(`reader.modes.hyperfocus.speeds.${name}`, { wpm: SPEED_WPM[name] })}
            </button>
          ))}
        </div>
        <label htmlFor={sliderId} className="text-sm">
          {t('reader.modes.hyperfocus.wpm', { wpm })}
        </label>
        <input
          id={sliderId}
          type="range"
          min={MIN_WPM}
          max={MAX_WPM}
          step={1}
          value={wpm}
          onChange={(event) => setWpm(clampWpm(Number(event.target.value)))}
          className="w-full accent-orange-700 dark:accent-orange-400"
        />
      </fieldset>
    </section>
  );
}
