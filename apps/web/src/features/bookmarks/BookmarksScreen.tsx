import { Bookmark, BookmarkX, CircleCheck, HardDriveDownload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CARD_CLASS,
  CategoryBadge,
  DifficultyBadge,
  ReadingTime,
  StoryTitles,
} from '../home/DashboardSidebar';
import { type BookmarkItem, idsOf, orderBookmarks } from '../home/selection';
import { useReadingList } from '../stories/reading-lists';
import { type StoryMeta, useStories } from '../stories/stories-api';
import '../../texts/bookmarks';
import '../../texts/offline';

/** /bookmarks: the bookmarked stories, unread first, newest bookmark first within each group. */
export function BookmarksScreen() {
  const { t } = useTranslation();
  const stories = useStories();
  const bookmarks = useReadingList('bookmarks');
  const completions = useReadingList('completions');
  const readIds = useMemo(() => idsOf(completions.entries), [completions.entries]);
  const items = useMemo(
    () => orderBookmarks(bookmarks.entries, stories.data ?? [], readIds),
    [bookmarks.entries, stories.data, readIds],
  );
  const loading = !stories.data && stories.isPending;
  const failed = !stories.data && !stories.isPending && stories.isError;

  // After a removal, focus moves to the neighbouring remove button (or the heading) instead of
  // getting lost with the button that went away, and the removal is announced.
  const heading = useRef<HTMLHeadingElement>(null);
  const removeButtons = useRef(new Map<number, HTMLButtonElement>());
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | 'heading' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (focusAfterRemove === null) return;
    const target =
      focusAfterRemove === 'heading'
        ? heading.current
        : removeButtons.current.get(focusAfterRemove);
    (target ?? heading.current)?.focus();
    setFocusAfterRemove(null);
  }, [focusAfterRemove]);

  const remove = (index: number, title: string) => {
    const item = items[index];
    if (!item) return;
    const neighbour = items[index + 1] ?? items[index - 1];
    bookmarks.remove(item.storyId);
    setAnnouncement(t('bookmarks.removed', { title }));
    setFocusAfterRemove(neighbour ? neighbour.storyId : 'heading');
  };

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 py-6"
    >
      <div>
        <h1 id="page-title" ref={heading} tabIndex={-1} className="page-title outline-none">
          {t('bookmarks.title')}
        </h1>
        <p className="mt-1 text-stone-600 dark:text-stone-300">{t('bookmarks.subtitle')}</p>
        <Link
          to="/stories/offline"
          className="text-link mt-2 inline-flex items-center gap-1 text-sm"
          data-testid="bookmarks-offline-link"
        >
          <HardDriveDownload aria-hidden size={16} />
          {t('offline.seeSaved')}
        </Link>
      </div>
      <p className="sr-only" role="status">
        {announcement}
      </p>

      {loading ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            {t('status.loading')}
          </span>
          {['a', 'b', 'c'].map((key) => (
            <div key={key} aria-hidden className={`${CARD_CLASS} flex flex-col gap-3`}>
              <div className="h-6 w-3/5 animate-pulse rounded bg-stone-200 dark:bg-stone-700" />
              <div className="h-4 w-2/5 animate-pulse rounded bg-stone-100 dark:bg-stone-800" />
              <div className="h-5 w-24 animate-pulse rounded-full bg-stone-100 dark:bg-stone-800" />
            </div>
          ))}
        </div>
      ) : failed && items.length > 0 ? (
        <div role="alert" className={`${CARD_CLASS} flex flex-col items-start gap-3`}>
          <p className="text-stone-700 dark:text-stone-200">{t('bookmarks.error')}</p>
          <button
            type="button"
            className="button-secondary"
            onClick={() => window.location.reload()}
          >
            {t('bookmarks.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-stone-300 border-dashed bg-white px-5 py-10 text-center dark:border-stone-700 dark:bg-stone-900">
          <Bookmark aria-hidden size={36} className="text-orange-600 dark:text-orange-400" />
          <p className="font-semibold text-lg text-stone-900 dark:text-stone-50">
            {t('bookmarks.emptyTitle')}
          </p>
          <p className="max-w-md text-stone-600 dark:text-stone-300">{t('bookmarks.emptyBody')}</p>
          <Link to="/stories" className="button-primary">
            {t('bookmarks.browse')}
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item, index) => (
            <li key={item.storyId}>
              <BookmarkRow
                item={item}
                buttonRef={(button) => {
                  if (button) removeButtons.current.set(item.storyId, button);
                  else removeButtons.current.delete(item.storyId);
                }}
                onRemove={(title) => remove(index, title)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BookmarkRow({
  item,
  buttonRef,
  onRemove,
}: {
  item: BookmarkItem<StoryMeta>;
  buttonRef: (button: HTMLButtonElement | null) => void;
  onRemove: (title: string) => void;
}) {
  const { t } = useTranslation();
  const { story } = item;
  const title = story ? story.titleDe : t('bookmarks.missingTitle', { id: item.storyId });

  return (
    <article
      className="flex items-start gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900"
      data-testid="bookmark-item"
      data-story-id={item.storyId}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {story ? (
          <>
            <StoryTitles story={story} level="h2" linkTo={`/stories/${story.id}`} />
            <div className="flex flex-wrap items-center gap-2">
              <DifficultyBadge level={story.difficulty} />
              <CategoryBadge category={story.category} />
              <ReadingTime minutes={story.readingTimeMinutes} />
              {item.read && (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 text-xs dark:bg-emerald-950 dark:text-emerald-200">
                  <CircleCheck aria-hidden size={14} />
                  {t('bookmarks.read')}
                </span>
              )}
            </div>
          </>
        ) : (
          <>
            <h2 className="font-semibold text-lg text-stone-900 leading-snug dark:text-stone-50">
              {title}
            </h2>
            <p className="text-sm text-stone-600 dark:text-stone-300">
              {t('bookmarks.missing', { id: item.storyId })}
            </p>
          </>
        )}
      </div>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button shrink-0 text-orange-700 dark:text-orange-300"
        aria-label={t('bookmarks.remove', { title })}
        title={t('bookmarks.remove', { title })}
        onClick={() => onRemove(title)}
      >
        <BookmarkX aria-hidden size={20} />
      </button>
    </article>
  );
}
