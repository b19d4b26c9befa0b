import type { Level } from '@lesefuchs/core/content/taxonomy';
import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { inputErrorMessage, validateInput } from '@lesefuchs/core/validation/input';
import { BookmarkMinus, BookmarkPlus, X } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { VOCABULARY_HEADER_ID } from '../../app/navigation';
import { LoadError } from '../../components/LoadError';
import { currentLanguage } from '../../lib/i18n';
import { useAuth } from '../../lib/session';
import { speechAvailable } from '../../lib/speech';
import { ShareCollectionDialog } from '../community/ShareCollectionDialog';
import type { VocabularyEntry } from '../stories/stories-api';
import { useReaderPreferences } from '../stories/use-reader-preferences';
import {
  type DeckSelection,
  type DeckSource,
  deckFromParam,
  deckRows,
  deckSession,
  formatDeck,
  initialDeck,
  preferencesChanged,
  preferencesHash,
  selectRows,
  type TypeFilter,
  toggleLevel,
} from './decks';
import { bareWord, sameWord } from './saved-words-model';
import {
  clearWords,
  dismissNotice,
  removeWord,
  saveWord,
  useSavedWords,
} from './saved-words-store';
import { useVocabularySearch } from './search-client';
import { quickMatch } from './search-index';
import { DeckControl, FilterRow, SearchBox, type ViewMode } from './VocabularyFilters';
import { VocabularyList, VocabularySkeleton } from './VocabularyList';
import { useVocabulary } from './vocabulary-api';
import '../../texts/vocabulary';

/** At most this many rows render at once; "Show more" adds as many again. */
const PAGE = 200;
const SEARCH_DEBOUNCE_MS = 200;

/**
 * /vocabulary (spec 2 §2 "Vocabulary screen"): my list or the whole word list, in single or
 * grid view, with search, deck, language, levels and type, and bulk add/remove.
 */
