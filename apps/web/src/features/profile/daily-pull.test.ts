import { afterEach, describe, expect, it, vi } from 'vitest';
import { msUntilLocalMidnight, scheduleDailyPreferencesPull } from './daily-pull';

describe('the daily preferences pull', () => {
  afterEach(() => vi.useRealTimers());

  it('counts to the next local midnight', () => {
    const evening = new Date(2026, 10, 22, 23, 59, 0);
    expect(msUntilLocalMidnight(evening)).toBe(60_000);
    const justAfter = new Date(2026, 10, 22, 0, 0, 1);
    expect(msUntilLocalMidnight(justAfter)).toBe(86_399_000);
  });

  it('pulls at local midnight and every 24 hours after, until stopped', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 22, 0, 0) });
    const pull = vi.fn().mockResolvedValue(undefined);
    const stop = scheduleDailyPreferencesPull(pull);
    await vi.advanceTimersByTimeAsync(2 * 3_600_000 - 1);
    expect(pull).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(pull).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(pull).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * 86_400_000);
    expect(pull).toHaveBeenCalledTimes(2);
  });
});
