import type { OfflineReview } from '@lesefuchs/core/srs/api';
import type { SyncResponse } from '@lesefuchs/core/sync/operations';
import {
  FLASHCARD_REVIEW_QUEUE,
  FLASHCARD_REVIEW_SYNC_TYPE,
} from '@lesefuchs/core/sync/queue-policy';
import { api } from '../../lib/api';
import { SyncQueue } from '../../lib/sync-queue';

// Grades that could not reach the server (offline, or a network error) wait here, on the
// device, and travel through POST /api/sync as "flashcard-reviews" (spec 3 §4): flushed when
// the browser comes online, every 30 s, on load, and by beacon when the page goes. Each keeps
// the id its direct POST /reviews had, so the server applies a grade once whichever arrives.
// A grade whose direct call is under way is noted on the device too: if the page goes before
// the answer, the next load queues it (the server ignores it if the call did arrive).

let queue: SyncQueue<OfflineReview> | null = null;
let owner: string | null = null;
const listeners = new Set<() => void>();

const inFlightKey = (userId: string) => `lesefuchs.flashcards.reviewsInFlight.${userId}`;
type InFlight = Record<string, OfflineReview>;

function readInFlight(userId: string): InFlight {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(inFlightKey(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as InFlight) : {};
  } catch {
    return {};
  }
}

function writeInFlight(userId: string, entries: InFlight): void {
  try {
    if (Object.keys(entries).length === 0) localStorage.removeItem(inFlightKey(userId));
    else localStorage.setItem(inFlightKey(userId), JSON.stringify(entries));
  } catch {
    // Storage full: the call itself still runs.
  }
}

/** Notes a grade whose direct call starts now. */
export function beginReview(userId: string, reviewId: string, review: OfflineReview): void {
  writeInFlight(userId, { ...readInFlight(userId), [reviewId]: review });
}

/** The direct call has answered (or its grade went to the outbox). */
export function endReview(userId: string, reviewId: string): void {
  const entries = readInFlight(userId);
  delete entries[reviewId];
  writeInFlight(userId, entries);
}

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
  // Grades whose direct call never answered (the page went): queued under their ids.
  const orphans = readInFlight(userId);
  for (const [reviewId, review] of Object.entries(orphans))
    if (!queue.pending.some((item) => item.id === reviewId)) queue.enqueue(review, reviewId);
  writeInFlight(userId, {});
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
