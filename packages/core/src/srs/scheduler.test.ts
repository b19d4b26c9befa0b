import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_STATES,
  type CardState,
  DEFAULT_SRS_SETTINGS,
  isDue,
  newCardSchedule,
  parseRating,
  RATINGS,
  type Rating,
  readSrsSettings,
  type SchedulerSettings,
  type SchedulingInput,
  SRS_SETTING_FIELDS,
  scheduleReview,
} from './scheduler.ts';
import { srsSettingsSchema } from './settings-schema.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

const NEW: SchedulingInput = {
  card_state: 'new',
  learning_step: 0,
  ease_factor: 2.5,
  interval_days: 0,
  repetitions: 0,
  lapses: 0,
};
const LEARNING_0: SchedulingInput = { ...NEW, card_state: 'learning' };
const LEARNING_1: SchedulingInput = { ...NEW, card_state: 'learning', learning_step: 1 };
const REVIEW: SchedulingInput = {
  card_state: 'review',
  learning_step: 0,
  ease_factor: 2.5,
  interval_days: 10,
  repetitions: 3,
  lapses: 1,
};
const RELEARNING: SchedulingInput = {
  card_state: 'relearning',
  learning_step: 0,
  ease_factor: 2.3,
  interval_days: 5,
  repetitions: 3,
  lapses: 2,
};

type Row = [
  card: string,
  rating: Rating,
  state: CardState,
  step: number,
  ease: number,
  interval: number,
  repetitions: number,
  lapses: number,
  due: Date,
];

// Worked by hand from spec 3 §4 and §9 with the default settings (steps 1 and 10 min,
// relearning 10 min, graduating 1 day, easy 4 days, easy bonus 1.3, hard 1.2, modifier 1).
const TABLE: Row[] = [
  ['new', 'again', 'learning', 0, 2.35, 0, 0, 0, minutes(1)],
  ['new', 'hard', 'learning', 0, 2.5, 0, 0, 0, minutes(1)],
  ['new', 'good', 'learning', 1, 2.5, 0, 0, 0, minutes(10)],
  ['new', 'easy', 'review', 0, 2.65, 4, 1, 0, days(4)],
  ['learning step 0', 'again', 'learning', 0, 2.35, 0, 0, 0, minutes(1)],
  ['learning step 0', 'hard', 'learning', 0, 2.5, 0, 0, 0, minutes(1)],
  ['learning step 0', 'good', 'learning', 1, 2.5, 0, 0, 0, minutes(10)],
  ['learning step 0', 'easy', 'review', 0, 2.65, 4, 1, 0, days(4)],
  ['learning step 1', 'again', 'learning', 0, 2.35, 0, 0, 0, minutes(1)],
  ['learning step 1', 'hard', 'learning', 1, 2.5, 0, 0, 0, minutes(10)],
  ['learning step 1', 'good', 'review', 0, 2.5, 1, 1, 0, days(1)],
  ['learning step 1', 'easy', 'review', 0, 2.65, 4, 1, 0, days(4)],
  // review: 10 days at ease 2.5, 3 repetitions, 1 lapse
  ['review', 'again', 'relearning', 0, 2.3, 5, 3, 2, minutes(10)],
  ['review', 'hard', 'review', 0, 2.35, 12, 4, 1, days(12)],
  ['review', 'good', 'review', 0, 2.5, 25, 4, 1, days(25)],
  ['review', 'easy', 'review', 0, 2.65, 33, 4, 1, days(33)],
  // relearning: back to 5 days at ease 2.3, 3 repetitions, 2 lapses
  ['relearning', 'again', 'relearning', 0, 2.15, 5, 3, 2, minutes(10)],
  ['relearning', 'hard', 'relearning', 0, 2.3, 5, 3, 2, minutes(10)],
  ['relearning', 'good', 'review', 0, 2.3, 5, 4, 2, days(5)],
  ['relearning', 'easy', 'review', 0, 2.45, 5, 4, 2, days(5)],
];

const CARDS: Record<string, SchedulingInput> = {
  new: NEW,
  'learning step 0': LEARNING_0,
  'learning step 1': LEARNING_1,
  review: REVIEW,
  relearning: RELEARNING,
};

