/**
 * Flush and retry rules of the client's persistent write queues. The numbers are the spec's;
 * the functions are pure so the web app's queue and its tests share one definition.
 */
export interface QueuePolicy {
  /** Flush as soon as this many items are pending. */
  readonly size: number;
  /** Flush pending items on this period. */
  readonly intervalMs: number;
  /** Flush when the oldest pending item has waited this long. */
  readonly maxWaitMs: number;
  /** Flush at once, ignoring the minimum gap, when this many items are pending. */
  readonly hardFlush: number;
  /** Items older than this are dropped unsent; `null` keeps them until sent. */
  readonly dropAfterMs: number | null;
  /** No two flushes start closer than this, unless forced. */
  readonly minGapMs: number;
  /** Failed flushes are retried this many times before the items wait for the next trigger. */
  readonly retries: number;
  /** First retry delay; it doubles each attempt. */
  readonly backoffBaseMs: number;
  /** Upper bound of a retry delay. */
  readonly backoffCapMs: number;
}

/** Bookmarks (spec 2 §9): size 5, every 15 s, max wait 45 s, hard flush 20, dropped after 24 h. */
export const BOOKMARK_QUEUE: QueuePolicy = {
  size: 5,
  intervalMs: 15_000,
  maxWaitMs: 45_000,
  hardFlush: 20,
  dropAfterMs: 86_400_000,
  minGapMs: 0,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffCapMs: 10_000,
};

/**
 * Read stories (spec 2 §4): sent at once; when that fails the mark stays queued and is retried,
 * and sent when the browser comes online or by beacon when the page goes.
 */
export const COMPLETION_QUEUE: QueuePolicy = {
  size: 1,
  intervalMs: 15_000,
  maxWaitMs: 15_000,
  hardFlush: 20,
  dropAfterMs: null,
  minGapMs: 0,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffCapMs: 10_000,
};

/** Saved words (spec 2 §9): size 8, every 20 s, max wait 60 s, hard flush 20. */
export const SAVED_WORD_QUEUE: QueuePolicy = {
  size: 8,
  intervalMs: 20_000,
  maxWaitMs: 60_000,
  hardFlush: 20,
  dropAfterMs: null,
  minGapMs: 0,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffCapMs: 10_000,
};

/**
 * Preferences (spec 1 §4, §9): kept on the device at once and written to the server at most
 * 180 s after a change, and on page hide.
 */
export const PREFERENCES_QUEUE: QueuePolicy = {
  size: 20,
  intervalMs: 180_000,
  maxWaitMs: 180_000,
  hardFlush: 20,
  dropAfterMs: null,
  minGapMs: 0,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffCapMs: 10_000,
};

/**
 * Batched stats (spec 1 §4, §9): size 10, every 30 s, 5 s minimum gap, 3 retries from 1 s
 * doubling to 10 s; pending items also flush every 300 s.
 */
export const STATS_QUEUE: QueuePolicy = {
  size: 10,
  intervalMs: 30_000,
  maxWaitMs: 300_000,
  hardFlush: 20,
  dropAfterMs: null,
  minGapMs: 5_000,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffCapMs: 10_000,
};

/** The sync queue's type of an offline flashcard grade (its items: srs/api.ts). */
export const FLASHCARD_REVIEW_SYNC_TYPE = 'flashcard-reviews';

/**
 * Flashcard grades that could not be sent (spec 3 §4, §9): flushed every 30 s, when the browser
 * comes online and on load (the page calls flushNow); never dropped, since a lost grade would
 * leave the card's schedule wrong.
 */
export const FLASHCARD_REVIEW_QUEUE: QueuePolicy = {
  size: 20,
  intervalMs: 30_000,
  maxWaitMs: 30_000,
  hardFlush: 50,
  dropAfterMs: null,
  minGapMs: 0,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffCapMs: 10_000,
};

export type FlushReason =
  | 'size'
  | 'hard'
  | 'max-wait'
  | 'interval'
  | 'online'
  | 'hidden'
  | 'manual';

export interface QueueSnapshot {
  /** How many items are pending. */
  readonly pending: number;
  /** When the oldest pending item was queued, or null when none is. */
  readonly oldestQueuedAt: number | null;
  /** When the last flush started, or null before the first. */
  readonly lastFlushAt: number | null;
  /** When the queue started; the first interval counts from here. */
  readonly startedAt: number;
  /** Whether a flush is running now. */
  readonly flushing: boolean;
}

/**
 * Decides whether a queue should flush now, for a trigger that just happened. Returns the reason
 * to flush, or null. `forced` triggers (online, hidden, manual) skip the minimum gap.
 */
export function flushDecision(
  policy: QueuePolicy,
  queue: QueueSnapshot,
  trigger: 'enqueue' | 'tick' | 'online' | 'hidden' | 'manual',
  now: number,
): FlushReason | null {
  if (queue.pending === 0 || queue.flushing) return null;
  if (trigger === 'online' || trigger === 'hidden' || trigger === 'manual') return trigger;
  if (queue.pending >= policy.hardFlush) return 'hard';
  const sinceLast = queue.lastFlushAt === null ? Number.POSITIVE_INFINITY : now - queue.lastFlushAt;
  if (sinceLast < policy.minGapMs) return null;
  const sincePeriodStart = now - (queue.lastFlushAt ?? queue.startedAt);
  if (queue.pending >= policy.size) return 'size';
  if (queue.oldestQueuedAt !== null && now - queue.oldestQueuedAt >= policy.maxWaitMs) {
    return 'max-wait';
  }
  if (trigger === 'tick' && sincePeriodStart >= policy.intervalMs) return 'interval';
  return null;
}

/** Delay before retry number `attempt` (1-based): base doubling per attempt, capped. */
export function retryDelayMs(policy: QueuePolicy, attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`retry attempt must be a positive integer, got ${attempt}`);
  }
  return Math.min(policy.backoffCapMs, policy.backoffBaseMs * 2 ** (attempt - 1));
}

/** Whether a failed flush may be retried after `attempt` failures. */
export function canRetry(policy: QueuePolicy, attempt: number): boolean {
  return attempt <= policy.retries;
}

/** Splits items into those still worth sending and those past the policy's maximum age. */
export function partitionExpired<T extends { readonly queuedAt: number }>(
  policy: QueuePolicy,
  items: readonly T[],
  now: number,
): { keep: T[]; dropped: T[] } {
  const keep: T[] = [];
  const dropped: T[] = [];
  for (const item of items) {
    if (policy.dropAfterMs !== null && now - item.queuedAt > policy.dropAfterMs) dropped.push(item);
    else keep.push(item);
  }
  return { keep, dropped };
}
