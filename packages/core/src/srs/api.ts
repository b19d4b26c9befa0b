/**
 * The HTTP surface of the flashcards (spec 3 §7), shared by the server and the web app: the
 * request schemas the server validates and the response shapes the client reads. Card fields
 * keep the spec's snake_case names (§3), as the scheduler does.
 *
 * Routes, all under `/api/flashcards`, all for the signed-in user only:
 *   GET    /settings                  → { settings: SrsSettings }
 *   PUT    /settings                  srsSettingsUpdateSchema → { settings }
 *   POST   /session                   sessionRequestSchema → SessionResponse
 *          (create_new_cards_and_fetch_due: makes up to newCount new cards from the deck,
 *           then answers the session's cards)
 *   GET    /queue?deck&dueLimit&newLimit&learningLimit → QueueResponse (the live queue's fetch)
 *   GET    /upcoming?deck&minutes=240 → { cards }
 *   POST   /cards                     createCardsSchema → { created: FlashcardCard[] }
 *   POST   /cards/upsert              upsertLocalCardsSchema → { cards: { localId, card }[] }
 *   GET    /cards/:id                 → { card }
 *   POST   /reviews                   reviewRequestSchema → ReviewResponse
 *   POST   /cards/:id/suspend | /unsuspend | /release → { card }
 *   POST   /leeches/suspend           bulkLimitSchema → { changed }   (suspend_leech_cards)
 *   POST   /unsuspend                 unsuspendCardsSchema → { changed } (unsuspend_cards)
 *   GET    /overview                  → OverviewResponse
 *   GET    /studied-today?timeZone    → StudiedTodayResponse
 *   GET    /leeches                   → { cards } (leeches and suspended cards)
 *   GET    /quota?timeZone            → QuotaResponse
 *   GET    /stats?timeZone            → FlashcardStatsResponse
 *   POST   /sanitize                  → { deleted, relevelled }
 *   GET    /reviews?cardId&offset&limit → { reviews: ReviewLogEntry[] } (the review log, oldest first)
 *   GET    /saved-words               → SavedWordCardsResponse (saved words that are cards already)
 * Offline grades also travel through `POST /api/sync` as the queue type `flashcard-reviews`
 * (payload: offlineReviewSchema; the operation id is the review id).
 */
import { z } from 'zod';
import type { Level } from '../content/taxonomy.ts';
import { timeZoneSchema } from '../stats/stats-schema.ts';
import {
  epochMsSchema,
  offsetParamSchema,
  rowIdParamSchema,
  rowIdSchema,
} from '../validation/bound-schemas.ts';
import type { DailyLimits, QuotaStatus } from './quota.ts';
import type { CardState, Rating, SrsSettings } from './scheduler.ts';
import { ratingSchema } from './settings-schema.ts';

/** Longest deck selection string ("saved+level-a1+…+level-c2" is 58). */
const deck = z.string().trim().min(1).max(120);
const count = z.number().int().min(0).max(10_000);
const cardId = rowIdSchema;
/** A client-made id of one review; the server applies each at most once per user. */
export const reviewIdSchema = z.string().min(8).max(64);
/** When the learner graded (ms since epoch); the server keeps it between the last review and now. */
const reviewedAt = epochMsSchema.positive();

/**
 * The learner's time zone: a review is an activity of its local day, so it counts for the
 * streak (UTC when absent).
 */
const timeZone = timeZoneSchema.optional();

/** POST /reviews (review_srs_card_authed). */
export const reviewRequestSchema = z
  .object({
    cardId,
    rating: ratingSchema,
    reviewId: reviewIdSchema,
    reviewedAt: reviewedAt.optional(),
    timeZone,
  })
  .strict();
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** A grade made offline, sent through the sync queue `flashcard-reviews`. */
export const offlineReviewSchema = z
  .object({ cardId, rating: ratingSchema, reviewedAt, timeZone })
  .strict();
export type OfflineReview = z.infer<typeof offlineReviewSchema>;
// (named with the queue's policy, where the web app reads it without this module's schemas)
export { FLASHCARD_REVIEW_SYNC_TYPE } from '../sync/queue-policy.ts';

/** POST /session: make new cards from the deck and fetch what is due. */
export const sessionRequestSchema = z
  .object({
    deck,
    newCount: count,
    reviewCount: count,
    includeLeeches: z.boolean().default(false),
    includeSuspended: z.boolean().default(false),
    /** The learner's time zone, for today's quota. */
    timeZone: z.string().max(64).optional(),
  })
  .strict();
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

/** POST /cards: make new cards from vocabulary. */
export const createCardsSchema = z
  .object({
    deck,
    count,
    /** level: in level order; random: at random; unified: the given ids (else random). */
    strategy: z.enum(['level', 'random', 'unified']).default('random'),
    vocabularyIds: z.array(rowIdSchema).max(1_000).optional(),
    forceIgnoreDailyLimit: z.boolean().default(false),
    timeZone: z.string().max(64).optional(),
  })
  .strict();
export type CreateCardsRequest = z.infer<typeof createCardsSchema>;

/** POST /cards/upsert: cards made on the device while offline, by vocabulary id. */
export const upsertLocalCardsSchema = z
  .object({
    cards: z
      .array(
        z
          .object({
            localId: z.string().regex(/^local-[A-Za-z0-9-]{1,60}$/),
            vocabularyId: rowIdSchema,
          })
          .strict(),
      )
      .min(1)
      .max(100),
  })
  .strict();