describe('scheduleReview: every state × rating, worked by hand', () => {
  it.each(TABLE)('%s + %s → %s', (name, rating, state, step, ease, interval, reps, lapses, due) => {
    const card = CARDS[name] as SchedulingInput;
    expect(scheduleReview(card, rating, NOW)).toEqual({
      card_state: state,
      learning_step: step,
      ease_factor: ease,
      interval_days: interval,
      repetitions: reps,
      lapses,
      due_at: due,
      last_reviewed_at: NOW,
    });
  });

  it('covers every state and every rating', () => {
    const covered = new Set(TABLE.map(([name, rating]) => `${CARDS[name]?.card_state} ${rating}`));
    for (const state of CARD_STATES)
      for (const rating of RATINGS) expect(covered).toContain(`${state} ${rating}`);
  });

  it('does not change the card it is given', () => {
    const card = { ...REVIEW };
    scheduleReview(card, 'again', NOW);
    expect(card).toEqual(REVIEW);
  });
});

describe('scheduleReview: limits and edges', () => {
  const review = (interval: number, ease: number): SchedulingInput => ({
    ...REVIEW,
    interval_days: interval,
    ease_factor: ease,
  });

  it('keeps ease at 1.3 at the bottom and 3 at the top', () => {
    expect(scheduleReview(review(10, 1.3), 'again', NOW).ease_factor).toBe(1.3);
    expect(scheduleReview(review(10, 1.4), 'hard', NOW).ease_factor).toBe(1.3);
    expect(scheduleReview({ ...NEW, ease_factor: 1.35 }, 'again', NOW).ease_factor).toBe(1.3);
    expect(scheduleReview(review(10, 3), 'easy', NOW).ease_factor).toBe(3);
    expect(scheduleReview(review(10, 2.9), 'easy', NOW).ease_factor).toBe(3);
    // a stored ease outside the range is brought back into it
    expect(scheduleReview(review(10, 4), 'good', NOW).ease_factor).toBe(3);
  });

  it('holds ease to two decimals through a lapse and a failed relearning step', () => {
    const lapsed = scheduleReview(REVIEW, 'again', NOW);
    expect(scheduleReview(lapsed, 'again', NOW).ease_factor).toBe(2.15);
  });

  it('halves the interval on a lapse, rounding half up, never below 1 day', () => {
    expect(scheduleReview(review(5, 2.5), 'again', NOW).interval_days).toBe(3);
    expect(scheduleReview(review(1, 2.5), 'again', NOW).interval_days).toBe(1);
    expect(scheduleReview(review(2, 2.5), 'again', NOW).interval_days).toBe(1);
  });

  it('gives good and easy at least one day more; hard may keep the interval', () => {
    expect(scheduleReview(review(1, 1.3), 'good', NOW)).toMatchObject({
      interval_days: 2,
      due_at: days(2),
    });
    expect(scheduleReview(review(1, 1.3), 'easy', NOW).interval_days).toBe(2);
    expect(scheduleReview(review(1, 2.5), 'hard', NOW).interval_days).toBe(1);
    expect(scheduleReview(review(1, 2.5), 'good', NOW).interval_days).toBe(3);
  });

  it('multiplies with the ease before the answer and rounds x.5 up', () => {
    // 25 × 2.3 = 57.5 → 58 (in floating point 57.49999999999999); easy: 10 × 3 × 1.3 = 39
    expect(scheduleReview(review(25, 2.3), 'good', NOW).interval_days).toBe(58);
    expect(scheduleReview(review(10, 3), 'easy', NOW).interval_days).toBe(39);
  });

  it('caps every interval at the maximum', () => {
    expect(scheduleReview(review(30_000, 2.5), 'good', NOW)).toMatchObject({
      interval_days: 36_500,
      due_at: days(36_500),
    });
    expect(scheduleReview(review(36_500, 2.5), 'easy', NOW).interval_days).toBe(36_500);
    expect(scheduleReview(review(30_000, 2.5), 'hard', NOW).interval_days).toBe(36_000);
    const short = { ...DEFAULT_SRS_SETTINGS, maximum_interval: 3 };
    expect(scheduleReview(LEARNING_1, 'easy', NOW, short).interval_days).toBe(3);
    expect(scheduleReview({ ...RELEARNING, interval_days: 50 }, 'good', NOW, short)).toMatchObject({
      card_state: 'review',
      interval_days: 3,
      due_at: days(3),
    });
  });

  it('gives a relearning card back at least the easy interval on easy', () => {
    expect(scheduleReview({ ...RELEARNING, interval_days: 2 }, 'easy', NOW)).toMatchObject({
      interval_days: 4,
      due_at: days(4),
    });
  });

  it('applies the hard interval and the interval modifier from the settings', () => {
    const settings = { ...DEFAULT_SRS_SETTINGS, interval_modifier: 0.5, hard_interval: 1 };
    // good: 10 × 2.5 × 0.5 = 12.5 → 13; hard: 10 × 1 × 0.5 = 5; easy: 10 × 2.5 × 1.3 × 0.5 = 16.25
    expect(scheduleReview(REVIEW, 'good', NOW, settings).interval_days).toBe(13);
    expect(scheduleReview(REVIEW, 'hard', NOW, settings).interval_days).toBe(5);
    expect(scheduleReview(REVIEW, 'easy', NOW, settings).interval_days).toBe(16);
  });

  it('walks through custom learning and relearning steps', () => {
    const settings = {
      ...DEFAULT_SRS_SETTINGS,
      learning_steps: [1, 10, 60],
      relearning_steps: [5, 30],
    };
    expect(scheduleReview(LEARNING_1, 'good', NOW, settings)).toMatchObject({
      card_state: 'learning',
      learning_step: 2,
      due_at: minutes(60),
    });
    const last = { ...LEARNING_1, learning_step: 2 };
    expect(scheduleReview(last, 'good', NOW, settings)).toMatchObject({
      card_state: 'review',
      interval_days: 1,
      due_at: days(1),
    });
    expect(scheduleReview(REVIEW, 'again', NOW, settings).due_at).toEqual(minutes(5));
    expect(scheduleReview(RELEARNING, 'good', NOW, settings)).toMatchObject({
      card_state: 'relearning',
      learning_step: 1,
      due_at: minutes(30),
    });
    expect(
      scheduleReview({ ...RELEARNING, learning_step: 1 }, 'hard', NOW, settings).due_at,
    ).toEqual(minutes(30));
  });

  it('treats a step beyond the current steps as the last step', () => {
    const beyond = { ...LEARNING_1, learning_step: 5 };
    expect(scheduleReview(beyond, 'hard', NOW)).toMatchObject({
      learning_step: 1,
      due_at: minutes(10),
    });
    expect(scheduleReview(beyond, 'good', NOW).card_state).toBe('review');
  });

  it('starts a new card at the first step whatever its stored step', () => {
    expect(scheduleReview({ ...NEW, learning_step: 1 }, 'good', NOW).due_at).toEqual(minutes(10));
  });
});

