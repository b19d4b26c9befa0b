import { AUTO_SPEEDS_MS, type AutoSpeed, nextAutoStep } from '@lesefuchs/core/srs/gestures';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Direction, FlashcardCardView, type NativeLanguage } from './FlashcardCardView';
import type { StudyCard } from './study-state';
import '../../texts/flashcards';

/**
 * The auto mode (spec 3 §2): the question, then the answer, then the next card, each for one
 * interval of the chosen speed (slow 3 s, normal 1 s, fast 0.5 s). Nothing is graded. After the
 * last card it wraps to the first and says so. The parent remounts it when the mode changes,
 * which resets the index, the reveal and the pause.
 */
export function AutoPlayer({
  cards,
  speed,
  paused,
  direction,
  language,
}: {
  cards: readonly StudyCard[];
  speed: AutoSpeed;
  paused: boolean;
  direction: Direction;
  language: NativeLanguage;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState({ index: 0, revealed: false });
  const [rounds, setRounds] = useState(0);

  useEffect(() => {
    if (paused || cards.length === 0) return;
    const timer = setTimeout(() => {
      const next = nextAutoStep(step, cards.length);
      if (next.wrapped) setRounds((n) => n + 1);
      setStep({ index: next.index, revealed: next.revealed });
    }, AUTO_SPEEDS_MS[speed]);
    return () => clearTimeout(timer);
  }, [step, paused, speed, cards.length]);

  const card = cards[Math.min(step.index, cards.length - 1)];
  if (!card)
    return <p className="text-stone-600 dark:text-stone-300">{t('flashcards.empty.title')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-center text-sm text-stone-600 tabular-nums dark:text-stone-400">
        {t('flashcards.auto.position', { index: step.index + 1, total: cards.length })}
        {paused && ` · ${t('flashcards.auto.paused')}`}
      </p>
      <FlashcardCardView
        card={card}
        direction={direction}
        language={language}
        revealed={step.revealed}
        onReveal={() => setStep((s) => ({ ...s, revealed: true }))}
        onRate={() => undefined}
        onUnavailable={() => setStep((s) => nextAutoStep({ ...s, revealed: true }, cards.length))}
      />
      <p role="status" className="min-h-5 text-center text-sm text-stone-600 dark:text-stone-400">
        {rounds > 0 ? t('flashcards.auto.wrapped', { rounds }) : ''}
      </p>
    </div>
  );
}
