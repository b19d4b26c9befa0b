/**
 * The live queue of the flashcard page (spec 3 §4 "Flashcard queue (live page)", §9 "Live
 * queue"): two lists sorted by due time, the next-card rule with its 15 s early grace, the
 * refresh timer and the prefetch backoff. Pure: the clock is passed in.
 *
 * Decisions where the spec is silent:
 * - A card id seen twice keeps its first copy ("duplicates skipped"); a card put back after a
 *   review replaces its older copy. Suspended cards never enter the lists.
 * - Cards with the same due time keep the order they were given in (the session's order).
 * - The early grace looks at the learning list's first card, then the review list's.
 * - The refresh timer waits for the earliest card that is not due yet; with none, or one further
 *   away than 10 minutes, it waits 10 minutes.
 * - The buffer counts the cards that are due now or within the early grace: a review card put
 *   back days ahead, or a learning card waiting 10 minutes, does not keep the learner busy.
 * - Server "type" errors that start the prefetch backoff are the spec's three messages (query
 *   structure mismatch, type mismatch, insert in a non-volatile function) and any 5xx answer.
 */
import type { CardState } from './scheduler.ts';

/** The live-queue constants of §9. */
export const LIVE_QUEUE = {
  /** Cards the page keeps ready. */
  targetBuffer: 12,
  /** New cards asked for per prefetch. */
  newBatch: 5,
  /** Due cards asked for per prefetch. */
  dueFetch: 60,
  /** A card due within this long may be shown when nothing is due. */
  earlyGraceMs: 15_000,
  /** The quota status is polled this often. */
  quotaPollMs: 60_000,
  /** Queued offline grades are flushed this often. */
  offlineFlushMs: 30_000,
  /** The refresh timer waits at most this long. */
  refreshMaxMs: 600_000,
  /** Prefetch backoff: 2^attempts × this, at most backoffMaxMs. */
  backoffBaseMs: 1_000,
  backoffMaxMs: 300_000,
  /** Retries of a failing call before it waits for the next trigger. */
  retryMax: 3,
} as const;

/** What the live queue reads of a card: a whole FlashcardCard will do. */
export interface LiveQueueCard {
  id: number | string;
  card_state: CardState;
  due_at: string | Date;
  is_suspended?: boolean;
}

export interface LiveQueue<C extends LiveQueueCard> {
  /** New, learning and relearning cards, by due time. */
  learning: C[];
  /** Review cards, by due time. */
  review: C[];
}

const dueMs = (card: LiveQueueCard) => new Date(card.due_at).getTime();

/** New, learning and relearning cards go to the learning list; the others to the review list. */
export function inLearningList(state: CardState): boolean {
  return state === 'new' || state === 'learning' || state === 'relearning';
}

const sortByDue = <C extends LiveQueueCard>(cards: C[]): C[] =>
  cards
    .map((card, index) => ({ card, index, due: dueMs(card) }))
    .sort((a, b) => a.due - b.due || a.index - b.index)
    .map(({ card }) => card);

/** The two lists from any cards: suspended cards left out, a repeated id kept once (first). */
export function buildLiveQueue<C extends LiveQueueCard>(cards: readonly C[]): LiveQueue<C> {
  const seen = new Set<C['id']>();
  const learning: C[] = [];
  const review: C[] = [];
  for (const card of cards) {
    if (seen.has(card.id) || card.is_suspended) continue;
    seen.add(card.id);
    (inLearningList(card.card_state) ? learning : review).push(card);
  }
  return { learning: sortByDue(learning), review: sortByDue(review) };
}

/** Every card of the queue, learning list first. */
export function queueCards<C extends LiveQueueCard>(queue: LiveQueue<C>): C[] {
  return [...queue.learning, ...queue.review];
}

/** The queue with cards added; ids already queued are skipped. */
export function addToQueue<C extends LiveQueueCard>(
  queue: LiveQueue<C>,
  cards: readonly C[],
): LiveQueue<C> {
  return buildLiveQueue([...queueCards(queue), ...cards]);
}

/** The queue without the card. */
export function removeFromQueue<C extends LiveQueueCard>(
  queue: LiveQueue<C>,
  id: C['id'],
): LiveQueue<C> {
  return {
    learning: queue.learning.filter((card) => card.id !== id),
    review: queue.review.filter((card) => card.id !== id),
  };
}

/** The queue with the card (re)placed in its list by its new due time. */
export function requeueCard<C extends LiveQueueCard>(queue: LiveQueue<C>, card: C): LiveQueue<C> {
  return buildLiveQueue([card, ...queueCards(removeFromQueue(queue, card.id))]);
}

/**
 * The card to show (§4): a due learning card first, then a due review card, then the first
 * learning or review card due in under 15 seconds, otherwise none.
 */
export function nextCard<C extends LiveQueueCard>(queue: LiveQueue<C>, now: Date): C | null {
  const at = now.getTime();
  const dueLearning = queue.learning.find((card) => dueMs(card) <= at);
  if (dueLearning) return dueLearning;
  const dueReview = queue.review.find((card) => dueMs(card) <= at);
  if (dueReview) return dueReview;
  for (const head of [queue.learning[0], queue.review[0]])
    if (head && dueMs(head) - at < LIVE_QUEUE.earlyGraceMs) return head;
  return null;
}

/** Cards due now or within the early grace: what keeps the learner busy. */
export function readyCount(queue: LiveQueue<LiveQueueCard>, now: Date): number {
  const limit = now.getTime() + LIVE_QUEUE.earlyGraceMs;
  return queueCards(queue).filter((card) => dueMs(card) < limit).length;
}

/** How many cards a prefetch should add to reach the target buffer of 12. */
export function bufferDeficit(queue: LiveQueue<LiveQueueCard>, now: Date): number {
  return Math.max(0, LIVE_QUEUE.targetBuffer - readyCount(queue, now));
}

/** Milliseconds until the queue should be refreshed: the earliest card not yet due, max 10 min. */
export function refreshDelayMs(queue: LiveQueue<LiveQueueCard>, now: Date): number {
  const at = now.getTime();
  const upcoming = queueCards(queue)
    .map(dueMs)
    .filter((due) => due > at);
  if (upcoming.length === 0) return LIVE_QUEUE.refreshMaxMs;
  return Math.min(Math.min(...upcoming) - at, LIVE_QUEUE.refreshMaxMs);
}

/** The prefetch backoff after `attempts` server type errors: 2^attempts s, at most 300 s. */
export function prefetchBackoffMs(attempts: number): number {
  const n = Number.isFinite(attempts) ? Math.max(0, Math.floor(attempts)) : 0;
  return Math.min(LIVE_QUEUE.backoffBaseMs * 2 ** Math.min(n, 30), LIVE_QUEUE.backoffMaxMs);
}

const SERVER_TYPE_ERRORS = [
  /structure of query does not match/i,
  /query structure/i,
  /type mismatch/i,
  /does not match (the )?(function result|expected) type/i,
  /non-volatile function/i,
];

/** Whether a failed fetch is a server type error that starts the prefetch backoff (§8). */
export function isServerTypeError(error: { status?: number; message?: string }): boolean {
  if (typeof error.status === 'number' && error.status >= 500) return true;
  const message = error.message ?? '';
  return SERVER_TYPE_ERRORS.some((pattern) => pattern.test(message));
}
