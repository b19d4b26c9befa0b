import { AUDIO_SPEEDS, type AudioSpeed } from '@lesefuchs/core/audio/audio';
import { DECIMAL_SEPARATOR } from '@lesefuchs/core/i18n/languages';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { needsPremium } from './audio-settings';
import type { AudioVoice } from './types';
import '../../texts/audio';

const VOICES: readonly AudioVoice[] = ['Amala', 'Florian'];

/** A speed as the learner reads it ("0.7", "1", "1,5"). */
export function formatSpeed(speed: AudioSpeed | number, minimumFractionDigits = 0): string {
  const oneDecimal = (Math.round(Number(speed) * 10) / 10).toFixed(1);
  const text = minimumFractionDigits === 0 ? oneDecimal.replace(/\.0$/, '') : oneDecimal;
  return text.replace('.', DECIMAL_SEPARATOR[currentLanguage()]);
}

function OptionButton({
  pressed,
  locked,
  describedBy,
  onClick,
  children,
}: {
  pressed: boolean;
  locked: boolean;
  describedBy?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={locked}
      aria-disabled={locked}
      aria-describedby={locked ? describedBy : undefined}
      title={locked ? t('audio.premiumOnly') : undefined}
      onClick={onClick}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-50 ${pressed ? 'border-orange-700 bg-orange-700 text-white dark:border-orange-400 dark:bg-orange-400 dark:text-stone-950' : 'border-stone-300 text-stone-700 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-200 dark:hover:bg-stone-800'}`}
    >
      {children}
      {locked && <Lock aria-hidden size={12} />}
    </button>
  );
}

function Choice({
  legend,
  inline,
  children,
}: {
  legend: string;
  inline: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className={inline ? 'sr-only' : 'mb-1 font-medium text-sm'}>{legend}</legend>
      {inline && (
        <span aria-hidden className="text-stone-600 text-sm dark:text-stone-300">
          {legend}
        </span>
      )}
      {children}
    </fieldset>
  );
}

/**
 * The speed and voice buttons of the player and the audio list: 0.7×, 1.5× and Florian are
 * disabled for learners without premium (spec 2 §6), with the reason in their title and in the
 * element `describedBy` names.
 */
export function AudioChoices({
  speed,
  voice,
  isPremium,
  onSpeed,
  onVoice,
  describedBy,
  inline = false,
}: {
  speed: AudioSpeed;
  voice: AudioVoice;
  isPremium: boolean;
  onSpeed: (speed: AudioSpeed) => void;
  onVoice: (voice: AudioVoice) => void;
  describedBy?: string;
  /** Labels beside the buttons (the player bar) instead of above them (the filters). */
  inline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Choice legend={t('audio.speed')} inline={inline}>
        {AUDIO_SPEEDS.map((option) => (
          <OptionButton
            key={option}
            pressed={speed === option}
            locked={!isPremium && needsPremium({ audioSpeed: option })}
            describedBy={describedBy}
            onClick={() => onSpeed(option)}
          >
            {t('audio.speedValue', { speed: formatSpeed(option, 1) })}
          </OptionButton>
        ))}
      </Choice>
      <Choice legend={t('audio.voice')} inline={inline}>
        {VOICES.map((option) => (
          <OptionButton
            key={option}
            pressed={voice === option}
            locked={!isPremium && needsPremium({ audioVoice: option })}
            describedBy={describedBy}
            onClick={() => onVoice(option)}
          >
            {option}
          </OptionButton>
        ))}
      </Choice>
    </>
  );
}
