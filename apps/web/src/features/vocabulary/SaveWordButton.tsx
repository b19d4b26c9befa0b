import { BookmarkPlus, Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VocabularyEntry } from '../stories/stories-api';
import { useReaderPreferences } from '../stories/use-reader-preferences';
import type { SaveSource } from './saved-words-model';
import { removeWord, saveWord, useSavedWord } from './saved-words-store';
import '../../texts/vocabulary';

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
  const preferences = useReaderPreferences();
  const [message, setMessage] = useState('');
  const saved = useSavedWord({ vocabularyId: entry.id, word: entry.word });
  // Said after a save or a removal when the learner wants it (showSavedRemovedMessage).
  const say = (text: string) => setMessage(preferences.showSavedRemovedMessage ? text : '');
  const button = saved ? (
    <button
      type="button"
      className="button-secondary self-start text-sm"
      onClick={() => {
        removeWord(saved);
        say(t('vocabulary.saved.removedMessage', { word: entry.word }));
      }}
      aria-label={t('vocabulary.saved.removeWord', { word: entry.word })}
    >
      <Check aria-hidden size={16} />
      {t('vocabulary.saved.saved')}
    </button>
  ) : (
    <button
      type="button"
      className="button-primary self-start text-sm"
      onClick={() => {
        saveWord(entry, {
          source,
          storyId,
          storyTitle,
          contextSentence: contextSentence || undefined,
        });
        say(t('vocabulary.saved.savedMessage', { word: entry.word }));
      }}
    >
      <BookmarkPlus aria-hidden size={16} />
      {t('vocabulary.saved.save')}
    </button>
  );
  return (
    <div className="flex flex-col items-start gap-1">
      {button}
      <p
        role="status"
        className="text-stone-600 text-xs dark:text-stone-300"
        data-testid="save-message"
      >
        {message}
      </p>
    </div>
  );
}
