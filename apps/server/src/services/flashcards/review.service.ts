import {
  type CardState,
  leechFlagsAfterReview,
  type OfflineReview,
  offlineReviewSchema,
  type Rating,
  type ReviewLogEntry,
  type ReviewResponse,
  type SrsSettings,
  scheduleCard,
} from '@lesefuchs/core';
import { and, asc, eq, type Query, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Database, runRendered, sqlDialect } from '../../db/client.ts';
import { insertPerRow } from '../../db/insert-per-row.ts';
import { activityDays, flashcardReviews, flashcards } from '../../db/schema/index.ts';
import { notificationOf, payloadOf } from '../../realtime/hub.ts';
import { activityDayOf } from '../stats.service.ts';
import type { SyncHandler } from '../sync.service.ts';
import { type CardChange, cardForReview, sameVersion, scheduleOf } from './cards.repository.ts';
import { type CardWithEntryRow, presentCard } from './present.ts';
import { settingsOf } from './settings.service.ts';

// The review endpoint (review_srs_card_authed, spec 3 §4) and the offline grades of the sync
// queue: one card of the session's user, scheduled by the core, written in one statement.
//
// Decisions where the spec is silent:
// - A review is applied at most once per review id (the client's id; the sync operation id for
//   an offline grade): a repeat answers 'duplicate' with the card as it is.
// - The 2-second guard (§5) compares this review's time with the card's last applied review:
//   closer than 2 s, and it is 'ignored' (card null). The time is the client's reviewedAt kept
//   between the card's last review and now, so a grade older than the card's last review
//   (another device got there first) is ignored rather than applied on top of it.
// - Offline grades are scheduled at the time they were made, so a replay gives exactly what the
//   core scheduler gives for that time.
// - An applied review is the learner's activity of the day for the header streak (spec 1 §4),
//   on the local day of its own time in the time zone it names; a day too old to record (an
//   offline grade sent days later) leaves the streak alone but the review still counts.
// - A review reads the card, then writes it only if the row is still the version it read
//   (optimistic concurrency, on the row's xmin): two round trips and no lock held between them,
//   where a locking transaction took four. When another write got there first, the review reads
//   the card again and decides anew (it may now be a repeat or within the 2-second guard); after
//   REVIEW_ATTEMPTS such races it gives up with ReviewConflictError, a 503 the client retries.

/** The card is not the user's (or does not exist): a 404, never a hint that it exists. */
export class CardNotFoundError extends Error {}

/** Another write changed the card every time this review tried: try again shortly. */
export class ReviewConflictError extends Error {}

/** Reads and write attempts of one review before ReviewConflictError. */
export const REVIEW_ATTEMPTS = 5;

/** The duplicate-review guard of spec 3 §5 and §9. */
export const DUPLICATE_REVIEW_WINDOW_MS = 2_000;

export interface ReviewInput {
  cardId: number;
  rating: Rating;
  reviewId: string;
  /** When the learner graded (ms); now when absent. */
  reviewedAt?: number;
  /** The learner's time zone, for the day the review counts on (UTC when absent). */
  timeZone?: string;
}

/** The one call that plans a review, by the learner's scheduler (sm2 or FSRS). */
function schedule(card: CardWithEntryRow, rating: Rating, at: Date, settings: SrsSettings) {
  return scheduleCard(scheduleOf(card), rating, at, settings);
}

/**
 * Applies one review, on its own or inside the transaction it is given (the sync queue's): read
 * again and retried while another write keeps getting there first.
 */
export async function applyReview(
  db: Database,
  userId: string,
  input: ReviewInput,
  now = Date.now(),
): Promise<ReviewResponse> {
  for (let attempt = 1; attempt <= REVIEW_ATTEMPTS; attempt += 1) {
    const response = await attemptReview(db, userId, input, now);
    if (response) return response;
  }
  throw new ReviewConflictError(
    `card ${input.cardId} changed during each of its reviews' attempts`,
  );
}

