/**
 * The scheduler a learner chose (beyond the spec): the spec's scheduler (`sm2`, scheduler.ts)
 * or FSRS through ts-fsrs. Both take the same card, rating, time and settings, and both return
 * the same fields, so the review endpoint, the previews and offline grading call one function.
 *
 * Decisions:
 * - The FSRS memory state (stability and difficulty) is computed on every review, whichever
 *   scheduler is on, and stored on the card. Switching to FSRS then starts from a memory state
 *   built from the card's own history; switching back uses the card's interval and ease, which
 *   FSRS leaves as they were (ease) or sets from its own plan (interval, due time). No history
 *   is lost either way.
 * - A card that has been studied but has no memory state (reviewed before memory states were
 *   kept) is treated by FSRS as a new card for its memory state, starting from its next review.
 * - FSRS runs without fuzz, with the learner's learning and relearning steps, maximum interval
 *   and request retention, and ts-fsrs's default weights. Its intervals are whole days.
 * - Under FSRS, repetitions count as under the spec's scheduler (answers that put or keep a card
 *   in review), and lapses are FSRS's (again on a review card), the same rule.
 */
import {
  createEmptyCard,
  type FSRS,
  type Card as FsrsCard,
  Rating as FsrsRating,
  State as FsrsState,
  fsrs,
  type Grade,
} from 'ts-fsrs';
import {
  type CardSchedule,
  type CardState,
  DEFAULT_SRS_SETTINGS,
  parseRating,
  type Rating,
  type ScheduledCard,
  type SchedulerSettings,
  type SchedulingInput,
  type SrsSettings,
  scheduleReview,
} from './scheduler.ts';

/** FSRS's memory state of a card; null until its first review. */
export interface FsrsMemory {
  fsrs_stability: number | null;
  fsrs_difficulty: number | null;
}

/** What `scheduleCard` reads: the scheduling fields, and for FSRS the due time and memory. */
export type SchedulableCard = SchedulingInput &
  Partial<Pick<CardSchedule, 'due_at' | 'last_reviewed_at'>> &
  Partial<FsrsMemory>;

/** The settings `scheduleCard` reads: the spec scheduler's, plus which scheduler and FSRS's retention. */
export type CardSchedulerSettings = SchedulerSettings &
  Partial<Pick<SrsSettings, 'scheduler' | 'request_retention'>>;

export interface ScheduledCardWithMemory extends ScheduledCard {
  fsrs_stability: number;
  fsrs_difficulty: number;
}

const STATE_TO_FSRS: Record<CardState, FsrsState> = {
  new: FsrsState.New,
  learning: FsrsState.Learning,
  review: FsrsState.Review,
  relearning: FsrsState.Relearning,
};
const STATE_FROM_FSRS: Record<FsrsState, CardState> = {
  [FsrsState.New]: 'new',
  [FsrsState.Learning]: 'learning',
  [FsrsState.Review]: 'review',
  [FsrsState.Relearning]: 'relearning',
};
const GRADE: Record<Rating, Grade> = {
  again: FsrsRating.Again,
  hard: FsrsRating.Hard,
  good: FsrsRating.Good,
  easy: FsrsRating.Easy,
};
const DAY_MS = 86_400_000;

/** The card after a rating at `now`, by the scheduler the settings name (default: the spec's). */
export function scheduleCard(
  card: SchedulableCard,
  rating: Rating,
  now: Date,
  settings: CardSchedulerSettings = DEFAULT_SRS_SETTINGS,
): ScheduledCardWithMemory {
  const answer = parseRating(rating);
  // The spec scheduler validates the card, the time and the settings for both paths.
  const spec = scheduleReview(card, answer, now, settings);
  const next = fsrsNext(card, answer, now, settings);
  const memory = { fsrs_stability: next.stability, fsrs_difficulty: next.difficulty };
  if (settings.scheduler !== 'fsrs') return { ...spec, ...memory };
  const state = STATE_FROM_FSRS[next.state];
  const intoReview = state === 'review';
  return {
    card_state: state,
    learning_step: intoReview ? 0 : next.learning_steps,
    ease_factor: spec.ease_factor,
    interval_days: intoReview
      ? Math.min(Math.max(1, next.scheduled_days), settings.maximum_interval)
      : card.interval_days,
    repetitions: card.repetitions + (intoReview ? 1 : 0),
    lapses: card.lapses + (card.card_state === 'review' && answer === 'again' ? 1 : 0),
    due_at: next.due,
    last_reviewed_at: new Date(now.getTime()),
    ...memory,
  };
}

const schedulers = new Map<string, FSRS>();

function fsrsFor(settings: CardSchedulerSettings): FSRS {
  const key = JSON.stringify([
    settings.learning_steps,
    settings.relearning_steps,
    settings.maximum_interval,
    settings.request_retention ?? DEFAULT_SRS_SETTINGS.request_retention,
  ]);
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    scheduler = fsrs({
      enable_fuzz: false,
      enable_short_term: true,
      learning_steps: settings.learning_steps.map((minutes) => `${minutes}m` as const),
      relearning_steps: settings.relearning_steps.map((minutes) => `${minutes}m` as const),
      maximum_interval: settings.maximum_interval,
      request_retention: settings.request_retention ?? DEFAULT_SRS_SETTINGS.request_retention,
    });
    if (schedulers.size > 20) schedulers.clear();
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

function fsrsNext(
  card: SchedulableCard,
  rating: Rating,
  now: Date,
  settings: CardSchedulerSettings,
): FsrsCard {
  return fsrsFor(settings).next(toFsrsCard(card, now), now, GRADE[rating]).card;
}

/** Our card as ts-fsrs's card. */
function toFsrsCard(card: SchedulableCard, now: Date): FsrsCard {
  const stability = card.fsrs_stability ?? null;
  const difficulty = card.fsrs_difficulty ?? null;
  const lastReview = card.last_reviewed_at ?? null;
  if (card.card_state === 'new' || stability === null || difficulty === null || !lastReview) {
    return createEmptyCard(now);
  }
  const due = card.due_at ?? now;
  return {
    due,
    stability,
    difficulty,
    elapsed_days: Math.max(0, Math.floor((now.getTime() - lastReview.getTime()) / DAY_MS)),
    scheduled_days: card.card_state === 'review' ? Math.round(card.interval_days) : 0,
    learning_steps: card.learning_step,
    reps: card.repetitions,
    lapses: card.lapses,
    state: STATE_TO_FSRS[card.card_state],
    last_review: lastReview,
  };
}
