import {
  FLASHCARD_REVIEW_QUEUE,
  FLASHCARD_REVIEW_SYNC_TYPE,
  type OfflineReview,
  type SyncResponse,
} from '@lesefuchs/core';
import { api } from '../../lib/api';
import { SyncQueue } from '../../lib/sync-queue';

// Grades that could not reach the server (offline, or a network error) wait here, on the
// device, and travel through POST /api/sync as "flashcard-reviews" (spec 3 §4): flushed when
// the browser comes online, every 30 s, on load, and by beacon when the page goes. Each keeps
// the id its direct POST /reviews had, so the server applies a grade once whichever arrives.

let queue: SyncQueue<OfflineReview> | null = null;
let owner: string | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** The outbox of this user, started (timers, online and page-hide listeners) and flushed once. */
export function reviewOutbox(userId: string): SyncQueue<OfflineReview> {
  if (queue && owner === userId) return queue;
  queue?.stop();
  owner = userId;
  queue = new SyncQueue<OfflineReview>({
    type: FLASHCARD_REVIEW_SYNC_TYPE,
    policy: FLASHCARD_REVIEW_QUEUE,
    storageKey: `lesefuchs.queue.${FLASHCARD_REVIEW_SYNC_TYPE}.${userId}`,
    send: async (request) => {
      try {
        return await api<SyncResponse>('/api/sync', { method: 'POST', body: request });
      } finally {
        // The queue drops the sent items right after this resolves.
        setTimeout(notify, 0);
      }
    },
    // A grade the server refused for good (a card deleted meanwhile) cannot be sent again.
    onRejected: () => setTimeout(notify, 0),
  });
  queue.start();
  void queue.flushNow();
  return queue;
}

/** Keeps a grade for later, under the review id its direct call had. */
export function queueReview(userId: string, reviewId: string, review: OfflineReview): void {
  reviewOutbox(userId).enqueue(review, reviewId);
  notify();
}

export function pendingReviews(userId: string): readonly { payload: OfflineReview }[] {
  return reviewOutbox(userId).pending;
}

/** Sends whatever waits now (e.g. after a call got through again). */
export async function flushReviews(userId: string): Promise<void> {
  await reviewOutbox(userId).flushNow();
  notify();
}

export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Stops the timers (sign-out, tests). */
export function stopReviewOutbox(): void {
  queue?.stop();
  queue = null;
  owner = null;
}
