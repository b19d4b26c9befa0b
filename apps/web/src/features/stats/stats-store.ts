import { EMPTY_STATS, type HomepageStats } from '@lesefuchs/core/stats/stats';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { userTimeZone } from '../../lib/time-zone';
import { profileKeys } from '../profile/profile-queries';
import { adoptServerStreak } from './streak-store';

// Homepage stats: cached per user and as a last-known copy, shown at once; refreshed on
// sign-in, when the tab becomes visible and when the browser comes online, at most once a
// minute per user (spec 1 §4, §9). A failed load is silent and keeps the cache.

/** Profile and stats refresh at most this often per user. */
export const REFRESH_THROTTLE_MS = 60_000;
/** Focus and online events within this window make one refresh. */
export const REFRESH_DEBOUNCE_MS = 120;

const cacheKey = (userId: string) => `lesefuchs.stats.${userId}`;
const LAST_KNOWN_KEY = 'lesefuchs.stats.last-known';

export const statsKeys = { mine: (userId: string) => ['stats', userId] as const };

function readCache(userId: string): HomepageStats | undefined {
  try {
    const own = localStorage.getItem(cacheKey(userId));
    if (own) return { ...EMPTY_STATS, ...(JSON.parse(own) as Partial<HomepageStats>) };
    const last = JSON.parse(localStorage.getItem(LAST_KNOWN_KEY) ?? 'null') as {
      userId: string;
      stats: HomepageStats;
    } | null;
    return last?.userId === userId ? last.stats : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(userId: string, stats: HomepageStats): void {
  try {
    localStorage.setItem(cacheKey(userId), JSON.stringify(stats));
    localStorage.setItem(LAST_KNOWN_KEY, JSON.stringify({ userId, stats }));
  } catch {
    // Storage full or blocked: the stats still show for this visit.
  }
}

async function fetchStats(userId: string): Promise<HomepageStats> {
  const { stats } = await api<{ stats: HomepageStats }>(
    `/api/stats?timeZone=${encodeURIComponent(userTimeZone())}`,
  );
  writeCache(userId, stats);
  adoptServerStreak(userId, stats);
  return stats;
}

/** The signed-in user's stats: the cached copy at once, the server's when refreshed. */
export function useStats(userId: string | undefined) {
  return useQuery({
    queryKey: statsKeys.mine(userId ?? 'signed-out'),
    queryFn: () => fetchStats(userId ?? ''),
    enabled: Boolean(userId),
    initialData: () => (userId ? readCache(userId) : undefined),
    initialDataUpdatedAt: 0,
    // Refreshes are driven by the refresh controller (throttled), not by the query.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

const lastRefresh = new Map<string, number>();

/**
 * Refreshes profile and stats for a user unless that happened within the throttle window.
 * `force` (the manual refresh) ignores the window. Resolves with whether both loads worked.
 */
export async function refreshProfileAndStats(
  client: QueryClient,
  userId: string,
  { force = false, now = Date.now() } = {},
): Promise<boolean | 'throttled'> {
  const last = lastRefresh.get(userId);
  if (!force && last !== undefined && now - last < REFRESH_THROTTLE_MS) return 'throttled';
  lastRefresh.set(userId, now);
  const results = await Promise.allSettled([
    client.fetchQuery({
      queryKey: statsKeys.mine(userId),
      queryFn: () => fetchStats(userId),
      staleTime: 0,
    }),
    client.refetchQueries({ queryKey: profileKeys.mine(userId) }, { throwOnError: true }),
  ]);
  return results.every((result) => result.status === 'fulfilled');
}

/** Forgets the throttle (tests, and a user who signed out). */
export function resetRefreshThrottle(userId?: string): void {
  if (userId) lastRefresh.delete(userId);
  else lastRefresh.clear();
}
