import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterIdle, awaitFirstPaint } from './idle';

describe('afterIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    awaitFirstPaint()();
  });

  it("waits for the app's first paint, which comes after the page's load event", async () => {
    vi.useFakeTimers();
    const painted = awaitFirstPaint();
    const action = vi.fn();
    afterIdle(0, action);
    await vi.advanceTimersByTimeAsync(5000);
    expect(action).not.toHaveBeenCalled();
    painted();
    await vi.advanceTimersByTimeAsync(2100);
    expect(action).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled while the first paint is still ahead', async () => {
    vi.useFakeTimers();
    const painted = awaitFirstPaint();
    const action = vi.fn();
    const cancel = afterIdle(0, action);
    cancel();
    painted();
    await vi.advanceTimersByTimeAsync(5000);
    expect(action).not.toHaveBeenCalled();
  });

  it('runs after the delay when no first paint is awaited (a screen mounted later)', async () => {
    vi.useFakeTimers();
    const action = vi.fn();
    afterIdle(300, action);
    await vi.advanceTimersByTimeAsync(200);
    expect(action).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2200);
    expect(action).toHaveBeenCalledOnce();
  });
});
