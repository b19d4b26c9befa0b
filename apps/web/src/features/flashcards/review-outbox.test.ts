import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushReviews, pendingReviews, queueReview, stopReviewOutbox } from './review-outbox';

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
});
