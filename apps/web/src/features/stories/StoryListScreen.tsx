import { CATEGORIES, LEVELS } from '@lesefuchs/core/content/taxonomy';
import { ListFilter, RotateCcw, Search, SlidersHorizontal } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PrefetchScreenData } from '../../app/router';
import { Chip } from '../../components/Chip';
import { LoadError } from '../../components/LoadError';
import { SteppedList } from '../../components/SteppedList';
import { useAuth } from '../../lib/session';
import { useModule } from '../../lib/use-module';
import { GUEST } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';
import { StoryCoverageProvider, useCoverageMap } from './coverage-context';
import { useReadingList } from './reading-lists';
import { StoryCard } from './StoryCard';
import { type StoryMeta, storiesQuery, useStories } from './stories-api';
import {
  applyFilters,
  baselineFrom,
  filtersFromParams,
  filtersToParams,
  preferencesHash,
  SORTS,
  type StoryFilters,
} from './story-filters';
import { useReaderPreferences } from './use-reader-preferences';
import '../../texts/stories';

const SESSION_KEY = 'lesefuchs.storyFilters';
const HASH_KEY = 'lesefuchs.storyFilters.preferences';
/** Typing settles this long before the list filters (spec 2 §2). */
const SEARCH_DEBOUNCE_MS = 300;

function readSession(): StoryFilters | null {
  try {
    return JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as StoryFilters | null;
  } catch {
    return null;
  }
}

/** Cards rendered at once: a screenful on a phone and on a desktop. */
const FIRST_STEP = 6;

/** /stories: filters kept in the address, the session and the preferences (spec 2 §2). */
export function StoryListScreen() {
  return (
    <StoryCoverageProvider>
      <StoryList />
    </StoryCoverageProvider>
  );
}

