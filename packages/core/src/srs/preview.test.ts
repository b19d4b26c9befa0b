import { describe, expect, it } from 'vitest';
import {
  formatPreviewDuration,
  PREVIEW_FALLBACK_MINUTES,
  previewDuration,
  previewIntervals,
  type SchedulePreviews,
} from './preview.ts';
import {
  type CardState,
  DEFAULT_SRS_SETTINGS,
  RATINGS,
  type SchedulingInput,
  scheduleReview,
} from './scheduler.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

const NEW: SchedulingInput = {
  card_state: 'new',
  learning_step: 0,
  ease_factor: 2.5,
  interval_days: 0,
  repetitions: 0,
  lapses: 0,
};
const REVIEW: SchedulingInput = {
  card_state: 'review',
  learning_step: 0,
  ease_factor: 2.5,
  interval_days: 10,
  repetitions: 3,
  lapses: 1,
};

const labels = (previews: SchedulePreviews) =>
  Object.fromEntries(RATINGS.map((rating) => [rating, previews[rating].label]));

describe('previewIntervals', () => {
  it('without a card: again 10 minutes, good 7 days, easy 21 days (hard as again)', () => {
    const previews = previewIntervals(null, NOW);
    expect(labels(previews)).toEqual({ again: '10m', hard: '10m', good: '7d', easy: '21d' });
    expect(previews.again.dueAt).toEqual(new Date(NOW.getTime() + 10 * MINUTE));
    expect(previews.good).toMatchObject({ delayMs: 7 * DAY, duration: { value: 7, unit: 'day' } });
    expect(previews.easy.dueAt).toEqual(new Date(NOW.getTime() + 21 * DAY));
  });

  it('when the card cannot be scheduled: 1 minute, 10 minutes, 4 days (hard as again)', () => {
    const broken = { ...NEW, card_state: 'archived' as CardState };
    const previews = previewIntervals(broken, NOW);
    expect(labels(previews)).toEqual({ again: '1m', hard: '1m', good: '10m', easy: '4d' });
    expect(previews.easy.dueAt).toEqual(new Date(NOW.getTime() + 4 * DAY));
    const noSteps = { ...DEFAULT_SRS_SETTINGS, relearning_steps: [] };
    expect(labels(previewIntervals(REVIEW, NOW, noSteps))).toEqual(labels(previews));
  });

  it('the fallbacks are the spec numbers', () => {
    expect(PREVIEW_FALLBACK_MINUTES).toEqual({
      noCard: { again: 10, hard: 10, good: 10_080, easy: 30_240 },
      onError: { again: 1, hard: 1, good: 10, easy: 5760 },
    });
  });

  it('a new card with the default settings shows 1m, 1m, 10m, 4d', () => {
    expect(labels(previewIntervals(NEW, NOW))).toEqual({
      again: '1m',
      hard: '1m',
      good: '10m',
      easy: '4d',
    });
  });

  it('shows what the scheduler would do for each rating of a review card', () => {
    const previews = previewIntervals(REVIEW, NOW);
    for (const rating of RATINGS)
      expect(previews[rating].dueAt).toEqual(scheduleReview(REVIEW, rating, NOW).due_at);
    expect(previews.again.label).toBe('10m');
    expect(previews.hard.label).toBe('12d');
    expect(previews.good.label).toBe('25d');
    expect(previews.easy.duration).toEqual({ value: 1.1, unit: 'month' });
  });

  it('formats in the learner’s locale', () => {
    expect(labels(previewIntervals(NEW, NOW, DEFAULT_SRS_SETTINGS, 'ko'))).toEqual({
      again: '1분',
      hard: '1분',
      good: '10분',
      easy: '4일',
    });
  });

  it('throws for an invalid now', () => {
    expect(() => previewIntervals(null, new Date(Number.NaN))).toThrow('Invalid date: now');
  });
});

describe('previewDuration', () => {
  it.each([
    [0, { value: 1, unit: 'minute' }],
    [10 * MINUTE, { value: 10, unit: 'minute' }],
    [59 * MINUTE, { value: 59, unit: 'minute' }],
    [60 * MINUTE, { value: 1, unit: 'hour' }],
    [23 * 60 * MINUTE, { value: 23, unit: 'hour' }],
    [DAY, { value: 1, unit: 'day' }],
    [29 * DAY, { value: 29, unit: 'day' }],
    [30 * DAY, { value: 1, unit: 'month' }],
    [45 * DAY, { value: 1.5, unit: 'month' }],
    [359 * DAY, { value: 1, unit: 'year' }],
    [36_500 * DAY, { value: 100, unit: 'year' }],
  ])('%i ms → %o', (ms, expected) => {
    expect(previewDuration(ms)).toEqual(expected);
  });

  it('formats narrow units, but months apart from minutes', () => {
    expect(formatPreviewDuration({ value: 1, unit: 'hour' })).toBe('1h');
    expect(formatPreviewDuration({ value: 1.5, unit: 'year' })).toBe('1.5y');
    const month = formatPreviewDuration({ value: 1.1, unit: 'month' });
    expect(month).toContain('1.1');
    expect(month).not.toBe('1.1m');
  });
});
