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
import { longDate } from './StreakBadge';
import { refreshProfileAndStats, useStats } from './stats-store';

type Status = { tone: 'success' | 'error'; text: string } | null;

/** The profile's progress overview: the homepage stats, and a manual refresh of everything. */
export function ProgressOverview({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const online = useOnline();
  const stats = useStats(userId);
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
        [t('progress.currentStreak'), number.format(data.currentStreak)],
        [t('progress.bestStreak'), number.format(data.allTimeStreak)],
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
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {data.lastActivityDate
              ? t('progress.lastActivity', {
                  date: longDate(data.lastActivityDate, currentLocale()),
                })
              : t('progress.noActivity')}
          </p>
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
