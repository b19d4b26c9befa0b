import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import type { Preferences } from '@lesefuchs/core/preferences/preferences';
import { parseStoryId } from '@lesefuchs/core/reading/story-id';
import { ArrowLeft, Bookmark, BookmarkCheck, CheckCircle2 } from 'lucide-react';
import {
  type ReactNode,
  type TouchEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { PrefetchScreenData } from '../../app/router';
import { EntryWord } from '../../components/EntryWord';
import { LoadingScreen } from '../../components/Spinner';
import { currentLanguage } from '../../lib/i18n';
import { useOnline, useRetryWhenOnline } from '../../lib/online';
import { useAuth } from '../../lib/session';
import { audioPlayer } from '../audio/player';
import { StoryAudioBar, useStoryReading } from '../audio/StoryAudioBar';
import { KeepStoryAudio } from '../offline/KeepStoryAudio';
import { SaveOfflineButton } from '../offline/SaveOfflineButton';
import { useStreakMoment } from '../stats/use-streak-moment';
import { KnownWordButton } from '../vocabulary/KnownWordButton';
import { SaveWordButton } from '../vocabulary/SaveWordButton';
import {
  FocusMode,
  HyperfocusMode,
  LearningMode,
  LessonMode,
  PracticeMode,
  VocabularyTest,
} from './modes';
import { useReadingList } from './reading-lists';
import { SeriesLine } from './SeriesLine';
import { CategoryBadge, LevelBadge } from './StoryCard';
import { StoryEnd } from './StoryEnd';
import {
  type StoryDetail,
  StoryNotOnDeviceError,
  storyQuery,
  titleIn,
  useStory,
} from './stories-api';
import { TokenizedText } from './TokenizedText';
import { useReaderPreferences } from './use-reader-preferences';
import { WordCardDisplayContext } from './word-lookup/WordCard';
import { storyTextIn } from './word-lookup/word-info';
import '../../texts/offline';
import '../../texts/profile';
import '../../texts/reader';
import '../../texts/stories';

export const STORY_MODES = [
  'normal',
  'lesson',
  'focus',
  'hyperfocus',
  'learning',
  'practice',
] as const;
export type StoryMode = (typeof STORY_MODES)[number];
/** Horizontal travel that counts as a swipe (spec 2 §9). */
const SWIPE_THRESHOLD_PX = 88;

const isMode = (value: string | null): value is StoryMode =>
  (STORY_MODES as readonly string[]).includes(value ?? '');

/** /stories/:id — the story viewer in its six modes (spec 2 §2). */
export function StoryScreen() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = parseStoryId(rawId);
  const story = useStory(id);
  const online = useOnline();
  useRetryWhenOnline(story.isError, story.refetch);

  if (id === null || story.data === null) {
    return <Message title={t('reader.notFound', { id: rawId })} />;
  }
  if (story.isPending) return <LoadingScreen message={t('status.loadingStory')} />;
  if (story.error instanceof StoryNotOnDeviceError && !online) {
    return (
      <Message title={t('offline.storyNotSaved')}>
        <p role="status" className="text-stone-700 dark:text-stone-300" data-testid="story-offline">
          {t('offline.storyNotSavedHint')}
        </p>
        <Link className="text-link" to="/offline">
          {t('offline.seeSaved')}
        </Link>
      </Message>
    );
  }
  if (story.isError || !story.data) {
    return (
      <Message title={t('reader.loadFailed')}>
        <button type="button" className="button-secondary" onClick={() => void story.refetch()}>
          {t('reader.tryAgain')}
        </button>
      </Message>
    );
  }
  return <StoryViewer detail={story.data} />;
}

function Message({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-4 py-10">
      <h1 className="page-title">{title}</h1>
      {children}
      <Link className="text-link" to="/stories">
        {t('reader.back')}
      </Link>
    </section>
  );
}

