import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { Languages, Volume2, X } from 'lucide-react';
import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryWord } from '../../../components/EntryWord';
import { speakGerman, speechAvailable } from '../../../lib/speech';
import { audioPlaying } from '../../audio/player';
import type { VocabularyEntry } from '../stories-api';
import { translationIn } from '../stories-api';
import { FormExplanation } from './FormExplanation';
import type { WordInfo } from './word-info';
import '../../../texts/reader';
import '../../../texts/vocabulary';

/**
 * What a word card shows beyond the meaning, from the learner's preferences (spec 1 §3): the
 * listen button (showPronunciationGuides), the word's level (enableDifficultyHints), and the
 * word read aloud as the card opens (autoPlayTTSNewWords). The story viewer provides it.
 */
export interface WordCardDisplay {
  listen: boolean;
  level: boolean;
  speakOnOpen: boolean;
}

export const WordCardDisplayContext = createContext<WordCardDisplay>({
  listen: true,
  level: false,
  speakOnOpen: false,
});

export interface WordCardProps {
  info: WordInfo;
  language: InterfaceLanguage;
  /** A short card (the tooltip preference): no example, the sentence translation on demand only. */
  compact?: boolean;
  /** An action for an entry, e.g. save the word. */
  action?: (entry: VocabularyEntry, info: WordInfo) => ReactNode;
  /** The sentence's translation, when the story has one in the learner's language. */
  translate?: (info: WordInfo) => { text: string; whole: boolean } | null;
  /** Called before the word is read aloud (e.g. to pause the story's audio). */
  onSpeak?: () => void;
  onClose: () => void;
  /** The id of the card's heading, for the dialog's label. */
  headingId: string;
}

const typeKey = (partOfSpeech: string) => partOfSpeech.trim().toLowerCase().replace(/\s+/g, '_');

/** The meaning of a tapped word: dictionary form, grammar, meaning, form, audio, actions. */
export function WordCard({
  info,
  language,
  compact = false,
  action,
  translate,
  onSpeak,
  onClose,
  headingId,
}: WordCardProps) {
  const { t } = useTranslation();
  const display = useContext(WordCardDisplayContext);
  const { entry } = info;
  const speakable = speechAvailable();
  const say = (text: string) => {
    onSpeak?.();
    speakGerman(text);
  };
  const word = entry?.word ?? info.text;
  // The word read aloud as its card opens (autoPlayTTSNewWords), unless the story's audio is
  // reading: then the learner hears the story, not a second voice over it.
  const autoSpeak = display.speakOnOpen && speakable;
  useEffect(() => {
    if (autoSpeak && !audioPlaying()) speakGerman(word);
  }, [autoSpeak, word]);
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="word-meaning">
      <div className="flex items-start gap-2">
        <h2 id={headingId} className="min-w-0 flex-1 text-lg leading-snug">
          {entry ? (
            <EntryWord entry={entry} />
          ) : (
            <span lang="de" className="font-semibold">
              {info.text}
            </span>
          )}
        </h2>
        {speakable && display.listen && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('reader.lookup.listen', { word: entry?.word ?? info.text })}
            title={t('reader.lookup.listen', { word: entry?.word ?? info.text })}
            onClick={() => say(entry?.word ?? info.text)}
          >
            <Volume2 aria-hidden size={18} />
          </button>
        )}
        <button
          type="button"
          className="icon-button"
          aria-label={t('reader.lookup.close')}
          title={t('reader.lookup.close')}
          onClick={onClose}
        >
          <X aria-hidden size={18} />
        </button>
      </div>

      {entry && (
        <>
          <p className="text-stone-600 text-xs dark:text-stone-300">
            {t(`vocabulary.screen.types.${typeKey(entry.partOfSpeech)}`, {
              defaultValue: entry.partOfSpeech,
            })}
            {entry.gender && ` · ${t(`reader.lookup.genders.${entry.gender}`)}`}
            {display.level && <span data-testid="word-level"> · {entry.difficultyLevel}</span>}
            {entry.partOfSpeech === 'noun' &&
              ` · ${entry.plural ? t('reader.plural', { plural: entry.plural }) : t('reader.lookup.noPlural')}`}
          </p>
          <p className="text-base" data-testid="word-translation">
            {translationIn(entry, language)}
          </p>
          <FormExplanation info={info} entry={entry} />
          {info.alternatives.length > 0 && (
            <p className="text-stone-600 text-xs dark:text-stone-300" data-testid="word-also">
              {t('reader.lookup.also')}{' '}
              {info.alternatives.map((other, position) => (
                <span key={other.id}>
                  {position > 0 && '; '}
                  <EntryWord entry={other} className="font-medium" /> ={' '}
                  {translationIn(other, language)}
                </span>
              ))}
            </p>
          )}
          {!compact && entry.exampleSentence && (
            <p lang="de" className="text-stone-600 italic dark:text-stone-300">
              {entry.exampleSentence}
            </p>
          )}
        </>
      )}

      {!entry && info.parts.length > 1 && (
        <div className="flex flex-col gap-1">
          <p className="text-stone-600 text-xs dark:text-stone-300">{t('reader.compound')}</p>
          {info.parts.map((part) => (
            <p key={part.id}>
              <EntryWord entry={part} /> — {translationIn(part, language)}
            </p>
          ))}
        </div>
      )}
      {!entry && info.parts.length <= 1 && (
        <p className="text-stone-600 dark:text-stone-300" data-testid="word-translation">
          {info.name ? t(`reader.lookup.name.${info.name}`) : t('reader.noEntry')}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2 pt-1">
        {entry && action?.(entry, info)}
        {translate && info.sentence && <SentenceTranslation info={info} translate={translate} />}
      </div>
    </div>
  );
}

/** The sentence's translation, shown on demand. */
function SentenceTranslation({
  info,
  translate,
}: {
  info: WordInfo;
  translate: NonNullable<WordCardProps['translate']>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const id = useId();
  const translation = shown ? translate(info) : null;
  return (
    <>
      <button
        type="button"
        className="button-secondary inline-flex items-center gap-1 text-sm"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((value) => !value)}
      >
        <Languages aria-hidden size={16} />
        {shown ? t('reader.lookup.hideSentence') : t('reader.lookup.translateSentence')}
      </button>
      <div id={id} className="basis-full" data-testid="sentence-translation">
        {translation && (
          <p className="rounded-lg bg-stone-100 p-2 text-stone-700 dark:bg-stone-800 dark:text-stone-200">
            {translation.whole && (
              <span className="block text-stone-500 text-xs dark:text-stone-400">
                {t('reader.lookup.wholeParagraph')}
              </span>
            )}
            {translation.text}
          </p>
        )}
      </div>
    </>
  );
}
