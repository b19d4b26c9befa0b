import { BookmarkPlus, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VocabularyEntry } from '../stories/stories-api';
import type { SaveSource } from './saved-words-model';
import { sameWord } from './saved-words-model';
import { removeWord, saveWord, useSavedWords } from './saved-words-store';

/** Save a word to my list, or take it off again; says which it is. */
export function SaveWordButton({
  entry,
  source,
  storyId,
  storyTitle,
  contextSentence,
}: {
  entry: VocabularyEntry;
  source: SaveSource;
  storyId?: number;
  storyTitle?: string;
  contextSentence?: string;
}) {
  const { t } = useTranslation();
  const { words } = useSavedWords();
  const saved = words.find((word) => sameWord(word, { vocabularyId: entry.id, word: entry.word }));
  return saved ? (
    <button
      type="button"
      className="button-secondary self-start text-sm"
      onClick={() => removeWord(saved)}
      aria-label={t('vocabulary.saved.removeWord', { word: entry.word })}
    >
      <Check aria-hidden size={16} />
      {t('vocabulary.saved.saved')}
    </button>
  ) : (
    <button
      type="button"
      className="button-primary self-start text-sm"
      onClick={() =>
        saveWord(entry, {
          source,
          storyId,
          storyTitle,
          contextSentence: contextSentence || undefined,
        })
      }
    >
      <BookmarkPlus aria-hidden size={16} />
      {t('vocabulary.saved.save')}
    </button>
  );
}