/** What a review changes in its card. */
const REVIEW_CHANGE_FIELDS = [
  'cardState',
  'learningStep',
  'easeFactor',
  'intervalDays',
  'repetitions',
  'lapses',
  'dueAt',
  'lastReviewedAt',
  'fsrsStability',
  'fsrsDifficulty',
  'isLeech',
  'isSuspended',
  'updatedAt',
] as const satisfies readonly (keyof CardChange)[];
type ReviewChange = Required<Pick<CardChange, (typeof REVIEW_CHANGE_FIELDS)[number]>>;

/** The values the review's write takes, by placeholder. */
type ReviewWriteValue =
  | keyof ReviewChange
  | 'cardId'
  | 'userId'
  | 'version'
  | 'reviewId'
  | 'vocabularyId'
  | 'difficultyLevel'
  | 'rating'
  | 'stateBefore'
  | 'scheduler'
  | 'reviewedAt'
  | 'day'
  | 'reviewedEvent'
  | 'statsEvent';

const placeholder = (name: ReviewWriteValue) => sql.placeholder(name);
/** A placeholder bound as a value of `column` (a date as the column writes it). */
const valueOf = (column: AnyPgColumn, name: ReviewWriteValue) =>
  sql`${sql.param(placeholder(name), column)}`;

/** The review's write by whether it records the day's activity, rendered once (reviewWrite). */
const reviewWrites = new Map<boolean, Query>();

/**
 * The review's write: the card's change (only if it is still the version read), its log entry,
 * the day's activity and the realtime events, in one statement (one round trip where five or six
 * ran in turn); each part acts only on the changed card. The events go out in this order, the
 * stats only when the review was the day's first activity. Built with placeholders and rendered
 * once per shape: building SQL with drizzle on every review was a third of the HTTP thread's time
 * for a review (`ReviewWriteValue` names what each run fills in).
 */
function reviewWrite(db: Database, withDay: boolean): Query {
  const cached = reviewWrites.get(withDay);
  if (cached) return cached;
  const set = Object.fromEntries(
    REVIEW_CHANGE_FIELDS.map((field) => [field, valueOf(flashcards[field], field)]),
  );
  const update = db
    .update(flashcards)
    .set(set)
    .where(
      and(
        eq(flashcards.id, placeholder('cardId')),
        eq(flashcards.userId, placeholder('userId')),
        sameVersion(sql.placeholder('version')),
      ),
    )
    .returning({ id: flashcards.id });
  const changed = sql`card`;
  const log = insertPerRow(
    flashcardReviews,
    {
      userId: placeholder('userId'),
      cardId: placeholder('cardId'),
      reviewId: placeholder('reviewId'),
      vocabularyId: placeholder('vocabularyId'),
      difficultyLevel: placeholder('difficultyLevel'),
      rating: placeholder('rating'),
      stateBefore: placeholder('stateBefore'),
      stateAfter: placeholder('cardState'),
      intervalDays: placeholder('intervalDays'),
      easeFactor: placeholder('easeFactor'),
      dueAt: placeholder('dueAt'),
      scheduler: placeholder('scheduler'),
      reviewedAt: placeholder('reviewedAt'),
    },
    changed,
  );
  const dayInsert = withDay
    ? sql`, day as (${insertPerRow(activityDays, { userId: placeholder('userId'), day: placeholder('day') }, changed)} on conflict do nothing returning 1)`
    : sql``;
  const statsEvent = withDay
    ? sql`, (select ${notificationOf(placeholder('statsEvent'))} from day)`
    : sql``;
  const query = sqlDialect.sqlToQuery(
    sql`with card as (${update.getSQL()}), log as (${log})${dayInsert}
      select (select ${notificationOf(placeholder('reviewedEvent'))} from card)${statsEvent}, exists (select 1 from card) as applied`,
  );
  reviewWrites.set(withDay, query);
  return query;
}

