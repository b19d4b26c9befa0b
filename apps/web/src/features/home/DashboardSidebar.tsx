import type { Level } from '@lesefuchs/core/content/taxonomy';
import { dateTimeFormat } from '@lesefuchs/core/intl';
import { isComfortable } from '@lesefuchs/core/reading/coverage';
import { BookOpen, Clock, History, RefreshCw, Shuffle, Sparkles, Trophy } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage, currentLocale } from '../../lib/i18n';
import { useAuth } from '../../lib/session';
import { type ReadingEntry, useReadingList } from '../stories/reading-lists';
import { CoverageLine } from '../stories/StoryCard';
import { type StoryMeta, titleIn, useStories } from '../stories/stories-api';
import { useStoryCoverage } from '../stories/story-coverage';
import {
  chosenOrSeeded,
  idsOf,
  lastRead,
  pickAnother,
  recommendationPool,
  titleLanguage,
  unreadStories,
} from './selection';
import { storyLevelsOnDevice } from './story-level';
import '../../texts/home';
import '../../texts/sidebar';
import '../../texts/stories';

/** The card look of the home page, the sidebar and the bookmarks page. */
export const CARD_CLASS =
  'rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900';

const LEVEL_STYLE: Record<string, string> = {
  A: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  B: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  C: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
};