describe('scheduleReview: invalid input', () => {
  it('throws a RangeError for an invalid rating', () => {
    for (const rating of ['Good', 'ok', '', 1, 0, undefined, null]) {
      expect(() => scheduleReview(NEW, rating as Rating, NOW)).toThrow(RangeError);
    }
    expect(() => scheduleReview(NEW, 'Good' as Rating, NOW)).toThrow(
      'Invalid rating "Good": expected again, hard, good or easy',
    );
    expect(() => scheduleReview(NEW, 2 as unknown as Rating, NOW)).toThrow(
      'Invalid rating 2: expected again, hard, good or easy',
    );
  });

  it('throws a RangeError for an unknown state, a bad number, a bad date or empty steps', () => {
    const suspended = { ...NEW, card_state: 'suspended' as CardState };
    expect(() => scheduleReview(suspended, 'good', NOW)).toThrow('Invalid card_state "suspended"');
    expect(() => scheduleReview({ ...REVIEW, interval_days: -1 }, 'good', NOW)).toThrow(
      'Invalid interval_days: -1',
    );
    expect(() => scheduleReview({ ...REVIEW, ease_factor: Number.NaN }, 'good', NOW)).toThrow(
      'Invalid ease_factor: NaN',
    );
    expect(() => scheduleReview({ ...LEARNING_1, learning_step: 0.5 }, 'good', NOW)).toThrow(
      RangeError,
    );
    expect(() => scheduleReview(NEW, 'good', new Date('nonsense'))).toThrow('Invalid date: now');
    const noSteps = { ...DEFAULT_SRS_SETTINGS, learning_steps: [] };
    expect(() => scheduleReview(NEW, 'good', NOW, noSteps)).toThrow(
      'Invalid learning_steps: expected one or more positive minutes',
    );
  });

  it('parseRating accepts exactly the four ratings', () => {
    for (const rating of RATINGS) expect(parseRating(rating)).toBe(rating);
    expect(() => parseRating('AGAIN')).toThrow(RangeError);
  });
});

