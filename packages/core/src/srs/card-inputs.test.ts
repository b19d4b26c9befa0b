import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_COUNT_INPUTS,
  consecutiveEmptyBuilds,
  cooldownSecondsLeft,
  GET_CARDS_COOLDOWN_MS,
  getCardsCooldownMs,
  parseCountInput,
  RATE_LIMIT_BACKOFF,
  rateLimitBackoffMs,
} from './card-inputs.ts';

describe('count inputs', () => {
  it('have the spec placeholders, maxima and defaults', () => {
    expect(CARD_COUNT_INPUTS).toEqual({
      new: { placeholder: 20, max: 50, default: 20 },
      review: { placeholder: 100, max: 100, default: 40 },
    });
  });

  it('accept whole numbers of at least 0; empty is 0', () => {
    expect(parseCountInput('', 'new')).toEqual({ value: 0, overMax: false });
    expect(parseCountInput('  ', 'review')).toEqual({ value: 0, overMax: false });
    expect(parseCountInput('0', 'new')).toEqual({ value: 0, overMax: false });
    expect(parseCountInput(' 12 ', 'new')).toEqual({ value: 12, overMax: false });
  });

  it('refuse anything else', () => {
    for (const text of ['-1', '1.5', '1e3', 'abc', '+3', '0x10', '١٢', '99999999999999999999'])
      expect(parseCountInput(text, 'new').value, text).toBe(null);
  });

  it('flag new counts over 50 and review counts over 100, and still accept them', () => {
    expect(parseCountInput('50', 'new')).toEqual({ value: 50, overMax: false });
    expect(parseCountInput('51', 'new')).toEqual({ value: 51, overMax: true });
    expect(parseCountInput('100', 'review')).toEqual({ value: 100, overMax: false });
    expect(parseCountInput('101', 'review')).toEqual({ value: 101, overMax: true });
  });

  it('property: any non-negative integer reads back as itself', () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom('new', 'review' as const), (n, kind) => {
        const input = parseCountInput(String(n), kind);
        expect(input.value).toBe(n);
        expect(input.overMax).toBe(n > CARD_COUNT_INPUTS[kind].max);
      }),
    );
  });
});

describe('Get Cards cooldown', () => {
  it('has the spec numbers', () => {
    expect(GET_CARDS_COOLDOWN_MS).toEqual({
      afterCreated: 10_000,
      afterZeroCreated: 500,
      emptySeedingFailed: 15_000,
      emptyNoneLeft: 300_000,
      repeatedEmptyAfter: 3,
      repeatedEmptyStep: 30_000,
      repeatedEmptyMax: 300_000,
    });
  });

  it('waits 10 s after a build that made cards, 500 ms after one that made none', () => {
    expect(getCardsCooldownMs({ created: 5, cards: 20, vocabularyLeft: true }, 0)).toBe(10_000);
    expect(getCardsCooldownMs({ created: 0, cards: 20, vocabularyLeft: true }, 0)).toBe(500);
  });

  it('after an empty build: 15 s while vocabulary is left, 5 minutes when none is', () => {
    expect(getCardsCooldownMs({ created: 0, cards: 0, vocabularyLeft: true }, 1)).toBe(15_000);
    expect(getCardsCooldownMs({ created: 0, cards: 0, vocabularyLeft: false }, 1)).toBe(300_000);
    expect(getCardsCooldownMs({ created: 0, cards: 0, vocabularyLeft: true }, 2)).toBe(15_000);
  });

  it('from the third empty build in a row: 30 s × the count, at most 5 minutes', () => {
    const empty = { created: 0, cards: 0, vocabularyLeft: true };
    expect([3, 4, 9, 10, 11, 50].map((n) => getCardsCooldownMs(empty, n))).toEqual([
      90_000, 120_000, 270_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('counts empty builds in a row and starts again after one with cards', () => {
    const empty = { created: 0, cards: 0, vocabularyLeft: true };
    let n = 0;
    n = consecutiveEmptyBuilds(n, empty);
    n = consecutiveEmptyBuilds(n, empty);
    expect(n).toBe(2);
    expect(consecutiveEmptyBuilds(n, { created: 0, cards: 1, vocabularyLeft: true })).toBe(0);
  });

  it('counts down in whole seconds, rounding up', () => {
    expect(cooldownSecondsLeft(10_000, 0)).toBe(10);
    expect(cooldownSecondsLeft(10_000, 1)).toBe(10);
    expect(cooldownSecondsLeft(10_000, 9_001)).toBe(1);
    expect(cooldownSecondsLeft(10_000, 10_000)).toBe(0);
    expect(cooldownSecondsLeft(10_000, 20_000)).toBe(0);
  });
});

describe('429 backoff', () => {
  it('has the spec numbers', () => {
    expect(RATE_LIMIT_BACKOFF).toEqual({
      baseMs: 5_000,
      maxMs: 600_000,
      jitter: 0.2,
      minMs: 1_000,
    });
  });

  it('starts at 5 s and doubles up to 10 minutes without jitter', () => {
    expect([1, 2, 3, 4, 7, 8, 9, 40].map((n) => rateLimitBackoffMs(n, 0.5))).toEqual([
      5_000, 10_000, 20_000, 40_000, 320_000, 600_000, 600_000, 600_000,
    ]);
  });

  it('jitters by up to ±20 %', () => {
    expect(rateLimitBackoffMs(1, 0)).toBe(4_000);
    expect(rateLimitBackoffMs(1, 1)).toBe(6_000);
    expect(rateLimitBackoffMs(8, 0)).toBe(480_000);
  });

  it('property: always between 1 s and 12 minutes, within 20 % of the base', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, r) => {
          const ms = rateLimitBackoffMs(n, r);
          const base = Math.min(5_000 * 2 ** (n - 1), 600_000);
          expect(ms).toBeGreaterThanOrEqual(Math.max(1_000, Math.floor(base * 0.8)));
          expect(ms).toBeLessThanOrEqual(Math.ceil(base * 1.2));
        },
      ),
    );
  });
});