/** One read and, when the review is applied, one write; null when the card changed between. */
async function attemptReview(
  db: Database,
  userId: string,
  input: ReviewInput,
  now: number,
): Promise<ReviewResponse | null> {
  // The card, its version, its history and the learner's settings in one round trip.
  const found = await cardForReview(db, userId, input.cardId, input.reviewId);
  if (!found) throw new CardNotFoundError(`cardId: no card ${input.cardId}`);
  const { reviewSeen, lastReviewAt, settings: settingsRow, preferences, version, ...card } = found;
  if (reviewSeen) return { outcome: 'duplicate', card: presentCard(card) };

  const lastReviewed = card.lastReviewedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const at = Math.min(Math.max(input.reviewedAt ?? now, lastReviewed), now);
  if (lastReviewAt !== null && Math.abs(at - lastReviewAt) < DUPLICATE_REVIEW_WINDOW_MS) {
    return { outcome: 'ignored', card: null };
  }

  const settings = settingsOf({ settings: settingsRow, preferences });
  const next = schedule(card, input.rating, new Date(at), settings);
  const flags = leechFlagsAfterReview(
    { is_leech: card.isLeech, is_suspended: card.isSuspended },
    card.lapses,
    next.lapses,
    settings,
  );
  const change = {
    cardState: next.card_state,
    learningStep: next.learning_step,
    easeFactor: next.ease_factor,
    intervalDays: next.interval_days,
    repetitions: next.repetitions,
    lapses: next.lapses,
    dueAt: next.due_at,
    lastReviewedAt: next.last_reviewed_at,
    fsrsStability: next.fsrs_stability,
    fsrsDifficulty: next.fsrs_difficulty,
    isLeech: flags.is_leech,
    isSuspended: flags.is_suspended,
    updatedAt: new Date(now),
  } satisfies ReviewChange;
  const day = activityDayOf(new Date(at), input.timeZone, new Date(now));
  const write = reviewWrite(db, day !== null);
  const values: Record<ReviewWriteValue, unknown> = {
    ...change,
    cardId: card.id,
    userId,
    version,
    reviewId: input.reviewId,
    vocabularyId: card.vocabularyId,
    difficultyLevel: card.difficultyLevel,
    rating: input.rating,
    stateBefore: card.cardState,
    scheduler: settings.scheduler,
    reviewedAt: new Date(at),
    day,
    reviewedEvent: payloadOf(userId, {
      type: 'flashcards',
      data: { action: 'reviewed', cardId: card.id },
    }),
    statsEvent: payloadOf(userId, { type: 'stats' }),
  };
  const [written] = await runRendered<{ applied: boolean }>(db, write, values);
  if (!written?.applied) return null;
  return { outcome: 'applied', card: presentCard({ ...card, ...change }) };
}

/** GET /reviews: the learner's review log (of one card when asked), oldest first. */
export async function listReviews(
  db: Database,
  userId: string,
  query: { cardId?: number; offset: number; limit: number },
): Promise<ReviewLogEntry[]> {
  const rows = await db
    .select()
    .from(flashcardReviews)
    .where(
      and(
        eq(flashcardReviews.userId, userId),
        query.cardId === undefined ? undefined : eq(flashcardReviews.cardId, query.cardId),
      ),
    )
    .orderBy(asc(flashcardReviews.reviewedAt), asc(flashcardReviews.id))
    .offset(query.offset)
    .limit(query.limit);
  return rows.map((row) => ({
    review_id: row.reviewId,
    card_id: row.cardId,
    vocabulary_id: row.vocabularyId,
    rating: row.rating as Rating,
    state_before: row.stateBefore as CardState,
    state_after: row.stateAfter as CardState,
    interval_days: row.intervalDays,
    ease_factor: row.easeFactor,
    due_at: row.dueAt.toISOString(),
    scheduler: row.scheduler as ReviewLogEntry['scheduler'],
    reviewed_at: row.reviewedAt.toISOString(),
  }));
}

/** POST /reviews: one review, a single statement when applied (see applyReview). */
export function reviewCard(
  db: Database,
  userId: string,
  input: ReviewInput,
): Promise<ReviewResponse> {
  return applyReview(db, userId, input);
}

/**
 * The client's `flashcard-reviews` sync queue: offline grades, each applied once (the operation
 * id is the review id). A grade of a card the user no longer has is done, not an error.
 */
export function flashcardReviewSyncHandler(): SyncHandler<typeof offlineReviewSchema> {
  return {
    payload: offlineReviewSchema,
    apply: async (tx, userId, review: OfflineReview, operation) => {
      try {
        await applyReview(tx, userId, { ...review, reviewId: operation.id });
      } catch (error) {
        if (!(error instanceof CardNotFoundError)) throw error;
      }
    },
  };
}
