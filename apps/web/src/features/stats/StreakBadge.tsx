import { dateTimeFormat } from '@lesefuchs/core/intl';
import { daysBetween, type StreakState } from '@lesefuchs/core/streak';
import { Flame } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../lib/i18n';
import { useAuth } from '../../lib/session';
import { today, useStreak } from './streak-store';

/** How long the streak message shows (spec 1 §9). */
export const STREAK_MESSAGE_MS = 2_000;

/** The current streak only lasts while the last activity was today or yesterday. */
export function liveStreak(state: StreakState, day: string): number {
  if (state.lastActivityDate === null) return 0;
  return daysBetween(state.lastActivityDate, day) <= 1 ? state.currentStreak : 0;
}

/** A day as a long date in the interface's locale (en-US, es-ES or ko-KR). */
export function longDate(day: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The streak in the header; a click tells the best streak for two seconds (spec 1 §2). */
export function StreakBadge() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const streak = useStreak(user?.id ?? null);
  const [message, setMessage] = useState<string | null>(null);
  const day = today();
  const current = liveStreak(streak, day);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), STREAK_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const explain = () => {
    const best = streak.allTimeStreak;
    if (!streak.allTimeStreakDate) setMessage(t('streak.best', { count: best }));
    else if (streak.allTimeStreakDate === day) setMessage(t('streak.bestToday', { count: best }));
    else {
      setMessage(
        t('streak.bestOn', {
          count: best,
          date: longDate(streak.allTimeStreakDate, currentLocale()),
        }),
      );
    }
  };

  return (
    <div className="relative">
      <button
        type="button"
        onClick={explain}
        className="inline-flex h-9 items-center gap-1 rounded-full px-2.5 font-semibold text-sm tabular-nums hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-500 dark:hover:bg-stone-800"
        aria-label={t('streak.label', { count: current })}
        data-testid="streak-badge"
      >
        <Flame
          aria-hidden
          size={18}
          className={current > 0 ? 'text-orange-500' : 'text-stone-400 dark:text-stone-500'}
        />
        {current}
      </button>
      <div role="status" aria-live="polite" className="absolute top-full left-0 z-50 mt-2">
        {message && (
          <p className="w-max max-w-64 rounded-lg bg-stone-900 px-3 py-2 text-sm text-white shadow-lg dark:bg-stone-100 dark:text-stone-900">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
