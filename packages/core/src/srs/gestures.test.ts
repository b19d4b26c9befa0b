import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTO_SPEEDS_MS,
  autoSpeedOf,
  classifySwipe,
  keyAction,
  nextAutoStep,
  SWIPE,
  SWIPE_RATINGS,
  swipeFeedback,
} from './gestures.ts';

describe('swipes', () => {
  it('have the spec numbers and ratings', () => {
    expect(SWIPE).toEqual({
      thresholdPx: 50,
      feedbackPx: 20,
      minMs: 50,
      maxMs: 1000,
      hapticMs: 50,
    });
    expect(SWIPE_RATINGS).toEqual({ right: 'easy', left: 'again', down: 'good', up: null });
  });

  it.each([
    [{ dx: 80, dy: 10 }, 'right', 'easy'],
    [{ dx: -80, dy: -30 }, 'left', 'again'],
    [{ dx: 5, dy: 60 }, 'down', 'good'],
    [{ dx: -20, dy: -90 }, 'up', null],
  ] as const)('%o is %s, rating %s', (move, direction, rating) => {
    expect(classifySwipe({ ...move, durationMs: 200 })).toEqual({ direction, rating });
  });

  it('counts from 50 px, 50 ms to 1000 ms', () => {
    expect(classifySwipe({ dx: 50, dy: 0, durationMs: 50 })?.rating).toBe('easy');
    expect(classifySwipe({ dx: -50, dy: 0, durationMs: 1000 })?.rating).toBe('again');
    expect(classifySwipe({ dx: 49.9, dy: 0, durationMs: 300 })).toBe(null);
    expect(classifySwipe({ dx: 200, dy: 0, durationMs: 49 })).toBe(null);
    expect(classifySwipe({ dx: 200, dy: 0, durationMs: 1001 })).toBe(null);
    expect(classifySwipe({ dx: Number.NaN, dy: 0, durationMs: 100 })).toBe(null);
  });

  it('shows feedback from 20 px', () => {
    expect(swipeFeedback(19, 0)).toBe(null);
    expect(swipeFeedback(20, 0)).toBe('right');
    expect(swipeFeedback(0, -25)).toBe('up');
    expect(swipeFeedback(-30, 10)).toBe('left');
  });

  it('property: a swipe is only ever a move of 50 px or more within the window', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.integer({ min: 0, max: 2000 }),
        (dx, dy, durationMs) => {
          const swipe = classifySwipe({ dx, dy, durationMs });
          const counts =
            Math.max(Math.abs(dx), Math.abs(dy)) >= 50 && durationMs >= 50 && durationMs <= 1000;
          expect(swipe !== null).toBe(counts);
          if (swipe) expect(swipe.rating).toBe(SWIPE_RATINGS[swipe.direction]);
        },
      ),
    );
  });
});

describe('keys', () => {
  it('space reveals, and rates good once revealed', () => {
    expect(keyAction(' ', false)).toEqual({ kind: 'reveal' });
    expect(keyAction(' ', true)).toEqual({ kind: 'rate', rating: 'good' });
  });

  it('1, 2, 3 rate again, good, easy on a revealed card only', () => {
    expect(keyAction('1', true)).toEqual({ kind: 'rate', rating: 'again' });
    expect(keyAction('2', true)).toEqual({ kind: 'rate', rating: 'good' });
    expect(keyAction('3', true)).toEqual({ kind: 'rate', rating: 'easy' });
    expect(keyAction('1', false)).toBe(null);
    expect(keyAction('4', true)).toBe(null);
    expect(keyAction('Enter', true)).toBe(null);
  });
});

describe('the auto mode', () => {
  it('has the spec speeds; veryFast plays as fast, anything else as normal', () => {
    expect(AUTO_SPEEDS_MS).toEqual({ slow: 3000, normal: 1000, fast: 500 });
    expect(autoSpeedOf('slow')).toBe('slow');
    expect(autoSpeedOf('veryFast')).toBe('fast');
    expect(autoSpeedOf('ludicrous')).toBe('normal');
    expect(autoSpeedOf(undefined)).toBe('normal');
  });

  it('reveals, then moves on, then wraps after the last card', () => {
    expect(nextAutoStep({ index: 0, revealed: false }, 2)).toEqual({
      index: 0,
      revealed: true,
      wrapped: false,
    });
    expect(nextAutoStep({ index: 0, revealed: true }, 2)).toEqual({
      index: 1,
      revealed: false,
      wrapped: false,
    });
    expect(nextAutoStep({ index: 1, revealed: true }, 2)).toEqual({
      index: 0,
      revealed: false,
      wrapped: true,
    });
    expect(nextAutoStep({ index: 3, revealed: true }, 0)).toEqual({
      index: 0,
      revealed: false,
      wrapped: false,
    });
  });
});
