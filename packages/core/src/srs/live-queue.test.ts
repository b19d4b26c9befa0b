import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLASHCARD_REVIEW_QUEUE } from '../sync/queue-policy.ts';
import {
  addToQueue,
  bufferDeficit,
  buildLiveQueue,
  inLearningList,
  isServerTypeError,
  LIVE_QUEUE,
  type LiveQueueCard,
  nextCard,
  prefetchBackoffMs,
  queueCards,
  readyCount,
  refreshDelayMs,
  removeFromQueue,
  requeueCard,
} from './live-queue.ts';
import { CARD_STATES, type CardState } from './scheduler.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();
const card = (id: number, state: CardState, dueInSeconds: number, suspended = false) =>
  ({
    id,
    card_state: state,
    due_at: at(dueInSeconds),
    is_suspended: suspended,
  }) satisfies LiveQueueCard;
const ids = (cards: readonly LiveQueueCard[]) => cards.map((c) => c.id);

describe('the live-queue constants', () => {
  it('are the spec numbers', () => {
    expect(LIVE_QUEUE).toEqual({
      targetBuffer: 12,
      newBatch: 5,
      dueFetch: 60,
      earlyGraceMs: 15_000,
      quotaPollMs: 60_000,
      offlineFlushMs: 30_000,
      refreshMaxMs: 600_000,
      backoffBaseMs: 1_000,
      backoffMaxMs: 300_000,
      retryMax: 3,
    });
  });

  it('the offline grade queue flushes every 30 s and never drops a grade', () => {
    expect(FLASHCARD_REVIEW_QUEUE.intervalMs).toBe(LIVE_QUEUE.offlineFlushMs);
    expect(FLASHCARD_REVIEW_QUEUE.dropAfterMs).toBe(null);
  });
});

describe('buildLiveQueue', () => {
  it('puts new, learning and relearning cards in the learning list, review cards in the other', () => {
    expect(CARD_STATES.filter(inLearningList)).toEqual(['new', 'learning', 'relearning']);
    const queue = buildLiveQueue([
      card(1, 'review', 0),
      card(2, 'new', 0),
      card(3, 'learning', 0),
      card(4, 'relearning', 0),
    ]);
    expect(ids(queue.learning)).toEqual([2, 3, 4]);
    expect(ids(queue.review)).toEqual([1]);
  });

  it('sorts each list by due time, keeps the given order on a tie, skips duplicates and suspended cards', () => {
    const queue = buildLiveQueue([
      card(1, 'learning', 60),
      card(2, 'new', -5),
      card(3, 'new', -5),
      card(1, 'learning', -100),
      card(4, 'review', 30),
      card(5, 'review', -30),
      card(6, 'review', -60, true),
    ]);
    expect(ids(queue.learning)).toEqual([2, 3, 1]);
    expect(queue.learning[2]?.due_at).toBe(at(60));
    expect(ids(queue.review)).toEqual([5, 4]);
  });

  it('property: every card once, lists sorted, nothing suspended', () => {
    const arb = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 30 }),
        card_state: fc.constantFrom(...CARD_STATES),
        due_at: fc.integer({ min: -1e6, max: 1e6 }).map((s) => at(s)),
        is_suspended: fc.boolean(),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(arb, (cards) => {
        const queue = buildLiveQueue(cards);
        const all = queueCards(queue);
        expect(new Set(ids(all)).size).toBe(all.length);
        expect(all.some((c) => c.is_suspended)).toBe(false);
        const wanted = new Set(cards.filter((c) => !c.is_suspended).map((c) => c.id));
        for (const id of wanted)
          if (cards.find((c) => c.id === id)?.is_suspended === false)
            expect(all.some((c) => c.id === id)).toBe(true);
        for (const list of [queue.learning, queue.review])
          for (let i = 1; i < list.length; i++)
            expect(Date.parse(list[i - 1]?.due_at ?? '')).toBeLessThanOrEqual(
              Date.parse(list[i]?.due_at ?? ''),
            );
      }),
    );
  });
});

describe('changing the queue', () => {
  const base = buildLiveQueue([card(1, 'new', 0), card(2, 'review', -10), card(3, 'new', 5)]);

  it('removes a card at once', () => {
    const queue = removeFromQueue(base, 1);
    expect(ids(queueCards(queue))).toEqual([3, 2]);
  });

  it('requeues a reviewed card by its new due time, in the list of its new state', () => {
    const queue = requeueCard(base, card(1, 'learning', 60));
    expect(ids(queue.learning)).toEqual([3, 1]);
    const graduated = requeueCard(base, card(1, 'review', 86_400));
    expect(ids(graduated.learning)).toEqual([3]);
    expect(ids(graduated.review)).toEqual([2, 1]);
  });

  it('adds prefetched cards, skipping ids already queued', () => {
    const queue = addToQueue(base, [card(2, 'review', -500), card(9, 'review', -20)]);
    expect(ids(queue.review)).toEqual([9, 2]);
    expect(queue.review[1]?.due_at).toBe(at(-10));
  });
});

