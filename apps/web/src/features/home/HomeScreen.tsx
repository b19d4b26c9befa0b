import { BookOpen, GraduationCap, Headphones, Layers, ListChecks, PartyPopper } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PrefetchScreenData } from '../../app/router';
import { useAuth } from '../../lib/session';
import { LevelPrompt } from '../level/LevelPrompt';
import { useReadingList } from '../stories/reading-lists';
import { type StoryMeta, storiesQuery, useStories } from '../stories/stories-api';
import {
  CARD_CLASS,
  CategoryBadge,
  DashboardSidebar,
  DifficultyBadge,
  ReadingTime,
  SkeletonCard,
  StoryTitles,
} from './DashboardSidebar';
import { MOTIVATION_LINES } from './motivation';
import { idsOf, latestUnread, pickRandom } from './selection';
import { storyLevelsOnDevice } from './story-level';
import '../../texts/home';

const MODES = [
  { key: 'stories', to: '/stories', icon: BookOpen },
  { key: 'audios', to: '/stories/audios', icon: Headphones },
  { key: 'flashcards', to: '/study/flashcards', icon: Layers },
  { key: 'quiz', to: '/study/quiz', icon: ListChecks },
] as const;

/** /: the brand, a line of encouragement, the learning modes, the newest unread story. */
export function HomeScreen() {
  const { t } = useTranslation();
  // One line per visit: picked when the page mounts, then kept.
  const [motivation] = useState(() => pickRandom(MOTIVATION_LINES) ?? '');

  return (
    <div className="grid gap-6 py-2 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <section
          aria-labelledby="page-title"
          className="flex flex-col gap-5 rounded-2xl border border-orange-200 bg-linear-to-br from-orange-50 to-amber-50 p-5 sm:p-6 dark:border-stone-800 dark:from-stone-900 dark:to-stone-900"
        >
          <div>
            <h1 id="page-title" className="page-title">
              {t('app.name')}
            </h1>
            <p className="mt-1 text-lg text-stone-700 dark:text-stone-300">{t('home.subtitle')}</p>
          </div>
          <div className="flex items-center gap-3 sm:gap-4">
            <FoxMascot className="h-16 w-16 shrink-0 sm:h-20 sm:w-20" />
            <p className="relative rounded-2xl border border-orange-200 bg-white px-4 py-3 font-medium text-stone-800 shadow-sm dark:border-stone-700 dark:bg-stone-800 dark:text-stone-100">
              <span className="sr-only">{t('home.motivationLabel')} </span>
              <span lang="de">{motivation}</span>
            </p>
          </div>
        </section>

        <LevelPrompt />
        <ModeTiles />
        <LatestStory />
      </div>
      <DashboardSidebar />
    </div>
  );
}