describe('settings, new cards and due', () => {
  it('has the spec 3 §9 defaults', () => {
    expect(DEFAULT_SRS_SETTINGS).toEqual({
      daily_new_cards: 1000,
      daily_review_cards: 200,
      daily_time_target_minutes: 20,
      learning_steps: [1, 10],
      relearning_steps: [10],
      new_card_order: 'random',
      review_order: 'due_date',
      interleave_siblings: true,
      leech_threshold: 8,
      leech_action: 'suspend',
      maximum_interval: 36_500,
      starting_ease: 2.5,
      easy_bonus: 1.3,
      interval_modifier: 1,
      hard_interval: 1.2,
      scheduler: 'sm2',
      request_retention: 0.9,
    });
  });

  it('fills missing settings with defaults and refuses values out of range', () => {
    expect(srsSettingsSchema.parse({ leech_threshold: 50 }).learning_steps).toEqual([1, 10]);
    expect(srsSettingsSchema.safeParse({ starting_ease: 1.2 }).success).toBe(false);
    expect(srsSettingsSchema.safeParse({ learning_steps: [] }).success).toBe(false);
    expect(srsSettingsSchema.safeParse({ maximum_interval: 36_501 }).success).toBe(false);
  });

  it('reads stored settings as the server checks them (the device keeps what the server sent)', () => {
    const samples: unknown[] = [
      ...Object.values(SRS_SETTING_FIELDS).flatMap(({ rule, fallback }) => [
        fallback,
        ...('values' in rule ? [...rule.values, rule.values[0]?.toUpperCase()] : []),
        ...('min' in rule
          ? [rule.min, rule.max, rule.min - 0.5, rule.max + 0.5, rule.max + 1]
          : []),
      ]),
      ...[true, 'true', 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, null, {}, '1', []],
      ...[
        [0],
        [1],
        [1440],
        [1441],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      ],
      ...[['1'], [0.5], 2 ** 53],
    ];
    for (const key of Object.keys(SRS_SETTING_FIELDS)) {
      for (const value of samples) {
        if (value === undefined) continue;
        const strict = srsSettingsSchema.safeParse({ [key]: value }).success;
        const read = readSrsSettings({ [key]: value }) !== null;
        expect({ key, value, accepted: read }).toEqual({ key, value, accepted: strict });
      }
    }
    expect(readSrsSettings({})).toEqual(srsSettingsSchema.parse({}));
    expect(readSrsSettings({ ...DEFAULT_SRS_SETTINGS, unknown: 1 })).toEqual(DEFAULT_SRS_SETTINGS);
    expect(readSrsSettings(null)).toBeNull();
    expect(readSrsSettings([])).toBeNull();
  });

  it('makes a new card due now at the starting ease', () => {
    expect(newCardSchedule(NOW)).toEqual({
      card_state: 'new',
      learning_step: 0,
      ease_factor: 2.5,
      interval_days: 0,
      repetitions: 0,
      lapses: 0,
      due_at: NOW,
      last_reviewed_at: null,
    });
  });

  it('is due at or before now', () => {
    expect(isDue({ due_at: NOW }, NOW)).toBe(true);
    expect(isDue({ due_at: minutes(-1) }, NOW)).toBe(true);
    expect(isDue({ due_at: new Date(NOW.getTime() + 1) }, NOW)).toBe(false);
  });
});

const arbCard: fc.Arbitrary<SchedulingInput> = fc.record({
  card_state: fc.constantFrom(...CARD_STATES),
  learning_step: fc.nat(5),
  ease_factor: fc.double({ min: 1, max: 4, noNaN: true }),
  interval_days: fc.oneof(
    fc.integer({ min: 0, max: 50_000 }),
    fc.double({ min: 0, max: 50_000, noNaN: true }),
  ),
  repetitions: fc.nat(1000),
  lapses: fc.nat(100),
});
const arbSteps = fc.array(fc.double({ min: 0.5, max: 1440, noNaN: true }), {
  minLength: 1,
  maxLength: 5,
});
const arbSettings: fc.Arbitrary<SchedulerSettings> = fc.record({
  learning_steps: arbSteps,
  relearning_steps: arbSteps,
  maximum_interval: fc.integer({ min: 1, max: 36_500 }),
  starting_ease: fc.constant(2.5),
  easy_bonus: fc.double({ min: 1, max: 5, noNaN: true }),
  interval_modifier: fc.double({ min: 0.5, max: 2, noNaN: true }),
  hard_interval: fc.double({ min: 0.5, max: 1.3, noNaN: true }),
});
const arbNow = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
  .map((ms) => new Date(ms));
