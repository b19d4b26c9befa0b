import { PauseCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/Form';
import type { VocabularyEntry } from '../stories/stories-api';
import { SaveWordButton } from '../vocabulary/SaveWordButton';
import type { StudyCard } from './study-state';
import '../../texts/flashcards';

/** The card's vocabulary entry, for saving the word to my list. */
function entryOf(card: StudyCard): VocabularyEntry {
  return {
    id: card.vocabulary_id,
    word: card.word,
    baseWord: card.base_word || card.word,
    translationEn: card.translation_en,
    translationEs: card.translation_es,
    translationKr: card.translation_kr,
    partOfSpeech: card.part_of_speech,
    difficultyLevel: card.difficulty_level,
    exampleSentence: card.example_sentence,
    gender: (['masculine', 'feminine', 'neuter'] as const).find((g) => g === card.gender) ?? null,
    plural: card.plural,
  };
}

/** Suspend and save-word, under the card (spec 3 §2 "in study context"). */
export function CardActions({
  card,
  onSuspend,
}: {
  card: StudyCard;
  onSuspend: (card: StudyCard) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const suspend = async () => {
    setMessage(null);
    try {
      await onSuspend(card);
      setMessage({ tone: 'success', text: t('flashcards.actions.suspended', { word: card.word }) });
    } catch (error) {
      setMessage({
        tone: 'error',
        text: t('flashcards.actions.suspendFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      });
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <button
          type="button"
          className="button-secondary text-sm"
          onClick={suspend}
          aria-label={t('flashcards.actions.suspendName', { word: card.word })}
        >
          <PauseCircle aria-hidden size={16} />
          {t('flashcards.actions.suspend')}
        </button>
        <SaveWordButton entry={entryOf(card)} source="database" />
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
    </div>
  );
}
