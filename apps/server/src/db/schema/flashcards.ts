import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { owner } from './activity.ts';
import { users } from './auth.ts';
import { vocabulary } from './content.ts';

// Spaced-repetition flashcards (spec 3 §3): a learner's cards, their append-only review log and
// their SRS settings. Every row belongs to one user and goes with the account.
//
// Numbers the scheduler computes (ease, FSRS stability and difficulty) are double precision: a
// float4 would give 2.1500000953674316 back for 2.15, and a replayed review would no longer
// give exactly what the core scheduler gives.

/** One card per user and vocabulary entry; deck_name is always 'default' (§3). */
export const flashcards = pgTable(
  'spaced_repetition_cards',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    vocabularyId: integer('vocabulary_id')
      .notNull()
      .references(() => vocabulary.id, { onDelete: 'cascade' }),
    deckName: text('deck_name').notNull().default('default'),
    /** The entry's level when the card was made; the sanitizing step keeps them in step. */
    difficultyLevel: text('difficulty_level').notNull(),
    cardState: text('card_state').notNull().default('new'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    easeFactor: doublePrecision('ease_factor').notNull(),
    intervalDays: integer('interval_days').notNull().default(0),
    repetitions: integer('repetitions').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    learningStep: integer('learning_step').notNull().default(0),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    isLeech: boolean('is_leech').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    /** FSRS memory state, updated by every review whichever scheduler is on; null before one. */
    fsrsStability: doublePrecision('fsrs_stability'),
    fsrsDifficulty: doublePrecision('fsrs_difficulty'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('spaced_repetition_cards_user_word').on(table.userId, table.vocabularyId),
    // The due queue (review and relearning cards due now, neither leech nor suspended), read
    // in due order a page at a time: a partial index holds exactly those cards.
    index('spaced_repetition_cards_due')
      .on(table.userId, table.dueAt)
      .where(
        sql`${table.cardState} in ('review', 'relearning') and not ${table.isLeech} and not ${table.isSuspended}`,
      ),
    // Learning and relearning cards in due order, the same way.
    index('spaced_repetition_cards_learning')
      .on(table.userId, table.dueAt)
      .where(
        sql`${table.cardState} in ('learning', 'relearning') and not ${table.isLeech} and not ${table.isSuspended}`,
      ),
    // New cards in creation order, a page at a time.
    index('spaced_repetition_cards_new')
      .on(table.userId, table.createdAt)
      .where(sql`${table.cardState} = 'new'`),
    // Cards made today (the daily limits).
    index('spaced_repetition_cards_created').on(table.userId, table.createdAt),
    // Everything else by state: counts, leeches, upcoming cards, queues with leeches.
    index('spaced_repetition_cards_state').on(table.userId, table.cardState, table.dueAt),
  ],
);

/**
 * Every applied review, never changed afterwards: the quota, today's studied cards, the study
 * streak and the tally are counted from it. card_id has no foreign key on purpose: a card
 * deleted later (sanitizing, a vocabulary entry removed) leaves its reviews, so the streak and
 * the tally keep them. A card is one per user and word, so its history is read by word.
 */
export const flashcardReviews = pgTable(
  'spaced_repetition_reviews',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    cardId: integer('card_id').notNull(),
    /** The client's id of this review (or the sync operation id); applied once per user. */
    reviewId: text('review_id').notNull(),
    vocabularyId: integer('vocabulary_id').notNull(),
    difficultyLevel: text('difficulty_level').notNull(),
    rating: text('rating').notNull(),
    stateBefore: text('state_before').notNull(),
    stateAfter: text('state_after').notNull(),
    /** Interval (days) and ease after the review. */
    intervalDays: integer('interval_days').notNull(),
    easeFactor: doublePrecision('ease_factor').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Which scheduler planned it: sm2 (the spec's) or fsrs. */
    scheduler: text('scheduler').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('spaced_repetition_reviews_review_id').on(table.userId, table.reviewId),
    index('spaced_repetition_reviews_user_time').on(table.userId, table.reviewedAt),
    // The community points count reviews by the day the server received them.
    index('spaced_repetition_reviews_user_received').on(table.userId, table.receivedAt),
    index('spaced_repetition_reviews_user_word_time').on(
      table.userId,
      table.vocabularyId,
      table.reviewedAt,
    ),
  ],
);

/** One row per user, made on the first change; a user without one has the defaults (§9). */
export const srsSettings = pgTable('srs_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dailyNewCards: integer('daily_new_cards').notNull(),
  dailyReviewCards: integer('daily_review_cards').notNull(),
  dailyTimeTargetMinutes: integer('daily_time_target_minutes').notNull(),
  /** Minutes of each step. */
  learningSteps: jsonb('learning_steps').$type<number[]>().notNull(),
  relearningSteps: jsonb('relearning_steps').$type<number[]>().notNull(),
  newCardOrder: text('new_card_order').notNull(),
  reviewOrder: text('review_order').notNull(),
  interleaveSiblings: boolean('interleave_siblings').notNull(),
  /** Lapses that make a card a leech; 50 stands for never. */
  leechThreshold: integer('leech_threshold').notNull(),
  leechAction: text('leech_action').notNull(),
  maximumInterval: integer('maximum_interval').notNull(),
  startingEase: doublePrecision('starting_ease').notNull(),
  easyBonus: doublePrecision('easy_bonus').notNull(),
  intervalModifier: doublePrecision('interval_modifier').notNull(),
  hardInterval: doublePrecision('hard_interval').notNull(),
  scheduler: text('scheduler').notNull(),
  requestRetention: doublePrecision('request_retention').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a level seeding last made cards for a user and deck selection: another is not made
 * within 10 s (spec 3 §4). Kept in the database so every server instance sees it.
 */
export const flashcardSeedings = pgTable(
  'spaced_repetition_seedings',
  {
    userId: owner(),
    deck: text('deck').notNull(),
    seededAt: timestamp('seeded_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deck] })],
);
