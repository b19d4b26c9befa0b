import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const enqueue = vi.fn();
vi.mock('../stats/stats-queue', () => ({ statsQueue: () => ({ enqueue }) }));

const { hydrateListens, mergeListenedIds, recordListen, setListenOwner } = await import(
  './listens'
);
const { readStreak } = await import('../stats/streak-store');
const { localDay } = await import('@lesefuchs/core/streak');

const usageOf = (owner: string) =>
  JSON.parse(localStorage.getItem(`lesefuchs.audio-usage.${owner}`) ?? '{}');

beforeEach(() => {
  localStorage.clear();
  enqueue.mockClear();
  setListenOwner('user-1');
});
afterEach(() => setListenOwner(null));

describe('listen tracking', () => {
  it('queues the first listen of an audio key and only counts repeats on the device', () => {
    expect(recordListen(12, 'DE', 1000)).toBe(true);
    expect(recordListen(12, 'de', 2000)).toBe(false);
    expect(recordListen(13, 'de', 3000)).toBe(true);
    // The first play of the day is also the day's activity for the streak (once).
    expect(enqueue.mock.calls).toEqual([
      [{ kind: 'streak', activityDate: localDay(new Date(1000)) }],
      [{ kind: 'audio', audioId: '12-de', timestamp: 1000 }],
      [{ kind: 'audio', audioId: '13-de', timestamp: 3000 }],
    ]);
    expect(usageOf('user-1')['12-de']).toEqual({ firstListened: 1000, count: 2 });
  });

  it('counts any play, a repeat too, as the day’s activity for the streak', () => {
    const day = Date.parse('2026-11-22T12:00:00');
    recordListen(12, 'de', day - 86_400_000);
    recordListen(12, 'de', day);
    expect(readStreak('user-1')).toMatchObject({
      currentStreak: 2,
      lastActivityDate: localDay(new Date(day)),
    });
    setListenOwner(null);
    recordListen(12, 'de', day);
    expect(readStreak(null)).toMatchObject({ currentStreak: 1 });
  });

  it('keeps a guest’s listens on the device only', () => {
    setListenOwner(null);
    expect(recordListen(12, 'de', 1000)).toBe(true);
    expect(enqueue).not.toHaveBeenCalled();
    expect(usageOf('guest')['12-de'].count).toBe(1);
  });

  it('merges keys from the server without touching the device’s counts', () => {
    recordListen(12, 'de', 1000);
    mergeListenedIds(['12-de', '40-de']);
    expect(usageOf('user-1')).toEqual({
      '12-de': { firstListened: 1000, count: 1 },
      '40-de': { firstListened: null, count: 0 },
    });
    // A key known from the server is not queued again when played here.
    expect(recordListen(40, 'de', 2000)).toBe(false);
    expect(enqueue).toHaveBeenCalledTimes(1);
  });
});

describe('daily hydration', () => {
  const page = (audioIds: string[], hasMore: boolean) => ({ audioIds, hasMore });

  it('loads every page of 2,000 the first time, then waits for the next day', async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce(page(['1-de', '2-de'], true))
      .mockResolvedValueOnce(page(['3-de'], false));
    const day1 = new Date(2026, 10, 23, 9);
    expect(await hydrateListens('user-1', { now: day1, load })).toBe(true);
    expect(load.mock.calls).toEqual([
      [0, null],
      [1, null],
    ]);
    expect(Object.keys(usageOf('user-1')).sort()).toEqual(['1-de', '2-de', '3-de']);

    expect(await hydrateListens('user-1', { now: new Date(2026, 10, 23, 22), load })).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks only for changes since a little before the last hydration', async () => {
    const load = vi.fn().mockResolvedValue(page([], false));
    const day1 = new Date(2026, 10, 23, 9);
    await hydrateListens('user-1', { now: day1, load });
    await hydrateListens('user-1', { now: new Date(2026, 10, 24, 9), load });
    const since = new Date(load.mock.calls[1]?.[1] as string).getTime();
    expect(since).toBe(day1.getTime() - 60 * 60 * 1000);
  });

  it('does not mark the day done when a page fails', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline'));
    const now = new Date(2026, 10, 23, 9);
    await expect(hydrateListens('user-1', { now, load })).rejects.toThrow('offline');
    load.mockResolvedValue(page(['5-de'], false));
    expect(await hydrateListens('user-1', { now, load })).toBe(true);
  });
});