describe('nextCard', () => {
  it('takes a due learning card before a due review card', () => {
    const queue = buildLiveQueue([card(1, 'review', -600), card(2, 'learning', -1)]);
    expect(nextCard(queue, NOW)?.id).toBe(2);
  });

  it('takes a due review card when no learning card is due', () => {
    const queue = buildLiveQueue([card(1, 'review', 0), card(2, 'learning', 5)]);
    expect(nextCard(queue, NOW)?.id).toBe(1);
  });

  it('a card due at this very moment is due', () => {
    expect(nextCard(buildLiveQueue([card(1, 'new', 0)]), NOW)?.id).toBe(1);
  });

  it('takes the first learning card due in under 15 seconds, then the first review card', () => {
    expect(
      nextCard(buildLiveQueue([card(1, 'review', 3), card(2, 'learning', 14.999)]), NOW)?.id,
    ).toBe(2);
    expect(nextCard(buildLiveQueue([card(1, 'review', 3), card(2, 'learning', 15)]), NOW)?.id).toBe(
      1,
    );
  });

  it('gives none when nothing is due within 15 seconds, or the queue is empty', () => {
    expect(nextCard(buildLiveQueue([card(1, 'learning', 15), card(2, 'review', 60)]), NOW)).toBe(
      null,
    );
    expect(nextCard(buildLiveQueue([]), NOW)).toBe(null);
  });

  it('property: the card chosen is queued and due before now + 15 s; none only if nothing is', () => {
    const arb = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 1000 }),
        card_state: fc.constantFrom(...CARD_STATES),
        due_at: fc.integer({ min: -3600, max: 3600 }).map((s) => at(s)),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(arb, (cards) => {
        const queue = buildLiveQueue(cards);
        const chosen = nextCard(queue, NOW);
        const soon = queueCards(queue).filter(
          (c) => Date.parse(c.due_at) - NOW.getTime() < LIVE_QUEUE.earlyGraceMs,
        );
        if (chosen === null) expect(soon).toEqual([]);
        else {
          expect(soon).toContain(chosen);
          const anyDueLearning = queue.learning.some((c) => Date.parse(c.due_at) <= NOW.getTime());
          if (anyDueLearning) expect(inLearningList(chosen.card_state)).toBe(true);
        }
      }),
    );
  });
});

describe('the buffer', () => {
  it('counts cards due now or within 15 s; a prefetch fills it up to 12', () => {
    const queue = buildLiveQueue([
      card(1, 'new', -1),
      card(2, 'learning', 14),
      card(3, 'learning', 600),
      card(4, 'review', 86_400),
    ]);
    expect(readyCount(queue, NOW)).toBe(2);
    expect(bufferDeficit(queue, NOW)).toBe(10);
    const full = buildLiveQueue(Array.from({ length: 14 }, (_, i) => card(i + 1, 'new', 0)));
    expect(bufferDeficit(full, NOW)).toBe(0);
  });
});

describe('refreshDelayMs', () => {
  it('waits for the earliest card that is not due yet', () => {
    const queue = buildLiveQueue([
      card(1, 'new', -10),
      card(2, 'learning', 60),
      card(3, 'review', 30),
    ]);
    expect(refreshDelayMs(queue, NOW)).toBe(30_000);
  });

  it('waits at most 10 minutes, and 10 minutes with nothing upcoming', () => {
    expect(refreshDelayMs(buildLiveQueue([card(1, 'review', 86_400)]), NOW)).toBe(600_000);
    expect(refreshDelayMs(buildLiveQueue([card(1, 'new', -1)]), NOW)).toBe(600_000);
    expect(refreshDelayMs(buildLiveQueue([]), NOW)).toBe(600_000);
  });
});

describe('prefetchBackoffMs', () => {
  it('is 2^attempts seconds, at most 300 s', () => {
    expect([0, 1, 2, 3, 8, 9, 20, 1000].map(prefetchBackoffMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 256_000, 300_000, 300_000, 300_000,
    ]);
    expect(prefetchBackoffMs(-3)).toBe(1_000);
    expect(prefetchBackoffMs(Number.NaN)).toBe(1_000);
  });
});

describe('isServerTypeError', () => {
  it('knows the three server messages of §8 and 5xx answers', () => {
    expect(
      isServerTypeError({ message: 'structure of query does not match function result type' }),
    ).toBe(true);
    expect(isServerTypeError({ message: 'Returned type mismatch in column 3' })).toBe(true);
    expect(isServerTypeError({ message: 'INSERT is not allowed in a non-volatile function' })).toBe(
      true,
    );
    expect(isServerTypeError({ status: 503, message: 'Service Unavailable' })).toBe(true);
    expect(isServerTypeError({ status: 400, message: 'Invalid deck' })).toBe(false);
    expect(isServerTypeError({ status: 0, message: 'The server could not be reached.' })).toBe(
      false,
    );
  });
});
