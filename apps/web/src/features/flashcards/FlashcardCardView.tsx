import type { SwipeDirection } from '@lesefuchs/core/srs/gestures';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardInUse } from '../../lib/keyboard-in-use';
import { StorySentence } from './StorySentence';
import type { StudyCard } from './study-state';
import { useSwipe } from './use-swipe';
import '../../texts/flashcards';
import '../../texts/vocabulary';

export type Direction = 'toNative' | 'toGerman';
export type NativeLanguage = 'en' | 'es' | 'kr';

const GENDER_BADGE = {
  masculine: { letter: 'M', className: 'article-masculine border-current' },
  feminine: { letter: 'F', className: 'article-feminine border-current' },
  neuter: { letter: 'N', className: 'article-neuter border-current' },
} as const;

/** The card's meaning in the learner's language, English when that one is missing. */
export function translationOf(card: StudyCard, language: NativeLanguage): string {
  const byLanguage = { en: card.translation_en, es: card.translation_es, kr: card.translation_kr };
  return (byLanguage[language] || card.translation_en || '').trim();
}

const HINT_KEY: Record<SwipeDirection, string> = {
  right: 'flashcards.rate.easy',
  left: 'flashcards.rate.again',
  down: 'flashcards.rate.good',
  up: 'flashcards.card.swipeUp',
};

/**
 * One flashcard: the question first (the German word, or its meaning in the other direction),
 * the meaning and the example sentence on reveal (for a saved word, the story sentence it was
 * saved with), announced to screen readers. A click or tap
 * reveals it; once revealed, a swipe rates it (right easy, left again, down good).
 */
export function FlashcardCardView({
  card,
  direction,
  language,
  revealed,
  onReveal,
  onRate,
  cardRef,
  onUnavailable,
}: {
  card: StudyCard;
  direction: Direction;
  language: NativeLanguage;
  revealed: boolean;
  onReveal: () => void;
  onRate: (rating: Rating) => void;
  cardRef?: Ref<HTMLElement>;
  onUnavailable: () => void;
}) {
  const { t } = useTranslation();
  const keyboard = useKeyboardInUse();
  const headingId = useId();
  const { handlers, offset, hint, justSwiped } = useSwipe((rating) => {
    if (!revealed) onReveal();
    else if (rating) onRate(rating);
  });
  const word = (card.word ?? '').trim();
  const meaning = translationOf(card, language);
  if (!word || !meaning) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
      >
        <p>{t('flashcards.card.unavailable')}</p>
        <button type="button" className="button-secondary" onClick={onUnavailable}>
          {t('flashcards.card.tryAgain')}
        </button>
      </div>
    );
  }
  const gender = GENDER_BADGE[card.gender as keyof typeof GENDER_BADGE];
  const nativeLang = language === 'kr' ? 'ko' : language;
  const question =
    direction === 'toNative' ? { text: word, lang: 'de' } : { text: meaning, lang: nativeLang };
  const answer =
    direction === 'toNative' ? { text: meaning, lang: nativeLang } : { text: word, lang: 'de' };
  const moved = offset.dx !== 0 || offset.dy !== 0;

  return (
    <article
      ref={cardRef}
      aria-labelledby={headingId}
      aria-roledescription={t('flashcards.card.role')}
      data-card-id={card.id}
      data-revealed={revealed}
      tabIndex={-1}
      onClick={() => {
        if (!revealed && !justSwiped()) onReveal();
      }}
      {...handlers}
      style={{
        transform: moved ? `translate(${offset.dx}px, ${offset.dy}px)` : undefined,
        touchAction: 'none',
      }}
      className={`relative flex min-h-64 cursor-pointer select-none flex-col gap-4 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm outline-none transition-transform focus-visible:ring-2 focus-visible:ring-orange-600/50 sm:p-8 dark:border-stone-800 dark:bg-stone-900 ${revealed ? 'cursor-default' : ''}`}
    >
      <div className="flex items-center gap-2 text-sm">
        <span className="rounded-full bg-stone-100 px-2 py-0.5 font-semibold text-stone-700 dark:bg-stone-800 dark:text-stone-200">
          {card.difficulty_level}
        </span>
        {gender && (
          <abbr
            title={t(`flashcards.card.gender.${card.gender}`)}
            aria-label={t(`flashcards.card.gender.${card.gender}`)}
            className={`rounded-md border-2 px-1.5 font-bold no-underline ${gender.className}`}
          >
            {gender.letter}
          </abbr>
        )}
        {card.part_of_speech && (
          <span className="text-stone-500 dark:text-stone-400">
            {t(`vocabulary.screen.types.${card.part_of_speech}`, {
              defaultValue: card.part_of_speech,
            })}
          </span>
        )}
        {hint && (
          <span
            aria-hidden
            className="ml-auto rounded-full bg-orange-100 px-2 py-0.5 font-semibold text-orange-900 dark:bg-orange-900/60 dark:text-orange-100"
          >
            {t(HINT_KEY[hint])}
          </span>
        )}
      </div>
      <h2
        id={headingId}
        lang={question.lang}
        className="break-words text-center font-bold text-3xl text-stone-900 sm:text-4xl dark:text-stone-50"
      >
        {question.text}
      </h2>
      <div aria-live="polite" className="flex flex-col items-center gap-3 text-center">
        {revealed ? (
          <>
            <p
              lang={answer.lang}
              className="font-semibold text-2xl text-orange-800 dark:text-orange-300"
            >
              <span className="sr-only">{t('flashcards.card.answer')} </span>
              {answer.text}
            </p>
            {card.plural && direction === 'toNative' && (
              <p className="text-sm text-stone-600 dark:text-stone-400">
                {t('flashcards.card.plural', { plural: card.plural })}
              </p>
            )}
            {card.context ? (
              <StorySentence context={card.context} />
            ) : card.example_sentence ? (
              <p lang="de" className="max-w-prose text-stone-700 italic dark:text-stone-300">
                <span className="sr-only">{t('flashcards.card.example')} </span>
                {card.example_sentence}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-stone-500 dark:text-stone-400">
            {keyboard ? t('flashcards.card.tapToReveal') : t('flashcards.card.tapToRevealTouch')}
          </p>
        )}
      </div>
    </article>
  );
}
