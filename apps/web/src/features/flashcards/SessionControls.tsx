import { AUTO_SPEEDS, type AutoSpeed } from '@lesefuchs/core/srs/gestures';
import { ArrowLeftRight, Pause, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Chip } from '../../components/Chip';
import type { Direction, NativeLanguage } from './FlashcardCardView';
import '../../texts/flashcards';

export type StudyMode = 'normal' | 'auto';

/**
 * Mode (normal or auto), the auto mode's speed and pause, and the direction toggle
 * (spec 3 §2). Chips carry names that say which group they belong to ("Normal mode",
 * "Normal speed"), since both groups have a "Normal".
 */
export function SessionControls({
  mode,
  onMode,
  speed,
  onSpeed,
  paused,
  onPause,
  direction,
  onDirection,
  language,
}: {
  mode: StudyMode;
  onMode: (mode: StudyMode) => void;
  speed: AutoSpeed;
  onSpeed: (speed: AutoSpeed) => void;
  paused: boolean;
  onPause: (paused: boolean) => void;
  direction: Direction;
  onDirection: (direction: Direction) => void;
  language: NativeLanguage;
}) {
  const { t } = useTranslation();
  const german = t('flashcards.direction.german');
  const native = t(`flashcards.direction.${language}`);
  const [from, to] = direction === 'toNative' ? [german, native] : [native, german];
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <div
        role="group"
        aria-label={t('flashcards.mode.label')}
        className="flex flex-wrap items-center gap-2"
      >
        <span aria-hidden className="text-sm text-stone-600 dark:text-stone-400">
          {t('flashcards.mode.label')}
        </span>
        {(['normal', 'auto'] as const).map((m) => (
          <Chip
            key={m}
            pressed={mode === m}
            onClick={() => onMode(m)}
            label={t(`flashcards.mode.${m}Name`)}
          >
            {t(`flashcards.mode.${m}`)}
          </Chip>
        ))}
      </div>
      {mode === 'auto' && (
        <div
          role="group"
          aria-label={t('flashcards.speed.label')}
          className="flex flex-wrap items-center gap-2"
        >
          <span aria-hidden className="text-sm text-stone-600 dark:text-stone-400">
            {t('flashcards.speed.label')}
          </span>
          {AUTO_SPEEDS.map((s) => (
            <Chip
              key={s}
              pressed={speed === s}
              onClick={() => onSpeed(s)}
              label={t(`flashcards.speed.${s}Name`)}
            >
              {t(`flashcards.speed.${s}`)}
            </Chip>
          ))}
          <button type="button" className="button-secondary py-1" onClick={() => onPause(!paused)}>
            {paused ? <Play aria-hidden size={16} /> : <Pause aria-hidden size={16} />}
            {paused ? t('flashcards.auto.resume') : t('flashcards.auto.pause')}
          </button>
        </div>
      )}
      <button
        type="button"
        className="button-secondary py-1"
        onClick={() => onDirection(direction === 'toNative' ? 'toGerman' : 'toNative')}
        aria-label={t('flashcards.direction.name', { from, to })}
      >
        <ArrowLeftRight aria-hidden size={16} />
        {t('flashcards.direction.short', { from, to })}
      </button>
    </div>
  );
}