function ModeTiles() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-semibold text-lg">
        {t('home.modes.title')}
      </h2>
      <ul data-tour="home-modes" className="grid gap-3 sm:grid-cols-2">
        {MODES.map(({ key, to, icon: Icon }) => (
          <li key={key} className="flex">
            <Link
              to={to}
              className="group flex w-full items-start gap-3 rounded-2xl border border-stone-200 bg-white p-4 transition-colors hover:border-orange-300 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-2 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-orange-800 dark:hover:bg-stone-800"
            >
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300">
                <Icon aria-hidden size={22} />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold text-stone-900 group-hover:text-orange-800 dark:text-stone-50 dark:group-hover:text-orange-300">
                  {t(`home.modes.${key}.title`)}
                </span>
                <span className="text-sm text-stone-600 dark:text-stone-300">
                  {t(`home.modes.${key}.description`)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LatestStory() {
  const { t } = useTranslation();
  const headingId = useId();
  const stories = useStories();
  const completions = useReadingList('completions');
  const readIds = useMemo(() => idsOf(completions.entries), [completions.entries]);
  const list = stories.data;
  const loading = !list?.length && stories.isPending;
  // At the learner's levels when they chose some (issue #19), else the newest of all.
  const { user } = useAuth();
  const levels = storyLevelsOnDevice(user?.id ?? 'guest');

  let body: ReactNode;
  if (list && list.length > 0) {
    const atLevel =
      levels === 'all' ? list : list.filter((story) => levels.includes(story.difficulty));
    const story = latestUnread(atLevel, readIds) ?? latestUnread(list, readIds);
    body = story ? <LatestStoryCard story={story} /> : <AllRead />;
  } else if (loading) {
    body = (
      <>
        <span className="sr-only" role="status">
          {t('status.loading')}
        </span>
        <SkeletonCard />
      </>
    );
  } else if (stories.isError) {
    body = (
      <div role="alert" className={`${CARD_CLASS} flex flex-col items-start gap-3`}>
        <p className="text-stone-700 dark:text-stone-200">{t('home.latest.error')}</p>
        <button type="button" className="button-secondary" onClick={() => window.location.reload()}>
          {t('home.latest.retry')}
        </button>
      </div>
    );
  } else {
    body = (
      <p className={`${CARD_CLASS} text-stone-700 dark:text-stone-200`}>{t('home.latest.empty')}</p>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
      className="flex flex-col gap-3"
    >
      <h2 id={headingId} className="font-semibold text-lg">
        {t('home.latest.title')}
      </h2>
      {body}
    </section>
  );
}

function LatestStoryCard({ story }: { story: StoryMeta }) {
  const { t } = useTranslation();
  return (
    <article className={`${CARD_CLASS} flex flex-col gap-3`} data-testid="latest-story">
      <StoryTitles story={story} />
      <div className="flex flex-wrap items-center gap-2">
        <DifficultyBadge level={story.difficulty} />
        <CategoryBadge category={story.category} />
        <ReadingTime minutes={story.readingTimeMinutes} />
      </div>
      {story.previewDe && (
        <p lang="de" className="line-clamp-3 text-stone-700 dark:text-stone-300">
          {story.previewDe}
        </p>
      )}
      <Link to={`/stories/${story.id}`} className="button-primary self-start">
        <BookOpen aria-hidden size={16} />
        {t('home.latest.read')}
        <span className="sr-only" lang="de">
          : {story.titleDe}
        </span>
      </Link>
    </article>
  );
}

function AllRead() {
  const { t } = useTranslation();
  return (
    <div className={`${CARD_CLASS} flex flex-col items-start gap-3`}>
      <p className="flex items-center gap-2 font-semibold text-lg text-stone-900 dark:text-stone-50">
        <PartyPopper
          aria-hidden
          size={22}
          className="shrink-0 text-orange-600 dark:text-orange-400"
        />
        {t('home.latest.allRead.title')}
      </p>
      <p className="text-stone-700 dark:text-stone-200">{t('home.latest.allRead.body')}</p>
      <Link to="/study" className="button-secondary">
        <GraduationCap aria-hidden size={16} />
        {t('home.latest.allRead.action')}
      </Link>
    </div>
  );
}

/** The Lesefuchs fox, drawn for the home page; decorative. */
function FoxMascot({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 120 120"
      aria-hidden="true"
      focusable="false"
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      {/* ears */}
      <path d="M18 10 L52 36 L26 60 Z" fill="#ea580c" />
      <path d="M102 10 L68 36 L94 60 Z" fill="#ea580c" />
      <path d="M25 22 L44 38 L30 51 Z" fill="#7c2d12" />
      <path d="M95 22 L76 38 L90 51 Z" fill="#7c2d12" />
      {/* head */}
      <path
        d="M60 28 C86 28 104 44 106 64 C102 88 82 106 60 110 C38 106 18 88 14 64 C16 44 34 28 60 28 Z"
        fill="#f97316"
      />
      {/* cheeks and muzzle */}
      <path
        d="M16 66 C32 62 48 72 60 92 C72 72 88 62 104 66 C98 90 80 106 60 110 C40 106 22 90 16 66 Z"
        fill="#fff7ed"
      />
      {/* eyes */}
      <ellipse cx="43" cy="60" rx="5" ry="6.5" fill="#1c1917" />
      <ellipse cx="77" cy="60" rx="5" ry="6.5" fill="#1c1917" />
      <circle cx="45" cy="57.5" r="1.7" fill="#fff" />
      <circle cx="79" cy="57.5" r="1.7" fill="#fff" />
      {/* blush */}
      <circle cx="32" cy="76" r="5" fill="#fdba74" opacity="0.7" />
      <circle cx="88" cy="76" r="5" fill="#fdba74" opacity="0.7" />
      {/* nose and smile */}
      <path d="M53 89 Q60 85 67 89 Q64 96 60 97 Q56 96 53 89 Z" fill="#1c1917" />
      <path
        d="M53 101 Q60 106 67 101"
        fill="none"
        stroke="#1c1917"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The first load asks for the story list before the first render (app/router.tsx). */
export const prefetch: PrefetchScreenData = (client) => void client.prefetchQuery(storiesQuery());