function StoryViewer({ detail }: { detail: StoryDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preferences = useReaderPreferences();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const { story } = detail;
  const bookmarks = useReadingList('bookmarks');
  const completions = useReadingList('completions');
  const read = completions.has(story.id);

  // The mode from the address; a preferred mode other than normal is added to it.
  const requested = params.get('mode');
  const mode: StoryMode = isMode(requested) ? requested : preferences.storyMode;
  useEffect(() => {
    if (!isMode(requested) && preferences.storyMode !== 'normal') {
      setParams({ mode: preferences.storyMode }, { replace: true });
    }
  }, [requested, preferences.storyMode, setParams]);

  const [translation, setTranslation] = useState<InterfaceLanguage | null>(null);
  // Finishing the story in this visit as the day's first activity: its end shows the streak
  // growing (read before the completion below records the day).
  const { user } = useAuth();
  const streakMoment = useStreakMoment(user?.id ?? null);
  // Finished in this visit, in a mode other than normal (whose end is below its text).
  const [finishedHere, setFinishedHere] = useState(false);
  const markRead = () => {
    if (!read) streakMoment.note();
    completions.add(story.id);
    setFinishedHere(true);
  };

  // Swipes in normal and practice modes only: right returns to the list, left shows the
  // translation, each when the learner turned it on.
  const touch = useRef<{ x: number; y: number } | null>(null);
  const swipeable = mode === 'normal' || mode === 'practice';
  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    touch.current = point ? { x: point.clientX, y: point.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.changedTouches[0];
    touch.current = null;
    if (!swipeable || !start || !point) return;
    const dx = point.clientX - start.x;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(point.clientY - start.y) > Math.abs(dx))
      return;
    if (dx > 0 && preferences.swipeRightToReturn) navigate('/stories');
    if (dx < 0 && preferences.swipeLeftToTranslate) {
      setTranslation((current) => (current ? null : language));
    }
  };

  const modeProps = { detail, language, onComplete: markRead };
  const cardDisplay = useMemo(
    () => ({
      listen: preferences.showPronunciationGuides,
      level: preferences.enableDifficultyHints,
      speakOnOpen: preferences.autoPlayTTSNewWords,
    }),
    [
      preferences.showPronunciationGuides,
      preferences.enableDifficultyHints,
      preferences.autoPlayTTSNewWords,
    ],
  );
  const title = story.titleDe || story.titleEn;

  return (
    <WordCardDisplayContext.Provider value={cardDisplay}>
      <article
        className="mx-auto flex max-w-5xl flex-col gap-5"
        aria-labelledby="story-title"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <Link to="/stories" className="text-link inline-flex items-center gap-1 self-start text-sm">
          <ArrowLeft aria-hidden size={16} />
          {t('reader.back')}
        </Link>
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={story.category} />
            <LevelBadge level={story.difficulty} />
            {read && (
              <span className="inline-flex items-center gap-1 text-emerald-700 text-sm dark:text-emerald-300">
                <CheckCircle2 aria-hidden size={16} />
                {t('stories.read')}
              </span>
            )}
            <button
              type="button"
              onClick={() => bookmarks.toggle(story.id)}
              aria-pressed={bookmarks.has(story.id)}
              aria-label={t(bookmarks.has(story.id) ? 'stories.unbookmark' : 'stories.bookmark', {
                title,
              })}
              className="ml-auto rounded-full p-2 text-orange-700 hover:bg-orange-50 dark:text-orange-300 dark:hover:bg-stone-800"
            >
              {bookmarks.has(story.id) ? <BookmarkCheck aria-hidden /> : <Bookmark aria-hidden />}
            </button>
          </div>
          <SeriesLine series={story.series} />
          <h1 id="story-title" className="page-title" lang="de">
            {title}
          </h1>
          <p className="text-stone-600 dark:text-stone-300">{titleIn(story, language)}</p>
          <div className="flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2 text-sm" data-tour="story-modes">
              {t('reader.mode')}
              <select
                value={mode}
                onChange={(event) => setParams({ mode: event.target.value }, { replace: true })}
                className="rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-900"
              >
                {STORY_MODES.map((option) => (
                  <option key={option} value={option}>
                    {t(`profile.preferences.modes.${option}`)}
                  </option>
                ))}
              </select>
            </label>
            {mode === 'normal' && (
              <label className="flex items-center gap-2 text-sm" data-tour="story-translation">
                {t('reader.translation')}
                <select
                  value={translation ?? ''}
                  onChange={(event) =>
                    setTranslation((event.target.value || null) as InterfaceLanguage | null)
                  }
                  className="rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-900"
                >
                  <option value="">{t('reader.noTranslation')}</option>
                  {(['en', 'es', 'kr'] as const).map((option) => (
                    <option key={option} value={option}>
                      {t(`reader.languages.${option}`)}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          <SaveOfflineButton storyId={story.id} />
          <KeepStoryAudio story={story} />
        </header>
        <StoryAudioBar story={story} />

        {mode === 'normal' && (
          <NormalMode
            detail={detail}
            language={language}
            preferences={preferences}
            translation={translation}
            read={read}
            streakDays={streakMoment.days}
            onRead={markRead}
            onUnread={() => completions.remove(story.id)}
          />
        )}
        {mode === 'lesson' && <LessonMode {...modeProps} />}
        {mode === 'focus' && <FocusMode {...modeProps} />}
        {mode === 'hyperfocus' && (
          <HyperfocusMode {...modeProps} speed={preferences.hyperfocusSpeed} />
        )}
        {mode === 'learning' && <LearningMode {...modeProps} />}
        {mode === 'practice' && <PracticeMode {...modeProps} />}
        {mode !== 'normal' && finishedHere && read && (
          <StoryEnd
            detail={detail}
            streakDays={streakMoment.days}
            onUnread={() => completions.remove(story.id)}
          />
        )}
      </article>
    </WordCardDisplayContext.Provider>
  );
}

function NormalMode({
  detail,
  language,
  preferences,
  translation,
  read,
  streakDays,
  onRead,
  onUnread,
}: {
  detail: StoryDetail;
  language: InterfaceLanguage;
  preferences: Preferences;
  translation: InterfaceLanguage | null;
  read: boolean;
  streakDays: number | null;
  onRead: () => void;
  onUnread: () => void;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const reading = useStoryReading(detail.story.id);
  const targets = detail.targetVocabularyIds
    .map((id) => detail.vocabulary.find((entry) => entry.id === id))
    .filter((entry) => entry !== undefined);
  // What follows the text (the word list, the test and the end, whose coming into view marks
  // the story read) renders once the whole text is there, so the first paint is the text's.
  const [textRendered, setTextRendered] = useState(false);
  const onTextRendered = useCallback(() => setTextRendered(true), []);

  // Scrolled to the end: the story counts as read (spec 2 §2). The end renders after the text,
  // so the observer starts once it is there (not only when something else renders again).
  useEffect(() => {
    const sentinel = end.current;
    if (!textRendered || !sentinel || read || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onRead();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [read, onRead, textRendered]);

  return (
    <div className="flex flex-col gap-6">
      <div className={translation ? 'grid gap-6 lg:grid-cols-2' : ''}>
        <div className="rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
          <TokenizedText
            detail={detail}
            language={language}
            boldTargets={preferences.boldTargetWords}
            clickAction={preferences.targetWordClickAction}
            reading={reading ?? undefined}
            onWordOpen={preferences.pauseAudioOnWordTap ? audioPlayer.pause : undefined}
            onSpeak={audioPlayer.pause}
            onAllRendered={onTextRendered}
            action={(entry, info) => (
              <>
                <SaveWordButton
                  entry={entry}
                  source="story"
                  storyId={detail.story.id}
                  storyTitle={detail.story.titleEn}
                  contextSentence={info.sentence?.text}
                />
                <KnownWordButton entry={entry} />
              </>
            )}
          />
        </div>
        {translation && (
          <section
            aria-label={t('reader.translationOf', {
              language: t(`reader.languages.${translation}`),
            })}
            className="rounded-2xl border border-stone-200 bg-stone-50 p-5 text-stone-700 dark:border-stone-800 dark:bg-stone-900/60 dark:text-stone-300"
            lang={translation === 'kr' ? 'ko' : translation}
            data-testid="story-translation"
          >
            {storyTextIn(detail, translation)
              .split(/\n\s*\n/)
              .map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mb-4 leading-relaxed">
                  {paragraph}
                </p>
              ))}
          </section>
        )}
      </div>

      {textRendered && (
        <>
          {targets.length > 0 && (
            <section
              aria-labelledby="story-vocabulary"
              className="rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
            >
              <h2 id="story-vocabulary" className="mb-3 font-semibold text-lg">
                {t('reader.vocabulary')}
              </h2>
              <ul className="grid gap-2 sm:grid-cols-2">
                {targets.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap gap-x-2">
                    <EntryWord entry={entry} />
                    <span className="text-stone-600 dark:text-stone-300">
                      —{' '}
                      {language === 'es'
                        ? entry.translationEs
                        : language === 'kr'
                          ? entry.translationKr
                          : entry.translationEn}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {/* The summary below offers the next story once the story is read. */}
          <VocabularyTest detail={detail} language={language} offerNext={!read} />

          <div ref={end} className="flex flex-wrap items-center gap-3 pb-6" data-testid="story-end">
            {read ? (
              <StoryEnd detail={detail} streakDays={streakDays} onUnread={onUnread} />
            ) : (
              <p className="text-sm text-stone-500 dark:text-stone-400">{t('reader.endHint')}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** The first load asks for the story before the first render (app/router.tsx). */
export const prefetch: PrefetchScreenData = (client, { id }) => {
  const storyId = parseStoryId(id ?? '');
  if (storyId !== null) void client.prefetchQuery(storyQuery(storyId));
};
