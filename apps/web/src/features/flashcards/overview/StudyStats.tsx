import { LEVELS } from '@lesefuchs/core/content/taxonomy';
import { numberFormat } from '@lesefuchs/core/intl';
import type { FlashcardStatsResponse } from '@lesefuchs/core/srs/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/Form';
import { LoadError } from '../../../components/LoadError';
import { Panel } from '../../../components/Panel';
import { currentLocale } from '../../../lib/i18n';
import { longDate } from '../../stats/StreakBadge';
import { useFlashcardStatsQuery } from './overview-api';
import '../../../texts/flashcardOverview';

/** What the statistics show when they cannot be loaded (spec 3 §8: stats fall back to zeros). */
export const ZERO_STATS: Omit<FlashcardStatsResponse, 'quota' | 'limits'> = {
  streak: {
    current_streak_days: 0,
    longest_streak_days: 0,
    last_study_date: null,
    total_study_days: 0,
  },
  tally: { total: 0, levels: { A1: 0, A2: 0, B1: 0, B2: 0, C1: 0, C2: 0 } },
  decks: [],
};

const TILE = 'rounded-xl bg-stone-50 px-3 py-2 dark:bg-stone-800/60';

/** One figure of the statistics: its name over its value. */
function StatTile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={TILE}>
      <dt className="text-stone-600 text-xs dark:text-stone-300">{label}</dt>
      <dd className="font-semibold text-xl tabular-nums">{children}</dd>
    </div>
  );
}

/** The study streak, the studied-cards tally and the cards of each level deck. */
export function StudyStats({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const stats = useFlashcardStatsQuery(userId);
  const number = numberFormat(currentLocale());

  if (stats.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only" role="status">
          {t('flashcardOverview.stats.loading')}
        </span>
        {['a', 'b', 'c'].map((key) => (
          <div
            key={key}
            aria-hidden
            className="h-40 animate-pulse rounded-2xl bg-stone-100 dark:bg-stone-800"
          />
        ))}
      </div>
    );
  }
  const data = stats.data ?? ZERO_STATS;
  const { streak, tally, decks } = data;

  return (
    <div className="flex flex-col gap-4">
      {stats.isError && (
        <LoadError
          message={t('flashcardOverview.stats.failed')}
          retryLabel={t('flashcardOverview.retry')}
          onRetry={() => void stats.refetch()}
        />
      )}
      <Panel compact title={t('flashcardOverview.stats.streakTitle')}>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {t('flashcardOverview.stats.streakExplain')}
        </p>
        <dl className="grid grid-cols-2 gap-3">
          <StatTile label={t('flashcardOverview.stats.current')}>
            {t('flashcardOverview.stats.days', { count: streak.current_streak_days })}
          </StatTile>
          <StatTile label={t('flashcardOverview.stats.longest')}>
            {t('flashcardOverview.stats.days', { count: streak.longest_streak_days })}
          </StatTile>
          <StatTile label={t('flashcardOverview.stats.totalDays')}>
            {number.format(streak.total_study_days)}
          </StatTile>
          <div className={TILE}>
            <dt className="text-stone-600 text-xs dark:text-stone-300">
              {t('flashcardOverview.stats.lastStudy')}
            </dt>
            <dd className="font-semibold">
              {streak.last_study_date ? (
                <time dateTime={streak.last_study_date}>
                  {longDate(streak.last_study_date, currentLocale())}
                </time>
              ) : (
                t('flashcardOverview.stats.never')
              )}
            </dd>
          </div>
        </dl>
      </Panel>

      <Panel compact title={t('flashcardOverview.stats.tallyTitle')}>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {t('flashcardOverview.stats.tallyExplain')}
        </p>
        <p className="font-bold text-3xl tabular-nums" data-testid="studied-total">
          {number.format(tally.total)}
          <span className="sr-only"> {t('flashcardOverview.stats.tallyTotal')}</span>
        </p>
        <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6 lg:grid-cols-3">
          {LEVELS.map((level) => (
            <div key={level} className={`${TILE} text-center`}>
              <dt className="font-semibold text-stone-600 text-xs dark:text-stone-300">{level}</dt>
              <dd className="font-semibold tabular-nums">
                {number.format(tally.levels[level] ?? 0)}
              </dd>
            </div>
          ))}
        </dl>
      </Panel>

      <Panel compact title={t('flashcardOverview.stats.decksTitle')}>
        {decks.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {t('flashcardOverview.stats.noDecks')}
          </p>
        ) : (
          <div className="-mx-1 overflow-x-auto">
            <table className="w-full text-right text-sm tabular-nums">
              <caption className="sr-only">{t('flashcardOverview.stats.decksTitle')}</caption>
              <thead className="text-stone-600 text-xs dark:text-stone-300">
                <tr>
                  <th scope="col" className="px-1 py-1 text-left font-semibold">
                    {t('flashcardOverview.stats.level')}
                  </th>
                  <th scope="col" className="px-1 py-1 font-semibold">
                    {t('flashcardOverview.counts.total')}
                  </th>
                  <th scope="col" className="px-1 py-1 font-semibold">
                    {t('flashcardOverview.counts.new')}
                  </th>
                  <th scope="col" className="px-1 py-1 font-semibold">
                    {t('flashcardOverview.counts.learning')}
                  </th>
                  <th scope="col" className="px-1 py-1 font-semibold">
                    {t('flashcardOverview.counts.review')}
                  </th>
                  <th scope="col" className="px-1 py-1 font-semibold">
                    {t('flashcardOverview.counts.due')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {decks.map((deck) => (
                  <tr key={deck.level} className="border-stone-200 border-t dark:border-stone-800">
                    <th scope="row" className="px-1 py-1.5 text-left font-semibold">
                      {deck.level}
                    </th>
                    <td className="px-1 py-1.5">{number.format(deck.total)}</td>
                    <td className="px-1 py-1.5">{number.format(deck.new)}</td>
                    <td className="px-1 py-1.5">{number.format(deck.learning)}</td>
                    <td className="px-1 py-1.5">{number.format(deck.review)}</td>
                    <td className="px-1 py-1.5">{number.format(deck.due)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {stats.data && (
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {t('flashcardOverview.stats.leftToday', {
              newCards: number.format(stats.data.quota.remaining_new_cards),
              reviews: number.format(stats.data.quota.remaining_review_cards),
            })}
          </p>
        )}
      </Panel>
    </div>
  );
}