/** The CEFR level, named for screen readers (the colour only repeats the letter). */
export function DifficultyBadge({ level }: { level: Level }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 font-semibold text-xs ${LEVEL_STYLE[level.charAt(0)] ?? LEVEL_STYLE.A}`}
    >
      <span className="sr-only">{t('stories.difficulty')}: </span>
      {level}
    </span>
  );
}

export function CategoryBadge({ category }: { category: StoryMeta['category'] }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-stone-100 px-2 py-0.5 text-stone-700 text-xs dark:bg-stone-800 dark:text-stone-200">
      {t(`stories.categories.${category}`)}
    </span>
  );
}

export function ReadingTime({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 text-stone-600 text-xs dark:text-stone-300">
      <Clock aria-hidden size={14} />
      {t('home.readingTime', { minutes })}
    </span>
  );
}

/** The German title (the heading) and the title in the learner's language below it. */
export function StoryTitles({
  story,
  level: Heading = 'h3',
  linkTo,
}: {
  story: StoryMeta;
  level?: 'h2' | 'h3';
  /** When given, the German title links there. */
  linkTo?: string;
}) {
  const language = currentLanguage();
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <Heading
        lang="de"
        className="break-words font-semibold text-lg text-stone-900 leading-snug dark:text-stone-50"
      >
        {linkTo ? (
          <Link
            to={linkTo}
            className="rounded-sm hover:text-orange-800 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-2 dark:hover:text-orange-300"
          >
            {story.titleDe}
          </Link>
        ) : (
          story.titleDe
        )}
      </Heading>
      <p
        lang={titleLanguage(story, language)}
        className="break-words text-sm text-stone-600 dark:text-stone-300"
      >
        {titleIn(story, language)}
      </p>
    </div>
  );
}

/** A grey placeholder card while the stories load. */
export function SkeletonCard({ lines = 3 }: { lines?: number }) {
  return (
    <div aria-hidden className={`${CARD_CLASS} flex flex-col gap-3`}>
      <div className="h-5 w-2/5 animate-pulse rounded bg-stone-200 dark:bg-stone-700" />
      <div className="h-6 w-4/5 animate-pulse rounded bg-stone-200 dark:bg-stone-700" />
      {Array.from({ length: lines }, (_, index) => (
        <div
          key={index}
          className="h-4 w-3/5 animate-pulse rounded bg-stone-100 dark:bg-stone-800"
        />
      ))}
      <div className="h-9 w-24 animate-pulse rounded-full bg-stone-200 dark:bg-stone-700" />
    </div>
  );
}

/**
 * The home page's sidebar: a random unread story to read next (or, when everything is read, a
 * random one to review) and the story read most recently.
 */
export function DashboardSidebar() {
  const { t } = useTranslation();
  const stories = useStories();
  const completions = useReadingList('completions');
  const readIds = useMemo(() => idsOf(completions.entries), [completions.entries]);
  const list = stories.data;
  const loading = !list?.length && stories.isPending;

  return (
    <aside
      aria-label={t('sidebar.label')}
      aria-busy={loading || undefined}
      className="grid content-start items-start gap-6 sm:grid-cols-2 lg:grid-cols-1"
    >
      {list && list.length > 0 ? (
        <>
          <Recommended stories={list} readIds={readIds} />
          <LastRead stories={list} completions={completions.entries} />
        </>
      ) : loading ? (
        <>
          <SkeletonCard />
          <SkeletonCard lines={2} />
        </>
      ) : (
        <p
          className={`${CARD_CLASS} text-stone-700 dark:text-stone-200 sm:col-span-2 lg:col-span-1`}
        >
          {t('sidebar.error')}
        </p>
      )}
    </aside>
  );
}

function SectionHeading({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: typeof Sparkles;
  children: string;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 font-semibold text-lg">
      <Icon aria-hidden size={20} className="shrink-0 text-orange-600 dark:text-orange-400" />
      {children}
    </h2>
  );
}

function StoryFacts({ story }: { story: StoryMeta }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DifficultyBadge level={story.difficulty} />
      <CategoryBadge category={story.category} />
      <ReadingTime minutes={story.readingTimeMinutes} />
    </div>
  );
}

function Recommended({
  stories,
  readIds,
}: {
  stories: readonly StoryMeta[];
  readIds: ReadonlySet<number>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { user } = useAuth();
  // Read on every render (a small JSON), compared as text so an unchanged level keeps the pool.
  const levelsKey = JSON.stringify(storyLevelsOnDevice(user?.id ?? 'guest'));
  const { coverage, settled, knownCount } = useStoryCoverage();
  // A fixed seed keeps the first pick stable across renders; the refresh button picks anew.
  const [seed] = useState(() => Math.random());
  const [chosenId, setChosenId] = useState<number | null>(null);
  const unread = useMemo(() => unreadStories(stories, readIds), [stories, readIds]);
  const pool = useMemo(
    () => recommendationPool(unread, JSON.parse(levelsKey) as Level[] | 'all', coverage),
    [unread, levelsKey, coverage],
  );
  // The refresh button goes on through the stories at the level when only one is comfortable.
  const wide = useMemo(
    () => recommendationPool(unread, JSON.parse(levelsKey) as Level[] | 'all'),
    [unread, levelsKey],
  );
  // A learner who knows words waits for the coverage, so the pick does not change under them.
  const waiting = knownCount > 0 && !settled;
  const story =
    wide.find((candidate) => candidate.id === chosenId) ?? chosenOrSeeded(pool, null, seed);
  if (!story) return <AllCompleted stories={stories} />;
  if (waiting) return <SkeletonCard />;
  const storyCoverage = coverage?.get(story.id);

  return (
    <section aria-labelledby={headingId} className={`${CARD_CLASS} flex flex-col gap-3`}>
      <div className="flex items-center justify-between gap-2">
        <SectionHeading id={headingId} icon={Sparkles}>
          {t('sidebar.recommended.title')}
        </SectionHeading>
        <button
          type="button"
          className="icon-button shrink-0 disabled:cursor-not-allowed disabled:opacity-40"
          aria-label={t('sidebar.recommended.refresh')}
          title={t('sidebar.recommended.refresh')}
          disabled={wide.length < 2}
          onClick={() =>
            setChosenId(pickAnother(pool.length >= 2 ? pool : wide, story.id)?.id ?? null)
          }
        >
          <RefreshCw aria-hidden size={18} />
        </button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-3" data-testid="recommended-story">
        <StoryTitles story={story} />
        <StoryFacts story={story} />
        {storyCoverage && <CoverageLine coverage={storyCoverage} />}
        {storyCoverage && isComfortable(storyCoverage) && (
          <p className="text-emerald-800 text-sm dark:text-emerald-300">
            {t('sidebar.recommended.comfortable')}
          </p>
        )}
      </div>
      <Link to={`/stories/${story.id}`} className="button-primary self-start">
        <BookOpen aria-hidden size={16} />
        {t('sidebar.read')}
        <span className="sr-only" lang="de">
          : {story.titleDe}
        </span>
      </Link>
    </section>
  );
}

function AllCompleted({ stories }: { stories: readonly StoryMeta[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [seed] = useState(() => Math.random());
  const [chosenId, setChosenId] = useState<number | null>(null);
  const review = chosenOrSeeded(stories, chosenId, seed);

  return (
    <section aria-labelledby={headingId} className={`${CARD_CLASS} flex flex-col gap-3`}>
      <SectionHeading id={headingId} icon={Trophy}>
        {t('sidebar.allRead.title')}
      </SectionHeading>
      <p className="text-stone-700 dark:text-stone-200">{t('sidebar.allRead.body')}</p>
      {review && (
        <p aria-live="polite" className="text-sm text-stone-600 dark:text-stone-300">
          {t('sidebar.allRead.pick')}{' '}
          <span lang="de" className="font-medium text-stone-900 dark:text-stone-50">
            {review.titleDe}
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {review && (
          <Link to={`/stories/${review.id}`} className="button-primary">
            <BookOpen aria-hidden size={16} />
            {t('sidebar.allRead.review')}
          </Link>
        )}
        <Link to="/stories" className="button-secondary">
          {t('sidebar.browse')}
        </Link>
        <button
          type="button"
          className="button-secondary disabled:cursor-not-allowed disabled:opacity-60"
          disabled={stories.length < 2}
          onClick={() => setChosenId(pickAnother(stories, review?.id ?? null)?.id ?? null)}
        >
          <Shuffle aria-hidden size={16} />
          {t('sidebar.allRead.newRandom')}
        </button>
      </div>
    </section>
  );
}

function LastRead({
  stories,
  completions,
}: {
  stories: readonly StoryMeta[];
  completions: readonly ReadingEntry[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const last = lastRead(stories, completions);

  return (
    <section aria-labelledby={headingId} className={`${CARD_CLASS} flex flex-col gap-3`}>
      <SectionHeading id={headingId} icon={History}>
        {t('sidebar.lastRead.title')}
      </SectionHeading>
      {last ? (
        <>
          <StoryTitles story={last.story} />
          {Number.isFinite(last.at) && (
            <p className="text-sm text-stone-600 dark:text-stone-300">
              <time dateTime={new Date(last.at).toISOString()}>
                {t('sidebar.lastRead.readOn', {
                  date: dateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(last.at),
                })}
              </time>
            </p>
          )}
          <StoryFacts story={last.story} />
          <Link to={`/stories/${last.story.id}`} className="button-secondary self-start">
            <BookOpen aria-hidden size={16} />
            {t('sidebar.lastRead.readAgain')}
            <span className="sr-only" lang="de">
              : {last.story.titleDe}
            </span>
          </Link>
        </>
      ) : (
        <>
          <div>
            <p className="font-medium text-stone-900 dark:text-stone-50">
              {t('sidebar.lastRead.emptyTitle')}
            </p>
            <p className="text-sm text-stone-600 dark:text-stone-300">
              {t('sidebar.lastRead.emptyBody')}
            </p>
          </div>
          <Link to="/stories" className="button-secondary self-start">
            {t('sidebar.browse')}
          </Link>
        </>
      )}
    </section>
  );
}
