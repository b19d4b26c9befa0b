import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  beginReview,
  endReview,
  flushReviews,
  pendingReviews,
  queueReview,
  stopReviewOutbox,
} from './review-outbox';

const sent: { type: string; operations: { id: string; payload: unknown }[] }[] = [];
let online = true;

beforeEach(() => {
  localStorage.clear();
  sent.length = 0;
  online = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return new Response(
        JSON.stringify({
          results: body.operations.map((op: { id: string }) => ({ id: op.id, outcome: 'applied' })),
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
});

afterEach(() => {
  stopReviewOutbox();
  vi.unstubAllGlobals();
});

describe('the review outbox', () => {
  it('keeps a grade under the id of its direct call and sends it as flashcard-reviews', async () => {
    online = false;
    queueReview('u1', 'review-0001', { cardId: 7, rating: 'good', reviewedAt: 1_795_000_000_000 });
    await flushReviews('u1');
    expect(pendingReviews('u1')).toHaveLength(1);
    // Survives a reload (a new outbox reads the device's copy).
    stopReviewOutbox();
    expect(pendingReviews('u1')).toHaveLength(1);
    // That new outbox flushed on load (and failed): let it finish.
    await new Promise((resolve) => setTimeout(resolve, 0));
    online = true;
    await flushReviews('u1');
    expect(pendingReviews('u1')).toHaveLength(0);
    const last = sent.at(-1);
    expect(last?.type).toBe('flashcard-reviews');
    expect(last?.operations).toEqual([
      expect.objectContaining({
        id: 'review-0001',
        payload: { cardId: 7, rating: 'good', reviewedAt: 1_795_000_000_000 },
      }),
    ]);
  });

  it('keeps one queue per user', async () => {
    online = false;
    queueReview('u1', 'review-0002', { cardId: 1, rating: 'again', reviewedAt: 1 });
    expect(pendingReviews('u2')).toHaveLength(0);
    expect(pendingReviews('u1')).toHaveLength(1);
  });

  it('queues on the next load a grade whose direct call never answered', () => {
    online = false;
    beginReview('u1', 'review-0003', { cardId: 3, rating: 'easy', reviewedAt: 5 });
    beginReview('u1', 'review-0004', { cardId: 4, rating: 'good', reviewedAt: 6 });
    endReview('u1', 'review-0004');
    // The page goes; the next load adopts the one without an answer.
    stopReviewOutbox();
    expect(pendingReviews('u1').map((item) => item.payload)).toEqual([
      { cardId: 3, rating: 'easy', reviewedAt: 5 },
    ]);
    expect(localStorage.getItem('lesefuchs.flashcards.reviewsInFlight.u1')).toBe(null);
  });
});
