import { describe, expect, it } from 'vitest';
import {
  BOOKMARK_QUEUE,
  canRetry,
  flushDecision,
  partitionExpired,
  type QueueSnapshot,
  retryDelayMs,
  SAVED_WORD_QUEUE,
  STATS_QUEUE,
} from './queue-policy.ts';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const idle: QueueSnapshot = {
  pending: 1,
  oldestQueuedAt: T0,
  lastFlushAt: T0,
  startedAt: T0 - 60_000,
  flushing: false,
};

describe('queue constants are the spec numbers', () => {
  it('bookmarks: 5 / 15 s / 45 s / 20 / 24 h', () => {
    expect(BOOKMARK_QUEUE).toMatchObject({
      size: 5,
      intervalMs: 15_000,
      maxWaitMs: 45_000,
      hardFlush: 20,
      dropAfterMs: 86_400_000,
    });
  });
  it('saved words: 8 / 20 s / 60 s / 20', () => {
    expect(SAVED_WORD_QUEUE).toMatchObject({
      size: 8,
      intervalMs: 20_000,
      maxWaitMs: 60_000,
      hardFlush: 20,
    });
  });
  it('stats: 10 / 30 s / 5 s gap / 3 retries 1 s → 10 s', () => {
    expect(STATS_QUEUE).toMatchObject({
      size: 10,
      intervalMs: 30_000,
      minGapMs: 5_000,
      retries: 3,
      backoffBaseMs: 1_000,
      backoffCapMs: 10_000,
    });
  });
});

describe('flushDecision', () => {
  it('never flushes an empty queue or one that is flushing', () => {
    expect(flushDecision(BOOKMARK_QUEUE, { ...idle, pending: 0 }, 'manual', T0)).toBeNull();
    expect(flushDecision(BOOKMARK_QUEUE, { ...idle, flushing: true }, 'online', T0)).toBeNull();
  });

  it('flushes on size, not one item before', () => {
    expect(flushDecision(BOOKMARK_QUEUE, { ...idle, pending: 4 }, 'enqueue', T0 + 10)).toBeNull();
    expect(flushDecision(BOOKMARK_QUEUE, { ...idle, pending: 5 }, 'enqueue', T0 + 10)).toBe('size');
  });

  it('counts the first interval from the start of the queue', () => {
    const fresh = { ...idle, lastFlushAt: null, startedAt: T0 };
    expect(flushDecision(BOOKMARK_QUEUE, fresh, 'tick', T0 + 14_999)).toBeNull();
    expect(flushDecision(BOOKMARK_QUEUE, fresh, 'tick', T0 + 15_000)).toBe('interval');
    expect(flushDecision(STATS_QUEUE, { ...fresh, pending: 10 }, 'enqueue', T0 + 1)).toBe('size');
  });

  it('flushes on the interval only when a tick comes', () => {
    expect(flushDecision(BOOKMARK_QUEUE, idle, 'tick', T0 + 14_999)).toBeNull();
    expect(flushDecision(BOOKMARK_QUEUE, idle, 'tick', T0 + 15_000)).toBe('interval');
    expect(flushDecision(BOOKMARK_QUEUE, idle, 'enqueue', T0 + 15_000)).toBeNull();
  });

  it('flushes when the oldest item has waited the maximum', () => {
    const queue = { ...idle, lastFlushAt: T0 + 40_000 };
    expect(flushDecision(BOOKMARK_QUEUE, queue, 'enqueue', T0 + 44_999)).toBeNull();
    expect(flushDecision(BOOKMARK_QUEUE, queue, 'enqueue', T0 + 45_000)).toBe('max-wait');
  });

  it('respects the minimum gap, except for a hard flush and forced triggers', () => {
    const justFlushed = { ...idle, pending: 10, lastFlushAt: T0 };
    expect(flushDecision(STATS_QUEUE, justFlushed, 'enqueue', T0 + 4_999)).toBeNull();
    expect(flushDecision(STATS_QUEUE, justFlushed, 'enqueue', T0 + 5_000)).toBe('size');
    expect(flushDecision(STATS_QUEUE, { ...justFlushed, pending: 20 }, 'enqueue', T0 + 1)).toBe(
      'hard',
    );
    for (const trigger of ['online', 'hidden', 'manual'] as const) {
      expect(flushDecision(STATS_QUEUE, justFlushed, trigger, T0 + 1)).toBe(trigger);
    }
  });
});

describe('retries', () => {
  it('doubles from 1 s and caps at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(STATS_QUEUE, attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });
  it('allows three retries', () => {
    expect([1, 2, 3, 4].map((attempt) => canRetry(STATS_QUEUE, attempt))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
  it('rejects an attempt that is not a positive integer', () => {
    expect(() => retryDelayMs(STATS_QUEUE, 0)).toThrow(
      'retry attempt must be a positive integer, got 0',
    );
  });
});

describe('partitionExpired', () => {
  it('drops bookmark items older than 24 h and keeps the rest', () => {
    const items = [{ queuedAt: T0 - 86_400_001 }, { queuedAt: T0 - 86_400_000 }, { queuedAt: T0 }];
    const { keep, dropped } = partitionExpired(BOOKMARK_QUEUE, items, T0);
    expect(dropped).toEqual([items[0]]);
    expect(keep).toEqual([items[1], items[2]]);
  });
  it('keeps everything when the policy has no maximum age', () => {
    const items = [{ queuedAt: 0 }];
    expect(partitionExpired(SAVED_WORD_QUEUE, items, T0).keep).toEqual(items);
  });
});