const arbRating = fc.constantFrom(...RATINGS);
/** A sequence of ratings, each given some minutes after the previous one. */
const arbReviews = fc.array(fc.tuple(arbRating, fc.integer({ min: 0, max: 200_000 })), {
  maxLength: 40,
});

function replay(
  start: SchedulingInput,
  reviews: [Rating, number][],
  now: Date,
  settings: SchedulerSettings,
) {
  let card = start;
  let at = now;
  const history = [];
  for (const [rating, gap] of reviews) {
    at = new Date(at.getTime() + gap * 60_000);
    const next = scheduleReview(card, rating, at, settings);
    history.push({ at, next });
    card = next;
  }
  return history;
}

describe('scheduleReview: properties', () => {
  it('keeps ease between 1.3 and 3', () => {
    fc.assert(
      fc.property(arbCard, arbRating, arbNow, arbSettings, (card, rating, now, settings) => {
        const { ease_factor } = scheduleReview(card, rating, now, settings);
        expect(ease_factor).toBeGreaterThanOrEqual(1.3);
        expect(ease_factor).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('never gives an interval above the maximum, and at least 1 day in review', () => {
    fc.assert(
      fc.property(arbCard, arbRating, arbNow, arbSettings, (card, rating, now, settings) => {
        const next = scheduleReview(card, rating, now, settings);
        expect(next.interval_days).toBeLessThanOrEqual(settings.maximum_interval);
        if (next.card_state === 'review') {
          expect(Number.isInteger(next.interval_days)).toBe(true);
          expect(next.interval_days).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it('never makes a card due before now', () => {
    fc.assert(
      fc.property(arbCard, arbRating, arbNow, arbSettings, (card, rating, now, settings) => {
        const next = scheduleReview(card, rating, now, settings);
        expect(next.due_at.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(next.last_reviewed_at).toEqual(now);
      }),
    );
  });

  it('orders a review card’s next times: again ≤ hard ≤ good ≤ easy', () => {
    const arbReview = arbCard.map((card) => ({ ...card, card_state: 'review' as const }));
    fc.assert(
      fc.property(arbReview, arbNow, arbSettings, (card, now, settings) => {
        const [again, hard, good, easy] = RATINGS.map((rating) =>
          scheduleReview(card, rating, now, settings).due_at.getTime(),
        ) as [number, number, number, number];
        expect(again).toBeLessThanOrEqual(hard);
        expect(hard).toBeLessThanOrEqual(good);
        expect(good).toBeLessThanOrEqual(easy);
      }),
    );
  });

  it('gives the same result for the same sequence of reviews, and keeps every invariant', () => {
    fc.assert(
      fc.property(arbCard, arbReviews, arbNow, arbSettings, (card, reviews, now, settings) => {
        const first = replay(card, reviews, now, settings);
        expect(replay(card, reviews, now, settings)).toEqual(first);
        for (const { at, next } of first) {
          expect(next.ease_factor).toBeGreaterThanOrEqual(1.3);
          expect(next.ease_factor).toBeLessThanOrEqual(3);
          expect(next.interval_days).toBeLessThanOrEqual(settings.maximum_interval);
          expect(next.due_at.getTime()).toBeGreaterThanOrEqual(at.getTime());
        }
      }),
    );
  });

  it('counts lapses only for again on a review card, and never lowers repetitions', () => {
    fc.assert(
      fc.property(arbCard, arbRating, arbNow, (card, rating, now) => {
        const next = scheduleReview(card, rating, now);
        const lapse = card.card_state === 'review' && rating === 'again';
        expect(next.lapses).toBe(card.lapses + (lapse ? 1 : 0));
        expect(next.repetitions).toBeGreaterThanOrEqual(card.repetitions);
        expect(next.repetitions).toBeLessThanOrEqual(card.repetitions + 1);
      }),
    );
  });
});
