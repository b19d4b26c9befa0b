import {
  type CardCounts,
  clampCardRequest,
  type FlashcardCard,
  type OverviewResponse,
  parseFlashcardDeck,
  type QueueResponse,
  quotaStatus,
  type SessionRequest,
  type SessionResponse,
  SRS_BATCH,
} from '@lesefuchs/core';
import type { Database } from '../../db/client.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { withContexts } from './card-context.service.ts';
import { createCards } from './card-creation.service.ts';
import {
  type CardScope,
  countCards,
  countNewCards,
  dueCards,
  learningCards,
  newCards,
  upcomingCards,
} from './cards.repository.ts';
import { dailyLimits } from './flashcard-stats.service.ts';
import { presentCard } from './present.ts';
import { getSrsSettings } from './settings.service.ts';

// The cards a learner studies next (spec 3 §4 "Session", "Flashcard queue", §7 get_due_cards,
// create_new_cards_and_fetch_due), the upcoming cards and the overview.
//
// Decisions where the spec is silent:
// - learning holds learning and relearning cards (due or not), review holds review and
//   relearning cards due now; a relearning card is answered once, in learning (the client
//   files relearning cards there anyway).
// - The new and review counts of a queue are kept to the batch limits and to what is left of
//   today's quota (clampCardRequest); learning cards are already begun and are not counted.
// - A session tops the deck's new cards up to the new count: it makes only as many cards as
//   the deck lacks, so starting sessions again and again does not pile up unseen cards.
// - The overview's counts are all the deck's cards by state (they add up to total); due counts
//   review and relearning cards due now that are neither leeches nor suspended.

export interface QueueOptions {
  deck: string;
  dueLimit: number;
  learningLimit: number;
  newLimit: number;
  newOffset?: number;
  includeLeeches?: boolean;
  includeSuspended?: boolean;
  timeZone: string;
}

const present = (rows: Parameters<typeof presentCard>[0][]) => rows.map(presentCard);

/** The learning, due and new cards of a deck selection, within the limits and today's quota. */
export async function loadQueue(
  db: Database,
  userId: string,
  options: QueueOptions,
  now = new Date(),
): Promise<QueueResponse> {
  const scope: CardScope = {
    userId,
    deck: parseFlashcardDeck(options.deck),
    includeLeeches: options.includeLeeches,
    includeSuspended: options.includeSuspended,
  };
  const settings = await getSrsSettings(db, userId);
  const quota = quotaStatus(await dailyLimits(db, userId, settings, options.timeZone, now));
  const counts = clampCardRequest(
    { newCount: options.newLimit, reviewCount: options.dueLimit },
    quota,
  );
  const learning = await learningCards(
    db,
    scope,
    Math.min(options.learningLimit, SRS_BATCH.learning),
  );
  const inLearning = new Set(learning.map((card) => card.id));
  const review = (await dueCards(db, scope, now, counts.reviewCount)).filter(
    (card) => !inLearning.has(card.id),
  );
  const fresh = await newCards(db, scope, counts.newCount, options.newOffset ?? 0);
  // Saved words' cards carry their story sentence (one query for the three lists).
  const cards = await withContexts(db, userId, present([...learning, ...review, ...fresh]));
  return {
    learning: cards.slice(0, learning.length),
    review: cards.slice(learning.length, learning.length + review.length),
    new: cards.slice(learning.length + review.length),
    quota,
    serverTime: now.toISOString(),
  };
}

/** POST /session: tops the deck's new cards up to the new count, then answers the queue. */
export async function startSession(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  request: SessionRequest & { timeZone: string },
  now = new Date(),
): Promise<SessionResponse> {
  const deck = parseFlashcardDeck(request.deck);
  const settings = await getSrsSettings(db, userId);
  const quota = quotaStatus(await dailyLimits(db, userId, settings, request.timeZone, now));
  const { newCount } = clampCardRequest(
    { newCount: request.newCount, reviewCount: request.reviewCount },
    quota,
  );
  const waiting = await countNewCards(db, {
    userId,
    deck,
    includeLeeches: request.includeLeeches,
    includeSuspended: request.includeSuspended,
  });
  const creation = await createCards(
    db,
    hub,
    userId,
    {
      deck: request.deck,
      count: Math.max(0, newCount - waiting),
      strategy: settings.new_card_order === 'sequential' ? 'level' : 'random',
      // The count is already kept to today's quota above.
      forceIgnoreDailyLimit: true,
      timeZone: request.timeZone,
    },
    now,
  );
  const queue = await loadQueue(
    db,
    userId,
    {
      deck: request.deck,
      dueLimit: request.reviewCount,
      learningLimit: SRS_BATCH.learning,
      newLimit: request.newCount,
      includeLeeches: request.includeLeeches,
      includeSuspended: request.includeSuspended,
      timeZone: request.timeZone,
    },
    now,
  );
  return { ...queue, created: creation.created.length, vocabularyLeft: creation.vocabularyLeft };
}

/** Upcoming window default (§7): 240 minutes. */
export const UPCOMING_MINUTES = 240;

/** Cards (not new) that fall due within the next `minutes`, in due order. */
export async function upcoming(
  db: Database,
  userId: string,
  deck: string,
  minutes: number,
  now = new Date(),
): Promise<FlashcardCard[]> {
  const until = new Date(now.getTime() + minutes * 60_000);
  const rows = await upcomingCards(
    db,
    { userId, deck: parseFlashcardDeck(deck) },
    now,
    until,
    SRS_BATCH.due,
  );
  return withContexts(db, userId, present(rows));
}

/** Overview defaults (§9): up to 100 due, 50 learning and 50 new cards. */
export const OVERVIEW_LIMITS = { due: 100, learning: 50, new: 50 } as const;

/** GET /overview: counts by state and the first cards of each list. */
export async function overview(
  db: Database,
  userId: string,
  deckSelection: string,
  now = new Date(),
): Promise<OverviewResponse> {
  const scope: CardScope = { userId, deck: parseFlashcardDeck(deckSelection) };
  const rows = await countCards(db, scope, now);
  const counts: CardCounts = {
    new: 0,
    learning: 0,
    review: 0,
    relearning: 0,
    due: 0,
    leeches: 0,
    suspended: 0,
    total: 0,
  };
  for (const row of rows) {
    if (row.state in counts)
      counts[row.state as 'new' | 'learning' | 'review' | 'relearning'] += row.total;
    counts.due += row.due;
    counts.leeches += row.leeches;
    counts.suspended += row.suspended;
    counts.total += row.total;
  }
  const [due, learning, fresh] = await Promise.all([
    dueCards(db, scope, now, OVERVIEW_LIMITS.due),
    learningCards(db, scope, OVERVIEW_LIMITS.learning),
    newCards(db, scope, OVERVIEW_LIMITS.new),
  ]);
  const inLearning = new Set(learning.map((card) => card.id));
  return {
    counts,
    due: present(due.filter((card) => !inLearning.has(card.id))),
    learning: present(learning),
    new: present(fresh),
  };
}
