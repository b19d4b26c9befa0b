import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAppState } from '../../lib/app-state';
import { useRealtimeEvent } from '../../lib/realtime';
import { useAuth } from '../../lib/session';
import { STUDY_EVENT, type StudyEventDetail } from '../flashcards/study-events';
import { scheduleDailyPreferencesPull } from '../profile/daily-pull';
import { profileKeys } from '../profile/profile-queries';
import { migrateGuestStreak } from './guest-streak';
import { statsQueue, stopStatsQueue } from './stats-queue';
import { REFRESH_DEBOUNCE_MS, refreshProfileAndStats, statsKeys } from './stats-store';
import { recordActivity } from './streak-store';

/** Idle start of the first load (spec 1 §9: 800 ms timeout, 120 ms fallback). */
const IDLE_TIMEOUT_MS = 800;
const IDLE_FALLBACK_MS = 120;

/**
 * Keeps the signed-in user's profile and stats fresh and their stats queue running: the first
 * load when the browser is idle after sign-in, then on tab visible and online (debounced,
 * throttled per user), and the preferences pulled daily at local midnight. A guest's streak
 * goes to the account at sign-in, and a graded flashcard counts for the day's streak at once
 * (the server records the review's day too). Renders nothing.
 */
export function StatsSync() {
  const { user } = useAuth();
  const client = useQueryClient();
  const userId = user?.id;

  // Another tab or device changed the stats: load them again.
  useRealtimeEvent('stats', () => {
    if (userId) void client.invalidateQueries({ queryKey: statsKeys.mine(userId) });
  });

  useEffect(() => {
    if (!userId) {
      stopStatsQueue();
      return;
    }
    statsQueue(userId);
    void migrateGuestStreak(userId).then((added) => {
      if (added) void client.invalidateQueries({ queryKey: statsKeys.mine(userId) });
    });
    const onStudy = (event: Event) => {
      if ((event as CustomEvent<StudyEventDetail>).detail.type === 'card-rated') {
        recordActivity(userId);
      }
    };
    window.addEventListener(STUDY_EVENT, onStudy);
    const stopDailyPull = scheduleDailyPreferencesPull(() =>
      client.refetchQueries({ queryKey: profileKeys.mine(userId) }, { throwOnError: true }),
    );
    const refresh = () => void refreshProfileAndStats(client, userId).catch(() => undefined);

    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(refresh, { timeout: IDLE_TIMEOUT_MS })
        : null;
    const fallback = idle === null ? window.setTimeout(refresh, IDLE_FALLBACK_MS) : null;

    let debounce: number | undefined;
    const soon = () => {
      window.clearTimeout(debounce);
      debounce = window.setTimeout(refresh, REFRESH_DEBOUNCE_MS);
    };
    const offAppState = onAppState((state) => {
      if (state === 'visible') soon();
    });
    window.addEventListener('online', soon);
    return () => {
      window.removeEventListener(STUDY_EVENT, onStudy);
      stopDailyPull();
      if (idle !== null) window.cancelIdleCallback(idle);
      if (fallback !== null) window.clearTimeout(fallback);
      window.clearTimeout(debounce);
      offAppState();
      window.removeEventListener('online', soon);
    };
  }, [userId, client]);

  return null;
}
