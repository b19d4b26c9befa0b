/**
 * Daily quotas, batch limits and the studied-cards tally of spec 3 (§3 daily limits, §4 tally,
 * §5 requested counts, §9 batches and fallback limits).
 *
 * Decisions where the spec is silent:
 * - New cards left today are daily_limit_new − first_time_cards_today: a new card counts when it
 *   is studied for the first time, not when it is created (cards are made ahead of study).
 *   Reviews left are daily_limit_review − (cards_studied_today − first_time_cards_today).
 *   Neither goes below 0.
 * - Requested counts: a fraction is rounded down and anything not a number is 0, then the
 *   count is kept between 0 and the batch limit, and below what is left of the quota when
 *   one is given.
 */
import type { CardState } from './scheduler.ts';

/** Per-batch limits of §9: 50 new, 100 due, 150 in all; learning cards are fetched 50 at a time. */
export const SRS_BATCH = { new: 50, due: 100, total: 150, learning: 50 } as const;

/** The daily limits used when they cannot be loaded (§9): 20 new, 200 review. */
export const FALLBACK_DAILY_LIMITS = { daily_limit_new: 20, daily_limit_review: 200 } as const;

/** The daily limits fields of §3 (get_simple_daily_limits). */
export interface DailyLimits {
  cards_studied_today: number;
  first_time_cards_today: number;
  cards_created_today: number;
  daily_limit_new: number;
  daily_limit_review: number;
}

export interface QuotaStatus {
  remaining_new_cards: number;
  remaining_review_cards: number;
}

const count = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0);

/** What is left of today's quota; the fallback limits when the daily limits are unknown. */
export function quotaStatus(limits: DailyLimits | null): QuotaStatus {
  if (limits === null)
    return {
      remaining_new_cards: FALLBACK_DAILY_LIMITS.daily_limit_new,
      remaining_review_cards: FALLBACK_DAILY_LIMITS.daily_limit_review,
    };
  const firstTime = count(limits.first_time_cards_today);
  const reviewed = Math.max(0, count(limits.cards_studied_today) - firstTime);
  return {
    remaining_new_cards: Math.max(0, count(limits.daily_limit_new) - firstTime),
    remaining_review_cards: Math.max(0, count(limits.daily_limit_review) - reviewed),
  };
}

export interface CardRequest {
  newCount: number;
  reviewCount: number;
}

/** Requested counts clamped to 0 and the batch limits (§5), and to the quota when given. */
export function clampCardRequest(request: CardRequest, quota?: QuotaStatus): CardRequest {
  const newCount = Math.min(
    count(request.newCount),
    SRS_BATCH.new,
    quota ? count(quota.remaining_new_cards) : SRS_BATCH.new,
  );
  const reviewCount = Math.min(
    count(request.reviewCount),
    SRS_BATCH.due,
    quota ? count(quota.remaining_review_cards) : SRS_BATCH.due,
    SRS_BATCH.total - newCount,
  );
  return { newCount, reviewCount };
}

/** The tally counts a first-time rating only from a new or learning state (§4). */
export function countsForTally(stateBeforeRating: CardState): boolean {
  return stateBeforeRating === 'new' || stateBeforeRating === 'learning';
}