export function VocabularyScreen() {
  const { t } = useTranslation();
  const preferences = useReaderPreferences();
  const vocabulary = useVocabulary();
  const { words: saved, notice } = useSavedWords();
  const { status: authStatus } = useAuth();
  const [params, setParams] = useSearchParams();

  const hash = preferencesHash(preferences);
  const [deck, setDeck] = useState<DeckSelection>(() => {
    const changed = preferencesChanged(deckSession.hash(), hash);
    if (changed) deckSession.setManual(null);
    return initialDeck({
      param: params.get('deck'),
      intent: deckSession.intent(),
      manual: changed ? null : deckSession.manual(),
      preferences,
    });
  });
  const [language, setLanguage] = useState<InterfaceLanguage>(currentLanguage());
  const [type, setType] = useState<TypeFilter>('all');
  const [view, setView] = useState<ViewMode>('single');
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [shown, setShown] = useState(PAGE);

  // A ?deck= in the address: applied by the rule of the spec, then taken out of the address.
  useEffect(() => {
    const param = params.get('deck');
    if (param === null) return;
    const wanted = deckFromParam(param, {
      intent: deckSession.intent(),
      manual: deckSession.manual(),
    });
    if (wanted) setDeck(wanted);
    deckSession.clearIntent();
    const next = new URLSearchParams(params);
    next.delete('deck');
    setParams(next, { replace: true });
  }, [params, setParams]);

  // Changed preferences reset deck, language, levels and type.
  const seenHash = useRef(hash);
  useEffect(() => {
    deckSession.setHash(hash);
    if (seenHash.current === hash) return;
    seenHash.current = hash;
    deckSession.setManual(null);
    setDeck(initialDeck({ param: null, intent: null, manual: null, preferences }));
    setLanguage(currentLanguage());
    setType('all');
  }, [hash, preferences]);

  useEffect(() => {
    // Typing settles first; a cleared box shows the whole deck at once, not the old search.
    if (searchText.trim() === '') {
      setQuery(searchText);
      return;
    }
    const timer = window.setTimeout(() => setQuery(searchText), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const chooseDeck = (next: DeckSelection) => {
    deckSession.setManual(formatDeck(next));
    setDeck(next);
    setShown(PAGE);
  };

  const entries = vocabulary.data?.entries;
  const search = useVocabularySearch({
    entries,
    version: vocabulary.data?.version,
    language,
    stemmer: preferences.useGermanStemmer,
    query,
  });
  // The whole list's rows do not follow the saved words (each word's buttons do), so a save
  // does not make every row new.
  const rowsSaved = deck.source === 'saved' ? saved : null;
  const rows = useMemo(
    () => deckRows(deck.source, entries ?? [], rowsSaved ?? []),
    [deck.source, entries, rowsSaved],
  );
  const result = useMemo(
    () =>
      selectRows(
        rows,
        { levels: deck.levels, type },
        search.active ? (search.ids ?? []) : null,
        (row) => (search.active ? quickMatch(row.entry, query, language) : false),
      ),
    [rows, deck.levels, type, search.active, search.ids, query, language],
  );

  const shownRows = useMemo(() => result.rows.slice(0, shown), [result.rows, shown]);
  const selectedRows = useMemo(
    () => result.rows.filter((row) => selected.has(row.entry.id)),
    [result.rows, selected],
  );
  // The words a collection could share, worked out again only when one of them changes (the
  // deck is up to 7,630 words; a save redraws this screen).
  const shareable = useMemo(
    () => ({
      saved: saved.map((word) => word.vocabularyId),
      deck: result.rows.map((row) => row.entry.id),
      selection: selectedRows.map((row) => row.entry.id),
    }),
    [saved, result.rows, selectedRows],
  );
  const toggle = useCallback(
    (id: number) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const addSelected = () => {
    for (const row of selectedRows) saveWord(row.entry, { source: 'database' });
    setSelected(new Set());
  };
  const removeSelected = () => {
    for (const row of selectedRows) {
      const word = saved.find((item) =>
        sameWord(item, { vocabularyId: row.entry.id, word: row.entry.word }),
      );
      if (word) removeWord(word);
    }
    setSelected(new Set());
  };
  const clearAll = () => {
    if (window.confirm(t('vocabulary.screen.clearConfirm'))) clearWords();
  };

  const title = deck.source === 'saved' ? t('pages.myList') : t('pages.vocabulary');
  const loading = deck.source === 'database' && vocabulary.isPending;
  const failed = deck.source === 'database' && vocabulary.isError && !entries;

  return (
    <section aria-labelledby={VOCABULARY_HEADER_ID} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id={VOCABULARY_HEADER_ID} className="page-title scroll-mt-20">
            {title}
          </h1>
          <p className="text-stone-600 dark:text-stone-300">{t('vocabulary.screen.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ShareCollectionDialog signedIn={authStatus === 'signed-in'} words={shareable} />
          {deck.source === 'saved' && saved.length > 0 && (
            <button type="button" className="button-secondary" onClick={clearAll}>
              {t('vocabulary.screen.clearAll')}
            </button>
          )}
        </div>
      </div>

      {deck.source === 'saved' && <AddWordForm entries={entries} />}

      {notice && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="flex-1">{notice.message}</p>
          <button type="button" onClick={dismissNotice} aria-label={t('vocabulary.screen.dismiss')}>
            <X aria-hidden size={18} />
          </button>
        </div>
      )}

      <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
        <SearchBox value={searchText} onChange={setSearchText} />
        <DeckControl
          deck={deck}
          savedCount={saved.length}
          databaseCount={entries?.length ?? null}
          counts={result.counts}
          onSource={(source: DeckSource) => chooseDeck({ ...deck, source })}
          onToggleLevel={(level: Level) =>
            chooseDeck({ ...deck, levels: toggleLevel(deck.levels, level) })
          }
          onAllLevels={() => chooseDeck({ ...deck, levels: [] })}
        />
        <FilterRow
          language={language}
          onLanguage={setLanguage}
          type={type}
          onType={setType}
          view={view}
          onView={setView}
          onReset={() => {
            deckSession.setManual(null);
            setDeck(initialDeck({ param: null, intent: null, manual: null, preferences }));
            setLanguage(currentLanguage());
            setType('all');
            setSearchText('');
          }}
        />
      </div>

      {selectedRows.length > 0 && (
        <div
          className="sticky top-16 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-orange-200 bg-orange-50 p-3 dark:border-stone-700 dark:bg-stone-900"
          role="region"
          aria-label={t('vocabulary.screen.bulk')}
        >
          <span className="font-medium">
            {t('vocabulary.screen.selected', { count: selectedRows.length })}
          </span>
          <button type="button" className="button-primary" onClick={addSelected}>
            <BookmarkPlus aria-hidden size={16} />
            {t('vocabulary.screen.addSelected')}
          </button>
          <button type="button" className="button-secondary" onClick={removeSelected}>
            <BookmarkMinus aria-hidden size={16} />
            {t('vocabulary.screen.removeSelected')}
          </button>
          <button
            type="button"
            className="text-link ml-auto text-sm"
            onClick={() => setSelected(new Set())}
          >
            {t('vocabulary.screen.clearSelection')}
          </button>
        </div>
      )}

      <h2 id="vocabulary-results" className="sr-only">
        {title}
      </h2>
      <div data-tour="vocabulary-list" data-testid="vocabulary-list">
        {loading ? (
          <VocabularySkeleton view={view} label={t('status.loading')} />
        ) : failed ? (
          <LoadError
            message={t('vocabulary.screen.loadFailed')}
            retryLabel={t('vocabulary.screen.retry')}
            onRetry={() => void vocabulary.refetch()}
          />
        ) : result.rows.length === 0 ? (
          <div className="rounded-2xl border border-stone-300 border-dashed p-6 text-center text-stone-600 dark:border-stone-700 dark:text-stone-300">
            {deck.source === 'saved' && saved.length === 0 ? (
              <>
                <p>{t('vocabulary.screen.emptyList')}</p>
                <Link className="text-link" to="/stories">
                  {t('vocabulary.screen.toStories')}
                </Link>
              </>
            ) : (
              <p>{t('vocabulary.screen.noResults')}</p>
            )}
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
              {t('vocabulary.screen.count', {
                shown: Math.min(shown, result.rows.length),
                total: result.rows.length,
              })}
            </p>
            <VocabularyList
              rows={shownRows}
              view={view}
              language={language}
              selected={selected}
              onToggle={toggle}
              speech={speechAvailable()}
              labelledBy="vocabulary-results"
            />
            {shown < result.rows.length && (
              <button
                type="button"
                className="button-secondary mt-4"
                onClick={() => setShown(shown + PAGE)}
              >
                {t('vocabulary.screen.showMore')}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Adds a typed word to my list ("Direct Addition"): checked by the input rules, then looked up
 * in the word list by the word with or without its article.
 */
function AddWordForm({ entries }: { entries: readonly VocabularyEntry[] | undefined }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateInput(text.trim(), 'word');
    if (!checked.valid) {
      setMessage({ tone: 'error', text: inputErrorMessage('word', checked.errors) });
      return;
    }
    const wanted = bareWord(checked.value);
    const entry = entries?.find(
      (candidate) =>
        bareWord(candidate.word) === wanted || candidate.baseWord.toLowerCase() === wanted,
    );
    if (!entry) {
      setMessage({
        tone: 'error',
        text: t('vocabulary.screen.notInList', { word: checked.value }),
      });
      return;
    }
    saveWord(entry, { source: 'direct' });
    setMessage({ tone: 'success', text: t('vocabulary.screen.added', { word: entry.word }) });
    setText('');
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <label className="flex flex-1 flex-col gap-1 text-sm">
        {t('vocabulary.screen.addWord')}
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          lang="de"
          autoComplete="off"
          className="rounded-lg border border-stone-300 bg-white px-3 py-2 dark:border-stone-700 dark:bg-stone-950"
        />
      </label>
      <button type="submit" className="button-primary" disabled={!entries}>
        {t('vocabulary.screen.add')}
      </button>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`w-full text-sm ${message.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