function StoryList() {
  const { t } = useTranslation();
  const stories = useStories();
  const completions = useReadingList('completions');
  const bookmarks = useReadingList('bookmarks');
  const bookmarkedIds = useMemo(
    () => new Set(bookmarks.entries.map((entry) => entry.storyId)),
    [bookmarks.entries],
  );
  // The cards get the same two functions on every render and skip re-rendering when their story,
  // bookmark and read marker are unchanged.
  const lists = useRef({ bookmarks, completions });
  lists.current = { bookmarks, completions };
  const onToggleBookmark = useCallback(
    (storyId: number) => lists.current.bookmarks.toggle(storyId),
    [],
  );
  const onMarkUnread = useCallback(
    (storyId: number) => lists.current.completions.remove(storyId),
    [],
  );
  const preferences = useReaderPreferences();
  const baseline = useMemo(() => baselineFrom(preferences), [preferences]);
  const hash = preferencesHash(baseline);
  const [params, setParams] = useSearchParams();

  const [filters, setFilters] = useState<StoryFilters>(() => {
    const changedPreferences =
      sessionStorage.getItem(HASH_KEY) !== null && sessionStorage.getItem(HASH_KEY) !== hash;
    if (changedPreferences) return baseline;
    return filtersFromParams(params, baseline) ?? readSession() ?? baseline;
  });
  const [searchText, setSearchText] = useState(filters.search);

  // Preferences changed (here or elsewhere): the filters start again from them.
  const lastHash = useRef(hash);
  useEffect(() => {
    if (lastHash.current !== hash) {
      lastHash.current = hash;
      setFilters(baseline);
      setSearchText('');
    }
    sessionStorage.setItem(HASH_KEY, hash);
  }, [hash, baseline]);

  useEffect(() => {
    const timer = window.setTimeout(
      () => setFilters((previous) => ({ ...previous, search: searchText })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [searchText]);

  // The address follows the filters, replacing the history entry.
  useEffect(() => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(filters));
    const next = filtersToParams(filters, baseline);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [filters, baseline, params, setParams]);

  const readIds = useMemo(
    () => new Set(completions.entries.map((entry) => entry.storyId)),
    [completions.entries],
  );
  const coverage = useCoverageMap();
  // Sorting by coverage follows it only when that is the order shown.
  const sortCoverage = filters.sort === 'coverage' ? coverage : undefined;
  const shown = useMemo(
    () => applyFilters(stories.data ?? [], filters, readIds, sortCoverage),
    [stories.data, filters, readIds, sortCoverage],
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters =
    (filters.difficulty === 'all' ? 0 : filters.difficulty.length) +
    (filters.categories === 'all' ? 0 : filters.categories.length) +
    (filters.showRead ? 0 : 1);
  const update = (change: Partial<StoryFilters>) =>
    setFilters((previous) => ({ ...previous, ...change }));
  const reset = () => {
    setFilters(baseline);
    setSearchText('');
  };

  const toggleIn = <T extends string>(
    current: T[] | 'all',
    value: T,
    all: readonly T[],
  ): T[] | 'all' => {
    const list = current === 'all' ? [] : current;
    const next = list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
    return next.length === 0 || next.length === all.length ? 'all' : next;
  };

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="page-title" className="page-title">
            {t('stories.title')}
          </h1>
          <p className="text-stone-600 dark:text-stone-300">{t('stories.subtitle')}</p>
        </div>
        <StoryPreferences />
      </div>

      <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
        <div className="flex items-center gap-2">
          <label className="relative block min-w-0 flex-1">
            <span className="sr-only">{t('stories.search')}</span>
            <Search aria-hidden size={18} className="absolute top-2.5 left-3 text-stone-400" />
            <input
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t('stories.search')}
              className="w-full rounded-lg border border-stone-300 bg-white py-2 pr-3 pl-9 dark:border-stone-700 dark:bg-stone-950"
            />
          </label>
          {/* On a phone the filters fold behind one button, so the first story is in view. */}
          <button
            type="button"
            className="button-secondary shrink-0 sm:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
            data-testid="story-filters-toggle"
          >
            <ListFilter aria-hidden size={16} />
            {t('stories.filters')}
            {activeFilters > 0 && (
              <span className="rounded-full bg-orange-700 px-1.5 text-white text-xs dark:bg-orange-500 dark:text-stone-950">
                {activeFilters}
                <span className="sr-only">
                  {' '}
                  {t('stories.filtersActive', { count: activeFilters })}
                </span>
              </span>
            )}
          </button>
        </div>
        <div
          id={filtersId}
          className={`${filtersOpen ? 'flex' : 'hidden'} flex-col gap-3 sm:flex`}
          data-testid="story-filters"
        >
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="mb-1 font-medium text-sm">{t('stories.levelFilter')}</legend>
            {LEVELS.map((level) => (
              <Chip
                key={level}
                pressed={filters.difficulty !== 'all' && filters.difficulty.includes(level)}
                onClick={() => update({ difficulty: toggleIn(filters.difficulty, level, LEVELS) })}
              >
                {level}
              </Chip>
            ))}
          </fieldset>
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="mb-1 font-medium text-sm">{t('stories.topicFilter')}</legend>
            {CATEGORIES.map((category) => (
              <Chip
                key={category}
                pressed={filters.categories !== 'all' && filters.categories.includes(category)}
                onClick={() =>
                  update({ categories: toggleIn(filters.categories, category, CATEGORIES) })
                }
              >
                {t(`stories.categories.${category}`)}
              </Chip>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={filters.showRead}
                onChange={(event) => update({ showRead: event.target.checked })}
                className="h-4 w-4 accent-orange-600"
              />
              {t('stories.showRead')}
            </label>
            <label className="flex items-center gap-2 text-sm">
              {t('stories.sort')}
              <select
                value={filters.sort}
                onChange={(event) => update({ sort: event.target.value as StoryFilters['sort'] })}
                className="rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-950"
              >
                {SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`stories.sorts.${sort}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="button-secondary ml-auto" onClick={reset}>
              <RotateCcw aria-hidden size={16} />
              {t('stories.reset')}
            </button>
          </div>
        </div>
      </div>

      {stories.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <div
              key={key}
              className="h-56 animate-pulse rounded-2xl bg-stone-100 dark:bg-stone-800"
            />
          ))}
        </div>
      ) : stories.isError && !stories.data ? (
        <LoadError
          message={t('stories.error')}
          retryLabel={t('stories.tryAgain')}
          onRetry={() => void stories.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
            {t('stories.count', { shown: shown.length, total: stories.data?.length ?? 0 })}
          </p>
          {shown.length === 0 ? (
            <p className="rounded-2xl border border-stone-300 border-dashed p-6 text-center text-stone-600 dark:border-stone-700 dark:text-stone-300">
              {t('stories.empty')}
            </p>
          ) : (
            <StoryCards
              stories={shown}
              bookmarkedIds={bookmarkedIds}
              readIds={readIds}
              onToggleBookmark={onToggleBookmark}
              onMarkUnread={onMarkUnread}
            />
          )}
        </>
      )}
    </section>
  );
}

const storyKey = (story: StoryMeta) => story.id;

/**
 * The cards, a screenful at once and the rest in steps. Its own component, memoised, so that
 * each step draws the list and not the filters above it.
 */
const StoryCards = memo(function StoryCards({
  stories,
  bookmarkedIds,
  readIds,
  onToggleBookmark,
  onMarkUnread,
}: {
  stories: readonly StoryMeta[];
  bookmarkedIds: ReadonlySet<number>;
  readIds: ReadonlySet<number>;
  onToggleBookmark: (storyId: number) => void;
  onMarkUnread: (storyId: number) => void;
}) {
  const renderCard = useCallback(
    (story: StoryMeta) => (
      <StoryCard
        story={story}
        bookmarked={bookmarkedIds.has(story.id)}
        read={readIds.has(story.id)}
        onToggleBookmark={onToggleBookmark}
        onMarkUnread={onMarkUnread}
      />
    ),
    [bookmarkedIds, readIds, onToggleBookmark, onMarkUnread],
  );
  return (
    <SteppedList
      items={stories}
      first={FIRST_STEP}
      keyOf={storyKey}
      renderItem={renderCard}
      itemClassName="flex"
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
    />
  );
});

const loadPreferencesPanel = () => import('../profile/PreferencesPanel');

/** The preferences dialog of the list (spec 2 §2): the reading preferences, in place. */
function StoryPreferences() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const { status, user } = useAuth();
  const profile = useProfileQuery(open ? user?.id : undefined);
  // Whose preferences these are is known once the session check answers (a change made before
  // would go to the guest's copy on this device).
  const ready = status !== 'checking';
  // The panel's code comes with the first opening, not with the list.
  const panel = useModule(loadPreferencesPanel, open);
  return (
    <>
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        <SlidersHorizontal aria-hidden size={16} />
        {t('stories.preferences')}
      </button>
      <dialog
        ref={dialog}
        aria-label={t('stories.preferences')}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-xl overflow-hidden rounded-2xl bg-transparent p-0 text-stone-900 backdrop:bg-black/50 open:flex open:flex-col dark:text-stone-100"
        onClose={() => setOpen(false)}
      >
        {/* The sheet scrolls within the screen's height; its Done stays in view at its foot. */}
        <div className="min-h-0 overflow-y-auto overscroll-contain rounded-2xl">
          {/* Rendered while open: the closed dialog costs the list nothing. */}
          {open && !(panel && ready) && (
            <p className="bg-white p-5 dark:bg-stone-900">{t('status.loading')}</p>
          )}
          {open && panel && ready && (
            <panel.PreferencesPanel
              userId={user?.id ?? GUEST}
              fromServer={user ? profile.data?.preferences : undefined}
              footer={
                <button
                  type="button"
                  className="button-primary"
                  onClick={() => dialog.current?.close()}
                >
                  {t('stories.done')}
                </button>
              }
            />
          )}
        </div>
      </dialog>
    </>
  );
}

/** The first load asks for the story list before the first render (app/router.tsx). */
export const prefetch: PrefetchScreenData = (client) => void client.prefetchQuery(storiesQuery());
