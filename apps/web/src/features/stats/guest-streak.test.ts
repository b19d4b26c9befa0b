import { EMPTY_STREAK } from '@lesefuchs/core/streak';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { migrateGuestStreak } from './guest-streak';
import { stopStatsQueue } from './stats-queue';
import { forgetGuestStreak, readStreak, recordActivity } from './streak-store';

const NOW = new Date('2026-11-22T10:00:00Z');
const localNoon = (day: string) => new Date(`${day}T12:00:00`);

describe('a guest’s streak at sign-in', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetGuestStreak();
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    stopStatsQueue();
    vi.useRealTimers();
  });

  it('sends the days of the guest’s runs, then shows the account’s streak and forgets the guest’s', async () => {
    // A best run of two days a week ago, and the current run of three days up to today.
    for (const day of ['2026-11-14', '2026-11-15', '2026-11-20', '2026-11-21', '2026-11-22']) {
      recordActivity(null, localNoon(day));
    }
    const account = {
      currentStreak: 3,
      allTimeStreak: 3,
      lastActivityDate: '2026-11-22',
      allTimeStreakDate: '2026-11-22',
    };
    const call = vi.fn().mockResolvedValue({ migrated: 5, streak: account });

    expect(await migrateGuestStreak('user-9', NOW, call)).toBe(true);
    expect(call).toHaveBeenCalledOnce();
    const [path, options] = call.mock.calls[0] ?? [];
    expect(path).toMatch(/^\/api\/stats\/streak\/migrate\?timeZone=/);
    expect(options).toEqual({
      method: 'POST',
      body: { days: ['2026-11-20', '2026-11-21', '2026-11-22'] },
    });
    expect(readStreak('user-9')).toEqual(account);
    expect(readStreak(null)).toEqual(EMPTY_STREAK);
    expect(localStorage.getItem('lesefuchs.streak.guest')).toBeNull();
  });

  it('sends the best run too, but nothing older than the server takes', async () => {
    const call = vi
      .fn()
      .mockResolvedValue({ migrated: 1, streak: { ...EMPTY_STREAK, currentStreak: 1 } });
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-21']) {
      recordActivity(null, localNoon(day));
    }
    await migrateGuestStreak('user-8', NOW, call);
    expect(call.mock.calls[0]?.[1]).toEqual({
      method: 'POST',
      body: { days: ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-21'] },
    });

    // A run of a hundred days sends only the last 30 days and today.
    for (let back = 99; back >= 0; back--) {
      recordActivity(null, new Date(localNoon('2026-11-22').getTime() - back * 86_400_000));
    }
    expect(readStreak(null).currentStreak).toBe(100);
    await migrateGuestStreak('user-8', NOW, call);
    const days = (call.mock.calls[1]?.[1] as { body: { days: string[] } }).body.days;
    expect(days).toHaveLength(31);
    expect(days[0]).toBe('2026-10-23');
    expect(days.at(-1)).toBe('2026-11-22');
  });

  it('keeps the guest’s streak for the next sign-in when the call fails', async () => {
    recordActivity(null, localNoon('2026-11-22'));
    const call = vi.fn().mockRejectedValue(new ApiRequestError(0, 'network', 'offline'));
    expect(await migrateGuestStreak('user-7', NOW, call)).toBe(false);
    expect(readStreak(null)).toMatchObject({ currentStreak: 1, lastActivityDate: '2026-11-22' });
    expect(readStreak('user-7')).toEqual(EMPTY_STREAK);
  });

  it('calls nothing without a guest streak, and drops one too old to bring', async () => {
    const call = vi.fn();
    expect(await migrateGuestStreak('user-6', NOW, call)).toBe(false);
    recordActivity(null, localNoon('2026-08-01'));
    expect(await migrateGuestStreak('user-6', NOW, call)).toBe(false);
    expect(call).not.toHaveBeenCalled();
    expect(readStreak(null)).toEqual(EMPTY_STREAK);
  });
});
