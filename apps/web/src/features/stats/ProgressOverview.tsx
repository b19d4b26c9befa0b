import { numberFormat } from '@lesefuchs/core/intl';
import type { HomepageStats } from '@lesefuchs/core/stats/stats';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/Form';
import { Panel } from '../../components/Panel';
import { currentLocale } from '../../lib/i18n';
import { useOnline } from '../../lib/online';
import { liveStreak, longDate } from './StreakBadge';
import { refreshProfileAndStats, useStats } from './stats-store';
import { today, useStreak } from './streak-store';
import '../../texts/progress';

type Status = { tone: 'success' | 'error'; text: string } | null;

/**
 * The profile's progress overview: the homepage stats, and a manual refresh of everything. The
 * streak is the header's (the device's copy, which takes the server's), so the two never
 * disagree, and the page never says "no activity" beside a story read.
 */
export function ProgressOverview({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const online = useOnline();
  const stats = useStats(userId);
  const streak = useStreak(userId);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const refresh = async () => {
    setStatus(null);
    if (!online) {
      setStatus({ tone: 'error', text: t('progress.refreshOffline') });
      return;
    }
    setBusy(true);
    const worked = await refreshProfileAndStats(client, userId, { force: true });
    setBusy(false);
    setStatus(
      worked === true
        ? { tone: 'success', text: t('progress.refreshed') }
        : { tone: 'error', text: t('progress.refreshFailed') },
    );
  };

  const data: HomepageStats | undefined = stats.data;
  const number = numberFormat(currentLocale());
  const tiles: [string, string][] = data
    ? [
        [t('progress.storiesRead'), number.format(data.storiesReadCount)],
        [t('progress.savedWords'), number.format(data.vocabularyCount)],
        [t('progress.bookmarks'), number.format(data.bookmarksCount)],
        [t('progress.currentStreak'), number.format(liveStreak(streak, today()))],
        [t('progress.bestStreak'), number.format(streak.allTimeStreak)],
        [t('progress.audiosListened'), number.format(data.uniqueAudiosListened)],
        [t('progress.totalPlays'), number.format(data.totalPlays)],
        [t('progress.averageReplays'), number.format(data.averageReplays)],
      ]
    : [];

  return (
    <Panel title={t('progress.title')}>
      {data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {tiles.map(([label, value]) => (
              <div
                key={label}
                className="rounded-xl bg-stone-50 px-3 py-2 dark:bg-stone-800/60"
                data-testid="progress-tile"
              >
                <dt className="text-stone-600 text-xs dark:text-stone-300">{label}</dt>
                <dd className="font-semibold text-xl tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <ActivityNote stats={data} lastActivityDate={streak.lastActivityDate} />
        </>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-hidden>
          {Array.from({ length: 8 }, (_, index) => (
            <div
              key={index}
              className="h-14 animate-pulse rounded-xl bg-stone-100 dark:bg-stone-800"
            />
          ))}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="button-secondary"
          onClick={() => void refresh()}
          disabled={busy}
        >
          <RefreshCw aria-hidden size={16} className={busy ? 'animate-spin' : undefined} />
          {busy ? t('progress.refreshing') : t('progress.refresh')}
        </button>
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
      </div>
    </Panel>
  );
}

/** When the learner was last active, and what counts for the streak; "no activity" only when true. */
function ActivityNote({
  stats,
  lastActivityDate,
}: {
  stats: HomepageStats;
  lastActivityDate: string | null;
}) {
  const { t } = useTranslation();
  const anything =
    lastActivityDate !== null ||
    stats.storiesReadCount > 0 ||
    stats.vocabularyCount > 0 ||
    stats.bookmarksCount > 0 ||
    stats.uniqueAudiosListened > 0;
  if (!anything) {
    return <p className="text-sm text-stone-600 dark:text-stone-300">{t('progress.noActivity')}</p>;
  }
  return (
    <div className="flex flex-col gap-1 text-sm text-stone-600 dark:text-stone-300">
      {lastActivityDate && (
        <p data-testid="last-activity">
          {t('progress.lastActivity', { date: longDate(lastActivityDate, currentLocale()) })}
        </p>
      )}
      <p>{t('progress.streakCounts')}</p>
    </div>
  );
}
