import type { SyncRequest } from '@lesefuchs/core/sync/operations';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { liveStreak, longDate } from './StreakBadge';
import { sendStats, stopStatsQueue } from './stats-queue';
import { REFRESH_THROTTLE_MS, refreshProfileAndStats, resetRefreshThrottle } from './stats-store';
import { adoptServerStreak, readStreak, recordActivity } from './streak-store';

const request = (payloads: unknown[]): SyncRequest => ({
  type: 'stats',
  operations: payloads.map((payload, index) => ({ id: `operation-${index}`, payload })),
});

describe('sendStats', () => {
  it('sends the batch to the sync endpoint', async () => {
    const call = vi
      .fn()
      .mockResolvedValue({ results: [{ id: 'operation-0', outcome: 'applied' }] });
    const result = await sendStats(request([{ kind: 'streak', activityDate: '2026-11-22' }]), call);
    expect(call).toHaveBeenCalledWith('/api/sync', expect.objectContaining({ method: 'POST' }));
    expect(result.results).toHaveLength(1);
  });

  it('falls back to one call per distinct streak day and keeps everything else queued', async () => {
    const call = vi.fn(async (path: string, _options?: { body?: unknown }) => {
      if (path === '/api/sync') throw new ApiRequestError(503, 'network', 'down');
      return { streak: {} };
    });
    const result = await sendStats(
      request([
        { kind: 'streak', activityDate: '2026-11-21' },
        { kind: 'audio', audioId: '1-de', timestamp: 1 },
        { kind: 'streak', activityDate: '2026-11-22' },
        { kind: 'streak', activityDate: '2026-11-22' },
      ]),
      call as never,
    );
    const dayCalls = call.mock.calls.filter(([path]) => path === '/api/stats/streak');
    expect(dayCalls.map(([, options]) => options?.body)).toEqual([
      { activityDate: '2026-11-21' },
      { activityDate: '2026-11-22' },
    ]);
    expect(result.results.map((r) => r.id).sort()).toEqual([
      'operation-0',
      'operation-2',
      'operation-3',
    ]);
  });

  it('fails as the batch failed when no day could be sent either', async () => {
    const call = vi.fn().mockRejectedValue(new ApiRequestError(0, 'network', 'offline'));
    await expect(
      sendStats(request([{ kind: 'audio', audioId: '1-de', timestamp: 1 }]), call),
    ).rejects.toThrow('offline');
  });
});

describe('the streak on the device', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
  });
  afterEach(() => {
    stopStatsQueue();
    vi.useRealTimers();
  });

  it('rises once on the first activity of a day, and again the next day', () => {
    recordActivity(null, new Date('2026-11-20T10:00:00Z'));
    recordActivity(null, new Date('2026-11-20T18:00:00Z'));
    expect(readStreak(null)).toMatchObject({ currentStreak: 1, lastActivityDate: '2026-11-20' });
    recordActivity(null, new Date('2026-11-21T09:00:00Z'));
    expect(readStreak(null)).toMatchObject({ currentStreak: 2, allTimeStreak: 2 });
  });

  it('queues the day for a signed-in user, once', () => {
    recordActivity('user-1', new Date('2026-11-22T10:00:00Z'));
    recordActivity('user-1', new Date('2026-11-22T11:00:00Z'));
    const queued = JSON.parse(localStorage.getItem('lesefuchs.queue.stats.user-1') ?? '[]');
    expect(queued.map((item: { payload: unknown }) => item.payload)).toEqual([
      { kind: 'streak', activityDate: '2026-11-22' },
    ]);
  });

  it('takes the server’s streak unless the device knows a later day', () => {
    recordActivity('user-2', new Date('2026-11-22T10:00:00Z'));
    adoptServerStreak('user-2', {
      currentStreak: 4,
      allTimeStreak: 9,
      lastActivityDate: '2026-11-21',
      allTimeStreakDate: '2026-10-01',
    });
    expect(readStreak('user-2')).toMatchObject({
      currentStreak: 1,
      lastActivityDate: '2026-11-22',
      allTimeStreak: 9,
      allTimeStreakDate: '2026-10-01',
    });
    const server = {
      currentStreak: 5,
      allTimeStreak: 9,
      lastActivityDate: '2026-11-22',
      allTimeStreakDate: '2026-10-01',
    };
    adoptServerStreak('user-2', server);
    expect(readStreak('user-2')).toEqual(server);
  });

  it('shows a lapsed streak as zero and dates in the interface locale', () => {
    const state = {
      currentStreak: 3,
      allTimeStreak: 3,
      lastActivityDate: '2026-11-19',
      allTimeStreakDate: '2026-11-19',
    };
    expect(liveStreak(state, '2026-11-20')).toBe(3);
    expect(liveStreak(state, '2026-11-21')).toBe(0);
    expect(longDate('2026-11-19', 'en-US')).toBe('November 19, 2026');
    expect(longDate('2026-11-19', 'es-ES')).toBe('19 de noviembre de 2026');
    expect(longDate('2026-11-19', 'ko-KR')).toBe('2026년 11월 19일');
  });
});

describe('refreshProfileAndStats', () => {
  afterEach(() => {
    resetRefreshThrottle();
    vi.unstubAllGlobals();
  });

  it('refreshes at most once a minute per user unless forced, and reports failures', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ stats: { currentStreak: 0 } }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const t0 = 1_000_000;
    expect(await refreshProfileAndStats(client, 'u', { now: t0 })).toBe(true);
    expect(await refreshProfileAndStats(client, 'u', { now: t0 + 1_000 })).toBe('throttled');
    expect(await refreshProfileAndStats(client, 'other', { now: t0 + 1_000 })).toBe(true);
    expect(await refreshProfileAndStats(client, 'u', { now: t0 + REFRESH_THROTTLE_MS })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await refreshProfileAndStats(client, 'u', { force: true, now: t0 + 61_000 })).toBe(
      false,
    );
  });
});
