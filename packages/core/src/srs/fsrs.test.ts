import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SchedulableCard, type ScheduledCardWithMemory, scheduleCard } from './fsrs.ts';
import { previewIntervals } from './preview.ts';
import {
  DEFAULT_SRS_SETTINGS,
  newCardSchedule,
  RATINGS,
  type Rating,
  scheduleReview,
} from './scheduler.ts';

const NOW = new Date('2026-03-02T09:00:00Z');
const FSRS = { ...DEFAULT_SRS_SETTINGS, scheduler: 'fsrs' as const };
const DAY = 86_400_000;

const fresh = (): SchedulableCard => ({
  ...newCardSchedule(NOW),
  fsrs_stability: null,
  fsrs_difficulty: null,
});

/** Reviews a card through a sequence of (rating, hours later) steps. */
function replay(settings: typeof FSRS | typeof DEFAULT_SRS_SETTINGS, steps: [Rating, number][]) {
  let card: SchedulableCard = fresh();
  let at = NOW.getTime();
  for (const [rating, hours] of steps) {
    at += hours * 3_600_000;
    card = scheduleCard(card, rating, new Date(at), settings);
  }
  // Every caller gives at least one step, so the card has been scheduled.
  return card as ScheduledCardWithMemory;
}

describe('scheduleCard with the spec scheduler', () => {
  it('gives exactly what scheduleReview gives, for every state and rating', () => {
    const cards: SchedulableCard[] = [
      fresh(),
      replay(DEFAULT_SRS_SETTINGS, [['good', 0]]),
      replay(DEFAULT_SRS_SETTINGS, [['easy', 0]]),
      replay(DEFAULT_SRS_SETTINGS, [
        ['easy', 0],
        ['again', 96],
      ]),
    ];
    for (const card of cards) {
      for (const rating of RATINGS) {
        const at = new Date(NOW.getTime() + 5 * DAY);
        const { fsrs_stability, fsrs_difficulty, ...rest } = scheduleCard(
          card,
          rating,
          at,
          DEFAULT_SRS_SETTINGS,
        );
        expect(rest).toEqual(scheduleReview(card, rating, at, DEFAULT_SRS_SETTINGS));
        expect(fsrs_stability).toBeGreaterThan(0);
        expect(fsrs_difficulty).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('keeps the FSRS memory state up to date, so switching starts from the history', () => {
    const card = replay(DEFAULT_SRS_SETTINGS, [
      ['good', 0],
      ['good', 0.2],
      ['good', 24],
    ]);
    expect(card.card_state).toBe('review');
    expect(card.fsrs_stability).toBeGreaterThan(1);
    const switched = scheduleCard(card, 'good', new Date(NOW.getTime() + 10 * DAY), FSRS);
    expect(switched.card_state).toBe('review');
    expect(switched.fsrs_stability).toBeGreaterThan(card.fsrs_stability ?? 0);
  });
});

describe('scheduleCard with FSRS', () => {
  it('walks a new card through the learning steps and into review', () => {
    const first = scheduleCard(fresh(), 'good', NOW, FSRS);
    expect(first.card_state).toBe('learning');
    expect(first.due_at.getTime() - NOW.getTime()).toBe(10 * 60_000);
    const second = scheduleCard(first, 'good', first.due_at, FSRS);
    expect(second.card_state).toBe('review');
    expect(second.interval_days).toBeGreaterThanOrEqual(1);
    expect(second.repetitions).toBe(1);
    expect(second.due_at.getTime()).toBe(first.due_at.getTime() + second.interval_days * DAY);
  });

  it('counts a lapse on again in review and sends the card to relearning', () => {
    const reviewed = replay(FSRS, [['easy', 0]]);
    expect(reviewed.card_state).toBe('review');
    const lapsed = scheduleCard(reviewed, 'again', reviewed.due_at, FSRS);
    expect(lapsed.card_state).toBe('relearning');
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.due_at.getTime() - reviewed.due_at.getTime()).toBe(10 * 60_000);
  });

  it('plans differently from the spec scheduler, so the previews change', () => {
    const card = replay(FSRS, [['easy', 0]]);
    const at = card.due_at;
    const spec = previewIntervals(card, at, DEFAULT_SRS_SETTINGS);
    const withFsrs = previewIntervals(card, at, FSRS);
    expect(withFsrs.easy.label).not.toBe(spec.easy.label);
  });

  it('is deterministic, keeps due after now and the interval within the maximum', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...RATINGS), fc.integer({ min: 0, max: 2_000 })), {
          minLength: 1,
          maxLength: 25,
        }),
        fc.integer({ min: 1, max: 36_500 }),
        (steps, maximum) => {
          const settings = { ...FSRS, maximum_interval: maximum };
          const a = replay(settings, steps);
          const b = replay(settings, steps);
          expect(a).toEqual(b);
          expect(a.interval_days).toBeLessThanOrEqual(maximum);
          const last = a.last_reviewed_at?.getTime() ?? 0;
          expect(a.due_at.getTime()).toBeGreaterThanOrEqual(last);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses an invalid rating', () => {
    expect(() => scheduleCard(fresh(), 'ok' as Rating, NOW, FSRS)).toThrow(
      'Invalid rating "ok": expected again, hard, good or easy',
    );
  });
});
