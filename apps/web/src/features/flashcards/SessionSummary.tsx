import { numberFormat, relativeTimeFormat } from '@lesefuchs/core/intl';
import { BookOpen, PartyPopper, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StreakMoment } from '../../components/StreakMoment';
import { currentLocale } from '../../lib/i18n';
import { NextStoryLink } from '../stories/NextStoryLink';
import { type NativeLanguage, translationOf } from './FlashcardCardView';
import type { SessionSummary as Summary } from './practice';
import '../../texts/flashcards';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "in 10 minutes", "in 3 hours", "in 4 days" (always numeric: "tomorrow" is wrong for 30 h). */
export function dueIn(ms: number, locale: string): string {
  const format = relativeTimeFormat(locale, { numeric: 'always' });
  if (ms < HOUR) return format.format(Math.max(1, Math.ceil(ms / MINUTE)), 'minute');
  if (ms < DAY) return format.format(Math.round(ms / HOUR), 'hour');
  return format.format(Math.round(ms / DAY), 'day');
}

/** "4 min 20 s", "45 s", in the interface language. */
export function timeSpent(ms: number, locale: string): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const unit = (value: number, name: 'minute' | 'second') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (seconds < 60) return unit(seconds, 'second');
  const rest = seconds % 60;
  const minutes = unit(Math.floor(seconds / 60), 'minute');
  return rest === 0 ? minutes : `${minutes} ${unit(rest, 'second')}`;
}

/**
 * The end of a session: what was studied, right and wrong, the time it took and when the next
 * card is due, the streak moment when the session held the day's first activity, and what to do
 * next (study more, the next story at the learner's level, back to the stories, look over the
 * words).
 */
export function SessionSummary({
  summary,
  streakDays,
  language,
  busy,
  notice,
  onStudyMore,
}: {
  summary: Summary;
  /** The streak a grade of this session grew as the day's first activity; else null. */
  streakDays: number | null;
  language: NativeLanguage;
  busy: boolean;
  notice: string | null;
  onStudyMore: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  // "Next card in 9 minutes" moves on while the summary is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  // The summary replaces the card the learner just graded: focus follows, so it is read out.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body)
      heading.current?.focus({ preventScroll: true });
  }, []);
  const number = numberFormat(locale);
  const stats = [
    ['studied', number.format(summary.studied)],
    ['right', number.format(summary.right)],
    ['wrong', number.format(summary.wrong)],
    ['time', timeSpent(summary.durationMs, locale)],
  ] as const;
  return (
    <section
      aria-labelledby="session-summary"
      className="flex flex-col gap-5 rounded-3xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
      data-testid="session-summary"
    >
      <div className="flex items-center gap-3">
        <PartyPopper
          aria-hidden
          size={30}
          className="shrink-0 text-orange-600 motion-safe:animate-[summary-pop_500ms_ease-out] dark:text-orange-400"
        />
        <div>
          <h2
            id="session-summary"
            ref={heading}
            tabIndex={-1}
            className="font-bold text-stone-900 text-xl outline-none dark:text-stone-50"
          >
            {t('flashcards.summary.title')}
          </h2>
          <p className="text-stone-700 dark:text-stone-300">
            {t('flashcards.summary.body', { count: summary.studied })}
          </p>
        </div>
      </div>
      {streakDays !== null && <StreakMoment days={streakDays} />}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([key, value]) => (
          <div
            key={key}
            className="flex flex-col gap-0.5 rounded-2xl bg-stone-100 px-3 py-2.5 dark:bg-stone-800"
          >
            <dt className="text-sm text-stone-600 dark:text-stone-400">
              {t(`flashcards.summary.${key}`)}
            </dt>
            <dd
              className="font-semibold text-lg text-stone-900 tabular-nums dark:text-stone-50"
              data-summary={key}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-stone-700 dark:text-stone-300" data-summary="next">
        {summary.nextDueAt === null
          ? t('flashcards.summary.nothingDue')
          : summary.nextDueAt <= now
            ? t('flashcards.summary.dueNow')
            : t('flashcards.summary.nextDue', { when: dueIn(summary.nextDueAt - now, locale) })}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="button-primary min-h-11"
          onClick={onStudyMore}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          <RotateCw aria-hidden size={16} />
          {t('flashcards.summary.studyMore')}
        </button>
        <NextStoryLink variant="secondary" className="min-h-11" listWhenAllRead={false} />
        <Link to="/stories" className="button-secondary min-h-11">
          <BookOpen aria-hidden size={16} />
          {t('flashcards.summary.stories')}
        </Link>
      </div>
      {notice && (
        <p role="status" className="text-sm text-stone-700 dark:text-stone-300">
          {notice}
        </p>
      )}
      {summary.words.length > 0 && (
        <details className="group rounded-2xl border border-stone-200 dark:border-stone-800">
          <summary className="cursor-pointer select-none rounded-2xl px-4 py-3 font-medium text-stone-800 focus-visible:outline-2 focus-visible:outline-orange-600 dark:text-stone-200">
            {t('flashcards.summary.review', { count: summary.words.length })}
          </summary>
          <ul className="flex flex-col divide-y divide-stone-200 px-4 pb-2 dark:divide-stone-800">
            {summary.words.map((card) => (
              <li key={card.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
                <span lang="de" className="font-semibold text-stone-900 dark:text-stone-50">
                  {card.word}
                </span>
                <span className="text-stone-600 dark:text-stone-400">
                  {translationOf(card, language)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <Link className="text-link self-start text-sm" to="/flashcard-overview">
        {t('flashcards.empty.overview')}
      </Link>
    </section>
  );
}
