import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { Volume2, VolumeX } from 'lucide-react';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryWord } from '../../components/EntryWord';
import { SteppedList } from '../../components/SteppedList';
import { speakGerman } from '../../lib/speech';
import { LevelBadge } from '../stories/StoryCard';
import { translationIn } from '../stories/stories-api';
import { type DeckRow, typeKey, typeOf } from './decks';
import { KnownWordButton } from './KnownWordButton';
import { SaveWordButton } from './SaveWordButton';
import type { ViewMode } from './VocabularyFilters';
import '../../texts/vocabulary';

/** The BCP 47 tag of a translation language (kr is Korean: ko). */
export const langTag = (language: InterfaceLanguage) => (language === 'kr' ? 'ko' : language);

export function SpeakButton({ word, available }: { word: string; available: boolean }) {
  const { t } = useTranslation();
  const label = available
    ? t('vocabulary.screen.speak', { word })
    : t('vocabulary.screen.speakUnavailable');
  return (
    <button
      type="button"
      onClick={() => speakGerman(word)}
      disabled={!available}
      aria-label={label}
      title={label}
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-stone-300 text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-stone-600 dark:text-stone-200 dark:hover:bg-stone-800"
    >
      {available ? <Volume2 aria-hidden size={18} /> : <VolumeX aria-hidden size={18} />}
    </button>
  );
}

/** The story title a saved word came with, with the fixed English source names translated. */
function useSourceTitle() {
  const { t } = useTranslation();
  return (title: string) => {
    if (title === 'German Vocabulary Database') return t('vocabulary.screen.sources.database');
    if (title === 'Direct Addition') return t('vocabulary.screen.sources.direct');
    if (title === 'Story Context') return t('vocabulary.screen.sources.story');
    return title;
  };
}

/** A word of the list; memoised, so a step of the list or a change of one row redraws only that. */
const VocabularyItem = memo(function VocabularyItem({
  row,
  view,
  language,
  selected,
  onToggle,
  speech,
}: {
  row: DeckRow;
  view: ViewMode;
  language: InterfaceLanguage;
  selected: boolean;
  onToggle: (id: number) => void;
  speech: boolean;
}) {
  const { t } = useTranslation();
  const sourceTitle = useSourceTitle();
  const { entry, saved } = row;
  const headingId = `vocabulary-word-${entry.id}`;
  const translation = translationIn(entry, language) || entry.translationEn;
  const type = typeOf(entry);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="vocabulary-entry"
      data-vocabulary-id={entry.id}
      className={`flex h-full flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm dark:bg-stone-900 ${selected ? 'border-orange-600 ring-2 ring-orange-600/40 dark:border-orange-400' : 'border-stone-200 dark:border-stone-800'} ${view === 'single' ? 'md:grid md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_auto] md:items-start md:gap-5' : ''}`}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggle(entry.id)}
            aria-label={t('vocabulary.screen.select', { word: entry.word })}
            className="mt-1.5 h-4 w-4 shrink-0 accent-orange-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
          />
          <h3 id={headingId} lang="de" className="min-w-0 break-words text-lg leading-snug">
            <EntryWord entry={entry} />
          </h3>
        </div>
        {entry.plural && (
          <p className="pl-7 text-sm text-stone-600 dark:text-stone-300">
            {t('vocabulary.screen.pluralLabel')} <span lang="de">{entry.plural}</span>
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2 pl-7">
          <LevelBadge level={entry.difficultyLevel} />
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700 text-xs dark:bg-stone-800 dark:text-stone-200">
            {t(`vocabulary.screen.types.${typeKey(type)}`)}
          </span>
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <p lang={langTag(language)} className="font-medium text-stone-800 dark:text-stone-100">
          {translation || t('vocabulary.screen.noTranslation')}
        </p>
        {entry.exampleSentence && (
          <p lang="de" className="text-sm text-stone-600 italic dark:text-stone-300">
            {entry.exampleSentence}
          </p>
        )}
        {saved?.contextSentence && saved.contextSentence !== entry.exampleSentence && (
          <blockquote
            lang="de"
            className="border-orange-300 border-l-4 pl-3 text-sm text-stone-700 dark:border-orange-700 dark:text-stone-200"
          >
            {saved.contextSentence}
          </blockquote>
        )}
        {saved?.storyTitle && (
          <p className="text-stone-500 text-xs dark:text-stone-400">
            {t('vocabulary.screen.savedFrom', { title: sourceTitle(saved.storyTitle) })}
          </p>
        )}
      </div>
      <div
        className={`mt-auto flex flex-wrap items-start gap-2 ${view === 'single' ? 'md:mt-0 md:justify-end' : ''}`}
      >
        <SpeakButton word={entry.word} available={speech} />
        <SaveWordButton entry={entry} source="database" />
        <KnownWordButton entry={entry} />
      </div>
    </article>
  );
});

/** Words drawn at once: a screenful on a phone and on a desktop. */
const FIRST_WORDS = 8;
const rowKey = (row: DeckRow) => row.saved?.id ?? row.entry.id;

/**
 * The words shown: one column (single) or cards (grid), a screenful at once and the rest in
 * steps (components/SteppedList.tsx): 200 words in one task took a second on a slow phone,
 * on the list's first load and on every change of the search.
 */
export function VocabularyList({
  rows,
  view,
  language,
  selected,
  onToggle,
  speech,
  labelledBy,
}: {
  rows: readonly DeckRow[];
  view: ViewMode;
  language: InterfaceLanguage;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  speech: boolean;
  labelledBy: string;
}) {
  const renderRow = useCallback(
    (row: DeckRow) => (
      <VocabularyItem
        row={row}
        view={view}
        language={language}
        selected={selected.has(row.entry.id)}
        onToggle={onToggle}
        speech={speech}
      />
    ),
    [view, language, selected, onToggle, speech],
  );
  return (
    <SteppedList
      items={rows}
      first={FIRST_WORDS}
      keyOf={rowKey}
      renderItem={renderRow}
      itemClassName="flex flex-col"
      labelledBy={labelledBy}
      className={
        view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-3'
      }
    />
  );
}

/** Placeholder cards while the word list loads. */
export function VocabularySkeleton({ view, label }: { view: ViewMode; label: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className={
        view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-3'
      }
    >
      <span className="sr-only">{label}</span>
      {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
        <div
          key={key}
          aria-hidden
          className="h-32 animate-pulse rounded-2xl bg-stone-100 dark:bg-stone-800"
        />
      ))}
    </div>
  );
}
