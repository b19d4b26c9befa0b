import { describe, expect, it } from 'vitest';
import {
  clampCardRequest,
  countsForTally,
  type DailyLimits,
  FALLBACK_DAILY_LIMITS,
  quotaStatus,
  SRS_BATCH,
} from './quota.ts';
import { CARD_STATES } from './scheduler.ts';

const limits = (over: Partial<DailyLimits> = {}): DailyLimits => ({
  cards_studied_today: 0,
  first_time_cards_today: 0,
  cards_created_today: 0,
  daily_limit_new: 20,
  daily_limit_review: 200,
  ...over,
});

describe('constants', () => {
  it('are the spec 3 §9 numbers', () => {
    expect(SRS_BATCH).toEqual({ new: 50, due: 100, total: 150, learning: 50 });
    expect(FALLBACK_DAILY_LIMITS).toEqual({ daily_limit_new: 20, daily_limit_review: 200 });
  });
});

describe('quotaStatus', () => {
  it('falls back to 20 new and 200 reviews when the limits are unknown', () => {
    expect(quotaStatus(null)).toEqual({ remaining_new_cards: 20, remaining_review_cards: 200 });
  });

  it('counts first-time cards against the new limit and the rest against reviews', () => {
    const status = quotaStatus(
      limits({ cards_studied_today: 30, first_time_cards_today: 12, cards_created_today: 40 }),
    );
    expect(status).toEqual({ remaining_new_cards: 8, remaining_review_cards: 182 });
  });

  it('never goes below 0', () => {
    const status = quotaStatus(limits({ cards_studied_today: 500, first_time_cards_today: 25 }));
    expect(status).toEqual({ remaining_new_cards: 0, remaining_review_cards: 0 });
  });
});

describe('clampCardRequest', () => {
  it('clamps to 0 and the batch limits', () => {
    expect(clampCardRequest({ newCount: -3, reviewCount: 250 })).toEqual({
      newCount: 0,
      reviewCount: 100,
    });
    expect(clampCardRequest({ newCount: 70, reviewCount: 100 })).toEqual({
      newCount: 50,
      reviewCount: 100,
    });
    expect(clampCardRequest({ newCount: 2.7, reviewCount: Number.NaN })).toEqual({
      newCount: 2,
      reviewCount: 0,
    });
  });

  it('and to what is left of the quota', () => {
    const quota = { remaining_new_cards: 8, remaining_review_cards: 30 };
    expect(clampCardRequest({ newCount: 20, reviewCount: 50 }, quota)).toEqual({
      newCount: 8,
      reviewCount: 30,
    });
  });
});

describe('countsForTally', () => {
  it('counts a rating only from a new or learning state', () => {
    expect(CARD_STATES.filter(countsForTally)).toEqual(['new', 'learning']);
  });
});
