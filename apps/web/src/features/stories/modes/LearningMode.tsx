import { LOCALE_OF } from '@lesefuchs/core/i18n/languages';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryWord } from '../../../components/EntryWord';
import { useKeyboardInUse } from '../../../lib/keyboard-in-use';
import type { StoryDetail, VocabularyEntry } from '../stories-api';
import { translationIn } from '../stories-api';
import { isControlTarget, type ModeProps } from './types';
import '../../../texts/reader';

/** Most cards in one round of the learning mode. */
export const MAX_CARDS = 30;

/** The story's target words (in their order), then its other entries; at most MAX_CARDS. */
export function flashcardEntries(detail: StoryDetail, max = MAX_CARDS): VocabularyEntry[] {
  const byId = new Map(detail.vocabulary.map((entry) => [entry.id, entry]));
  const seen = new Set<number>();
  const cards: VocabularyEntry[] = [];
  const add = (entry: VocabularyEntry | undefined) => {
    if (!entry || seen.has(entry.id)) return;
    seen.add(entry.id);
    cards.push(entry);
  };
  for (const id of detail.targetVocabularyIds) add(byId.get(id));
  for (const entry of detail.vocabulary) add(entry);
  return cards.slice(0, max);
}

/**
 * Learning: flashcards of the story's words. The front shows the German word with its article;
 * "Show meaning" (or Space/Enter) turns it to the translation and the example sentence;
 * ArrowLeft/ArrowRight move between cards. A button on the last card marks the story read.
 */
export function LearningMode(props: ModeProps) {
  // Another story starts afresh: its first card and its own single onComplete.
  return <Learning key={props.detail.story.id} {...props} />;
}

function Learning({ detail, language, onComplete }: ModeProps) {
  const { t } = useTranslation();
  const keyboard = useKeyboardInUse();
  const cards = useMemo(() => flashcardEntries(detail), [detail]);
  const targets = useMemo(() => new Set(detail.targetVocabularyIds), [detail.targetVocabularyIds]);
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [done, setDone] = useState(false);
  const completed = useRef(false);
  const total = cards.length;
  const current = Math.min(index, Math.max(0, total - 1));
  const card = cards[current];
  const isLast = current >= total - 1;

  const move = useCallback(
    (step: number) => {
      setIndex((shown) => Math.min(Math.max(0, shown + step), Math.max(0, total - 1)));
      setFlipped(false);
    },
    [total],
  );
  const flip = useCallback(() => setFlipped((side) => !side), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isControlTarget(event.target)) return;
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        flip();
      } else if (event.key === 'ArrowLeft') move(-1);
      else if (event.key === 'ArrowRight') move(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [flip, move]);

  const finish = () => {
    if (completed.current) return;
    completed.current = true;
    setDone(true);
    onComplete();
  };

  const finishButton = (
    <button
      type="button"
      className="button-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
      aria-disabled={done}
      onClick={finish}
    >
      {done ? t('reader.modes.learning.finished') : t('reader.modes.learning.finish')}
    </button>
  );

  if (!card) {
    return (
      <section className="mx-auto flex w-full max-w-xl flex-col items-start gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
        <p>{t('reader.modes.learning.empty')}</p>
        {finishButton}
      </section>
    );
  }

  const translation = translationIn(card, language);
  return (
    <section
      aria-label={t('reader.modes.learning.label')}
      className="mx-auto flex w-full max-w-xl flex-col gap-4"
    >
      <div
        aria-live="polite"
        aria-atomic="true"
        data-testid="flashcard"
        className={`flex min-h-64 flex-col items-center justify-center gap-3 rounded-2xl border-2 p-6 text-center transition-colors motion-reduce:transition-none ${
          flipped
            ? 'border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-stone-800'
            : 'border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900'
        }`}
      >
        <span className="font-medium text-stone-500 text-xs uppercase tracking-wide dark:text-stone-400">
          {flipped ? t('reader.modes.learning.back') : t('reader.modes.learning.front')}
          {targets.has(card.id) && ` · ${t('reader.modes.learning.target')}`}
        </span>
        <span lang="de" className="text-3xl [overflow-wrap:anywhere] sm:text-4xl">
          <EntryWord entry={card} />
        </span>
        {flipped && (
          <>
            <span lang={LOCALE_OF[language]} className="font-semibold text-2xl">
              {translation}
            </span>
            {card.plural && (
              <span className="text-sm text-stone-600 dark:text-stone-300">
                {t('reader.plural', { plural: card.plural })}
              </span>
            )}
            {card.exampleSentence && (
              <span className="flex flex-col gap-1 text-stone-700 dark:text-stone-200">
                <span className="sr-only">{t('reader.modes.learning.example')}</span>
                <span lang="de" className="italic">
                  „{card.exampleSentence}“
                </span>
              </span>
            )}
          </>
        )}
      </div>

      <div className="flex justify-center">
        <button
          type="button"
          className="button-secondary"
          aria-pressed={flipped}
          aria-keyshortcuts="Space Enter"
          onClick={flip}
        >
          <RefreshCw aria-hidden size={18} />
          {flipped ? t('reader.modes.learning.showWord') : t('reader.modes.learning.showMeaning')}
        </button>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className="button-secondary aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          aria-disabled={current === 0}
          aria-keyshortcuts="ArrowLeft"
          onClick={() => move(-1)}
        >
          <ChevronLeft aria-hidden size={18} />
          {t('reader.modes.learning.previous')}
        </button>
        <span className="text-sm text-stone-600 tabular-nums dark:text-stone-300">
          <span className="sr-only">{t('reader.modes.learning.cardLabel')} </span>
          {t('reader.modes.learning.position', { current: current + 1, total })}
        </span>
        <button
          type="button"
          className="button-secondary aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          aria-disabled={isLast}
          aria-keyshortcuts="ArrowRight"
          onClick={() => move(1)}
        >
          {t('reader.modes.learning.next')}
          <ChevronRight aria-hidden size={18} />
        </button>
      </div>
      {keyboard && (
        <p className="text-center text-stone-500 text-xs dark:text-stone-400">
          {t('reader.modes.learning.keysHint')}
        </p>
      )}

      {isLast && (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-stone-200 bg-white p-5 text-center dark:border-stone-800 dark:bg-stone-900">
          <p>{t('reader.modes.learning.endText')}</p>
          {finishButton}
        </div>
      )}
      <p role="status" className="text-center text-sm">
        {done ? t('reader.modes.common.markedRead') : ''}
      </p>
    </section>
  );
}
