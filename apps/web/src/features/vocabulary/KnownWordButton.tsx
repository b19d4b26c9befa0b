import { BadgeCheck, Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VocabularyEntry } from '../stories/stories-api';
import { markKnown, unmarkKnown, useKnownMark } from './known-words-store';
import '../../texts/vocabulary';

/**
 * "I know this": marks a word's entry (its lemma) known, so every story's coverage counts its
 * forms; pressed again, takes the mark back. A word known from the flashcards says so instead.
 */
export function KnownWordButton({ entry }: { entry: Pick<VocabularyEntry, 'id' | 'word'> }) {
  const { t } = useTranslation();
  const mark = useKnownMark(entry.id);
  const [message, setMessage] = useState('');
  const isMarked = mark === 'marked';
  if (mark === 'from-cards') {
    return (
      <p className="inline-flex items-center gap-1 self-start text-emerald-800 text-sm dark:text-emerald-300">
        <BadgeCheck aria-hidden size={16} />
        {t('vocabulary.known.fromCards')}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        aria-pressed={isMarked}
        aria-label={t('vocabulary.known.markLabel', { word: entry.word })}
        className={`self-start text-sm ${isMarked ? 'button-secondary border-emerald-600 bg-emerald-50 text-emerald-800 dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-200' : 'button-secondary'}`}
        onClick={() => {
          if (isMarked) {
            unmarkKnown(entry.id);
            setMessage(t('vocabulary.known.unmarkedMessage', { word: entry.word }));
          } else {
            markKnown(entry.id);
            setMessage(t('vocabulary.known.markedMessage', { word: entry.word }));
          }
        }}
      >
        {isMarked ? <Check aria-hidden size={16} /> : <BadgeCheck aria-hidden size={16} />}
        {t('vocabulary.known.mark')}
      </button>
      <p
        role="status"
        className="text-stone-600 text-xs dark:text-stone-300"
        data-testid="known-message"
      >
        {message}
      </p>
    </div>
  );
}
