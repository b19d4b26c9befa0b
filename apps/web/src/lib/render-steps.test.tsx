import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRenderedInSteps } from './render-steps';

const list = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => ({ id: from + index }));
const byId = (item: { id: number }) => item.id;

describe('useRenderedInSteps', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  async function drawAll() {
    for (let task = 0; task < 200; task++) await act(() => vi.advanceTimersByTimeAsync(1));
  }

  it('draws a screenful at once and the rest in later tasks', async () => {
    const items = list(0, 40);
    const { result } = renderHook(() => useRenderedInSteps(items, 5, { keyOf: byId }));
    expect(result.current).toBe(5);
    await drawAll();
    expect(result.current).toBe(40);
  });

  it('keeps what stays the same drawn when the list changes, and starts a new list over', async () => {
    const { result, rerender } = renderHook(
      ({ items }) => useRenderedInSteps(items, 5, { keyOf: byId }),
      { initialProps: { items: list(0, 40) } },
    );
    await drawAll();
    expect(result.current).toBe(40);

    // The same stories as new objects (a read mark changed): nothing is drawn again.
    rerender({ items: list(0, 40) });
    expect(result.current).toBe(40);

    // More of the same list (show more): the first 40 stay, the rest follow in steps.
    rerender({ items: list(0, 60) });
    expect(result.current).toBe(40);
    await drawAll();
    expect(result.current).toBe(60);

    // One item gone from the middle: drawn up to it, the rest again in steps.
    const without = list(0, 60).filter((item) => item.id !== 30);
    rerender({ items: without });
    expect(result.current).toBe(30);

    // Another filter: a screenful again.
    rerender({ items: list(100, 160) });
    expect(result.current).toBe(5);
  });
});
