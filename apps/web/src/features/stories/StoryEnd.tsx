import { nextPartId, type StorySeries } from '@lesefuchs/core/content/series';
import { ArrowRight, CheckCircle2, Layers, PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StreakMoment } from '../../components/StreakMoment';
import { saveWord, useSavedWords } from '../vocabulary/saved-words-store';
import { NextStoryLink } from './NextStoryLink';
import { type StoryDetail, useStories, type VocabularyEntry } from './stories-api';
import { sentenceOfEntry } from './word-lookup/word-info';
import '../../texts/reader';

/**
 * The end of a story the learner finished (issue #19): a short, warm summary, the streak moment
 * when this was the day's first activity, and what to do next — the next story at the learner's
 * level, and the story's words into practice.
 */
export function StoryEnd({
  detail,
  streakDays,
  onUnread,
}: {
  detail: StoryDetail;
  /** The streak this story grew as the day's first activity; null when it was not the first. */
  streakDays: number | null;
  onUnread: () => void;
}) {
  const { t } = useTranslation();
  const { story } = detail;
  const { words } = useSavedWords();
  const savedHere = words.filter((word) => word.storyId === story.id).length;
  const nextPart = story.series ? nextPartId(story.series) : null;

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
      {streakDays !== null && <StreakMoment days={streakDays} />}
      <div className="flex flex-wrap items-center gap-3">
        <NextPartLink series={story.series} nextId={nextPart} />
        <NextStoryLink
          after={story}
          variant={nextPart !== null ? 'secondary' : 'primary'}
          skip={nextPart ?? undefined}
        />
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

/**
 * The next part of the story's series (issue #22), as the first way on; after the last part, a
 * line that the series is done. Nothing outside a series, or while the list is not at hand.
 */
function NextPartLink({
  series,
  nextId,
}: {
  series: StorySeries | null | undefined;
  nextId: number | null;
}) {
  const { t } = useTranslation();
  const stories = useStories();
  if (!series) return null;
  if (nextId === null) {
    return (
      <p className="w-full text-stone-700 dark:text-stone-200" data-testid="series-done">
        {t('reader.end.seriesDone')} <span lang="de">„{series.title.de}“</span>
      </p>
    );
  }
  const next = stories.data?.find((candidate) => candidate.id === nextId);
  if (!next) return null;
  return (
    <Link to={`/stories/${next.id}`} className="button-primary" data-testid="next-part">
      <span>
        {t('reader.end.nextPart', { part: series.part + 1, total: series.total })}{' '}
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