export const bulkLimitSchema = z.object({ limit: z.number().int().min(1).max(1_000).default(100) });
export const unsuspendCardsSchema = z
  .object({
    cardIds: z.array(cardId).max(1_000).optional(),
    limit: z.number().int().min(1).max(1_000).default(100),
  })
  .strict();

/** The queue fetch of the live page. */
export const queueQuerySchema = z.object({
  deck: deck.default('database'),
  dueLimit: z.coerce.number().int().min(0).max(100).default(60),
  learningLimit: z.coerce.number().int().min(0).max(50).default(50),
  newLimit: z.coerce.number().int().min(0).max(50).default(5),
});

/** GET /reviews: the learner's review log, oldest first, optionally of one card. */
export const reviewLogQuerySchema = z.object({
  cardId: rowIdParamSchema.optional(),
  offset: offsetParamSchema.default(0),
  limit: z.coerce.number().int().min(1).max(1_000).default(200),
});

/** One applied review, as the log keeps it (append-only). */
export interface ReviewLogEntry {
  review_id: string;
  card_id: number;
  vocabulary_id: number;
  rating: Rating;
  state_before: CardState;
  state_after: CardState;
  interval_days: number;
  ease_factor: number;
  due_at: string;
  scheduler: 'sm2' | 'fsrs';
  reviewed_at: string;
}

/** A card as the API returns it: the row of §3 with its vocabulary entry joined. */
export interface FlashcardCard {
  id: number;
  vocabulary_id: number;
  deck_name: string;
  difficulty_level: Level;
  card_state: CardState;
  due_at: string;
  ease_factor: number;
  interval_days: number;
  repetitions: number;
  lapses: number;
  learning_step: number;
  last_reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  is_leech: boolean;
  is_suspended: boolean;
  /** FSRS memory state, kept up to date whichever scheduler is on (null before a review). */
  fsrs_stability: number | null;
  fsrs_difficulty: number | null;
  word: string;
  base_word: string;
  translation_en: string;
  translation_es: string;
  translation_kr: string;
  example_sentence: string;
  gender: string | null;
  plural: string | null;
  part_of_speech: string;
  /** A saved word's story sentence (answered with the session's cards; absent elsewhere). */
  context?: CardContext | null;
}

/**
 * Where the learner met a saved word: the sentence saved with it (spec 2 user_vocabulary
 * context_sentence) and the story it came from, so the card can show the sentence with the word
 * marked and play that sentence's clip of the story's audio.
 */
export interface CardContext {
  sentence: string;
  /** The word's places in the sentence as [from, to) character ranges (empty: not found). */
  marks: [number, number][];
  story_id: number | null;
  /** The story's German title (the story is German), the English one when it has none. */
  story_title: string | null;
  /** Where the sentence starts in the story's German text; null when it is not found there. */
  text_from: number | null;
  /** The story's German audio (Amala, Florian); a file always comes with its sentence timings. */
  audio_url_de: string | null;
  audio_url_de_2: string | null;
}

/** GET /saved-words: which of the learner's saved words already have a card. */
export interface SavedWordCardsResponse {
  /** How many words the learner has saved (on the server). */
  saved: number;
  /** The vocabulary ids of saved words that have a card. */
  carded: number[];
}

export interface ReviewResponse {
  /** The card after the review; null when the review was ignored. */
  card: FlashcardCard | null;
  /** applied; duplicate (this review id was applied before); ignored (same card within 2 s). */
  outcome: 'applied' | 'duplicate' | 'ignored';
}

export interface QueueResponse {
  learning: FlashcardCard[];
  review: FlashcardCard[];
  new: FlashcardCard[];
  quota: QuotaStatus;
  serverTime: string;
}

export interface SessionResponse extends QueueResponse {
  /** How many new cards this call made. */
  created: number;
  /** Whether the deck has vocabulary left that has no card yet. */
  vocabularyLeft: boolean;
}

export interface CardCounts {
  new: number;
  learning: number;
  review: number;
  relearning: number;
  /** Review and relearning cards due now, not leeches, not suspended. */
  due: number;
  leeches: number;
  suspended: number;
  total: number;
}

export interface OverviewResponse {
  counts: CardCounts;
  due: FlashcardCard[];
  learning: FlashcardCard[];
  new: FlashcardCard[];
}

export interface StudiedTodayCard extends FlashcardCard {
  reviews_today: number;
  last_rating: Rating;
}
export interface StudiedTodayResponse {
  cards: StudiedTodayCard[];
}

export interface QuotaResponse {
  quota: QuotaStatus;
  limits: DailyLimits;
}

/** get_study_streak: days with at least one review, in the learner's time zone. */
export interface StudyStreak {
  current_streak_days: number;
  longest_streak_days: number;
  last_study_date: string | null;
  total_study_days: number;
}

/** The studied-cards tally (§3): cards rated for the first time from new or learning. */
export interface StudiedTally {
  total: number;
  levels: Record<Level, number>;
}

export interface DeckStatistics {
  level: Level;
  total: number;
  new: number;
  learning: number;
  review: number;
  due: number;
}

export interface FlashcardStatsResponse {
  streak: StudyStreak;
  tally: StudiedTally;
  decks: DeckStatistics[];
  quota: QuotaStatus;
  limits: DailyLimits;
}

export interface SettingsResponse {
  settings: SrsSettings;
}
