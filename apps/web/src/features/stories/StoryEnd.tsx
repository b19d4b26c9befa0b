import { ArrowRight, CheckCircle2, Flame, Layers, PartyPopper } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-client';
import { today, useStreak } from '../stats/streak-store';
import { saveWord, useSavedWords } from '../vocabulary/saved-words-store';
import { nextStoryAfter } from './next-story';
import { useReadingList } from './reading-lists';
import { type StoryDetail, useStories, type VocabularyEntry } from './stories-api';
import { useReaderPreferences } from './use-reader-preferences';
import { sentenceOfEntry } from './word-lookup/word-info';

/**
 * The end of a story the learner finished (issue #19): a short, warm summary, the streak moment
 * when this was the day's first activity, and what to do next — the next story at the learner's
 * level, and the story's words into practice.
 */
export function StoryEnd({
  detail,
  firstToday,
  onUnread,
}: {
  detail: StoryDetail;
  /** This story was the day's first activity: the streak just grew. */
  firstToday: boolean;
  onUnread: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const streak = useStreak(user?.id ?? null);
  const { story } = detail;
  const { words } = useSavedWords();
  const savedHere = words.filter((word) => word.storyId === story.id).length;
  const grew = firstToday && streak.lastActivityDate === today() && streak.currentStreak > 0;

  return (
    <section
      aria-labelledby="story-end-title"
      data-testid="story-summary"
      className="flex w-full flex-col gap-4 rounded-2xl border border-emerald-300 bg-emerald-50/60 p-5 dark:border-emerald-900 dark:bg-emerald-950/30"
    >
      <div className="flex items-start gap-3">
        <PartyPopper
          aria-hidden
          size={28}
          className="shrink-0 text-orange-600 dark:text-orange-400"
        />
        <div>
          <h2 id="story-end-title" className="font-semibold text-lg">
            {t('reader.end.title')}
          </h2>
          <p className="text-stone-700 dark:text-stone-200">
            {t('reader.end.summary', { count: story.wordCountDe })}{' '}
            {savedHere > 0 && t('reader.end.saved', { count: savedHere })}
          </p>
        </div>
      </div>
      {grew && (
        <p
          className="streak-pop inline-flex items-center gap-2 self-start rounded-full bg-orange-100 px-3 py-1.5 font-semibold text-orange-900 dark:bg-orange-950 dark:text-orange-200"
          data-testid="streak-moment"
        >
          <Flame aria-hidden size={18} />
          {t('reader.end.streak', { count: streak.currentStreak })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <NextStoryLink detail={detail} />
        <PractiseWords detail={detail} />
      </div>
      <p className="inline-flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-300">
        <CheckCircle2 aria-hidden size={16} className="text-emerald-700 dark:text-emerald-300" />
        <span role="status">{t('reader.markedRead')}</span>
        <button type="button" className="text-link" onClick={onUnread}>
          {t('reader.markUnread')}
        </button>
      </p>
    </section>
  );
}

/** The next story at the learner's level, or the way to the list when all are read. */
export function NextStoryLink({ detail }: { detail: StoryDetail }) {
  const { t } = useTranslation();
  const stories = useStories();
  const completions = useReadingList('completions');
  const levels = useReaderPreferences().storyDifficulty;
  const next = useMemo(() => {
    const readIds = new Set(completions.entries.map((entry) => entry.storyId));
    return nextStoryAfter(stories.data ?? [], detail.story, readIds, levels);
  }, [stories.data, completions.entries, detail.story, levels]);
  if (!next) {
    return (
      <Link to="/stories" className="button-primary">
        {t('reader.end.allRead')}
        <ArrowRight aria-hidden size={16} />
      </Link>
    );
  }
  return (
    <Link to={`/stories/${next.id}`} className="button-primary" data-testid="next-story">
      <span>
        {t('reader.end.next', { level: next.difficulty })}{' '}
        <span lang="de">{next.titleDe || next.titleEn}</span>
      </span>
      <ArrowRight aria-hidden size={16} />
    </Link>
  );
}

/** Saves the entries not saved yet, each with the sentence the story uses it in. */
export function saveFromStory(detail: StoryDetail, entries: readonly VocabularyEntry[]): void {
  for (const entry of entries) {
    saveWord(entry, {
      source: 'story',
      storyId: detail.story.id,
      storyTitle: detail.story.titleEn,
      contextSentence: sentenceOfEntry(detail, entry.id) ?? undefined,
    });
  }
}

/** The story's target words saved (those not saved yet) and the flashcards opened. */
function PractiseWords({ detail }: { detail: StoryDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const targets = detail.targetVocabularyIds
    .map((id) => detail.vocabulary.find((entry) => entry.id === id))
    .filter((entry) => entry !== undefined);
  if (targets.length === 0) return null;
  return (
    <button
      type="button"
      className="button-secondary"
      onClick={() => {
        saveFromStory(detail, targets);
        void navigate('/study/flashcards');
      }}
    >
      <Layers aria-hidden size={16} />
      {t('reader.end.practise', { count: targets.length })}
    </button>
  );
}
