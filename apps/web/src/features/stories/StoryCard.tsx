import { type Coverage, coveragePercent } from '@lesefuchs/core/reading/coverage';
import { Bookmark, BookmarkCheck, CheckCircle2 } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage, currentLocale } from '../../lib/i18n';
import { useCoverageMap } from './coverage-context';
import { SeriesLine } from './SeriesLine';
import { type StoryMeta, titleIn } from './stories-api';
import '../../texts/stories';

export function LevelBadge({ level }: { level: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-orange-100 px-2 py-0.5 font-semibold text-orange-900 text-xs dark:bg-orange-950 dark:text-orange-200">
      {level || t('stories.na')}
    </span>
  );
}

export function CategoryBadge({ category }: { category: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700 text-xs dark:bg-stone-800 dark:text-stone-200">
      {category ? t(`stories.categories.${category}`) : t('stories.na')}
    </span>
  );
}

interface StoryCardProps {
  story: StoryMeta;
  bookmarked: boolean;
  read: boolean;
  /** Stable across renders (the list holds the reading lists), so an unchanged card is skipped. */
  onToggleBookmark: (storyId: number) => void;
  onMarkUnread: (storyId: number) => void;
}

/**
 * The share of the story's words the learner knows (by lemma) and how many are new to them. Its
 * line keeps its height while the lemma lists load, so the card does not move when it appears.
 */
export function CoverageLine({ coverage }: { coverage: Coverage | undefined }) {
  const { t } = useTranslation();
  if (!coverage) return <div aria-hidden className="h-5" data-testid="story-coverage" />;
  const percent = coveragePercent(coverage);
  // A whole percent, written by the locale's text rather than Intl.NumberFormat, whose first
  // construction (ICU's number data) costs a long task on a phone as the list's coverage arrives.
  const formatted = t('stories.coverage.percent', { value: percent });
  return (
    <div
      className="flex h-5 items-center gap-2 text-sm text-stone-600 dark:text-stone-300"
      data-testid="story-coverage"
      data-known-percent={percent}
      data-new-words={coverage.newWords}
    >
      <span
        aria-hidden
        className="h-1.5 w-14 shrink-0 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
      >
        <span
          className="block h-full rounded-full bg-emerald-600 dark:bg-emerald-400"
          style={{ width: `${percent}%` }}
        />
      </span>
      <span aria-hidden className="font-medium text-stone-800 dark:text-stone-100">
        {t('stories.coverage.known', { percent: formatted })}
      </span>
      <span aria-hidden>·</span>
      <span aria-hidden>{t('stories.coverage.newWords', { count: coverage.newWords })}</span>
      <span className="sr-only">
        {t('stories.coverage.label', { percent: formatted, count: coverage.newWords })}
      </span>
    </div>
  );
}

/** A card's coverage line, from the list's coverage (coverage-context.tsx). */
function StoryCoverageLine({ storyId }: { storyId: number }) {
  return <CoverageLine coverage={useCoverageMap()?.get(storyId)} />;
}

/**
 * A story in the list (spec 2 §2 "Story card"): badges, bookmark toggle, read marker (a click
 * marks the story unread), German title and preview, the share of its words the learner knows,
 * target-word count, Lesson and Normal.
 */
export const StoryCard = memo(function StoryCard({
  story,
  bookmarked,
  read,
  onToggleBookmark,
  onMarkUnread,
}: StoryCardProps) {
  const { t } = useTranslation();
  const title = story.titleDe || story.titleEn;
  const language = currentLanguage();
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900"
      data-testid="story-card"
      data-story-id={story.id}
    >
      <div className="flex items-center gap-2">
        <CategoryBadge category={story.category} />
        <LevelBadge level={story.difficulty} />
        <div className="ml-auto flex items-center gap-1">
          {read && (
            <button
              type="button"
              onClick={() => onMarkUnread(story.id)}
              aria-label={t('stories.markUnread', { title })}
              title={t('stories.markUnread', { title })}
              className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-emerald-700 text-xs hover:bg-emerald-50 dark:text-emerald-300 dark:hover:bg-stone-800"
            >
              <CheckCircle2 aria-hidden size={16} />
              {t('stories.read')}
            </button>
          )}
          <button
            type="button"
            onClick={() => onToggleBookmark(story.id)}
            aria-pressed={bookmarked}
            aria-label={t(bookmarked ? 'stories.unbookmark' : 'stories.bookmark', { title })}
            className="rounded-full p-1.5 text-orange-700 hover:bg-orange-50 dark:text-orange-300 dark:hover:bg-stone-800"
          >
            {bookmarked ? (
              <BookmarkCheck aria-hidden size={20} />
            ) : (
              <Bookmark aria-hidden size={20} />
            )}
          </button>
        </div>
      </div>
      <div>
        <SeriesLine series={story.series} />
        <h2 className="font-semibold text-lg leading-snug" lang="de">
          <Link to={`/stories/${story.id}`} className="hover:underline">
            {title}
          </Link>
        </h2>
        {language !== 'en' || story.titleEn !== title ? (
          <p className="text-sm text-stone-500 dark:text-stone-400">{titleIn(story, language)}</p>
        ) : null}
      </div>
      <p className="line-clamp-3 text-stone-700 dark:text-stone-300" lang="de">
        {story.previewDe || story.previewEn}
      </p>
      <StoryCoverageLine storyId={story.id} />
      <div className="mt-auto flex flex-wrap items-center gap-2 text-sm text-stone-500 dark:text-stone-400">
        <span>{t('stories.targetWords', { count: story.vocabularyList.length })}</span>
        <span aria-hidden>·</span>
        <span>{t('stories.minutes', { count: story.readingTimeMinutes })}</span>
        <span className="ml-auto flex gap-2">
          <Link to={`/stories/${story.id}?mode=lesson`} className="button-secondary">
            {t('stories.lesson')}
          </Link>
          <Link to={`/stories/${story.id}?mode=normal`} className="button-primary">
            {t('stories.normal')}
          </Link>
        </span>
      </div>
    </article>
  );
});
