import { LEVELS } from '@lesefuchs/core/content/taxonomy';
import { describe, expect, it } from 'vitest';
import { CHECK_WORDS, scoreCheck } from './level-check';

const wordsOf = (levels: readonly string[], share = 1) =>
  LEVELS.filter((level) => levels.includes(level)).flatMap((level) => {
    const words = CHECK_WORDS.filter((word) => word.level === level).map((word) => word.word);
    return words.slice(0, Math.round(words.length * share));
  });
const madeUp = CHECK_WORDS.filter((word) => word.level === null).map((word) => word.word);

describe('the level check', () => {
  it('has 40 different words: six per level and four made-up ones spread through the list', () => {
    expect(CHECK_WORDS).toHaveLength(40);
    expect(new Set(CHECK_WORDS.map((word) => word.word)).size).toBe(40);
    for (const level of LEVELS) {
      expect(CHECK_WORDS.filter((word) => word.level === level)).toHaveLength(6);
    }
    const positions = CHECK_WORDS.flatMap((word, index) => (word.level === null ? [index] : []));
    expect(positions).toHaveLength(4);
    expect(positions[0]).toBeGreaterThan(3);
    expect(positions[3]).toBeGreaterThan(30);
  });

  it('gives A1 when nothing is known', () => {
    expect(scoreCheck(new Set()).level).toBe('A1');
  });

  it('gives the highest level known, with every level below it', () => {
    expect(scoreCheck(new Set(wordsOf(['A1']))).level).toBe('A1');
    expect(scoreCheck(new Set(wordsOf(['A1', 'A2', 'B1']))).level).toBe('B1');
    expect(scoreCheck(new Set(wordsOf([...LEVELS]))).level).toBe('C2');
    // Half of each level is enough; a gap stops the climb.
    expect(scoreCheck(new Set(wordsOf(['A1', 'A2'], 0.5))).level).toBe('A2');
    expect(scoreCheck(new Set(wordsOf(['A1', 'B1', 'B2']))).level).toBe('A1');
  });

  it('takes marked made-up words off every level, so ticking everything is not C2', () => {
    const everything = new Set(CHECK_WORDS.map((word) => word.word));
    const result = scoreCheck(everything);
    expect(result.guessing).toBe(1);
    expect(result.level).toBe('A1');
    // One made-up word of four: B1 known fully stays, B2 known at 4/6 drops below half.
    const some = new Set([
      ...wordsOf(['A1', 'A2', 'B1']),
      ...wordsOf(['B2'], 4 / 6),
      madeUp[0] as string,
    ]);
    const corrected = scoreCheck(some);
    expect(corrected.guessing).toBe(0.25);
    expect(corrected.shares.B2).toBeCloseTo((4 / 6 - 0.25) / 0.75);
    expect(corrected.level).toBe('B2');
    expect(
      scoreCheck(
        new Set([...wordsOf(['A1', 'A2', 'B1']), ...wordsOf(['B2'], 3 / 6), madeUp[0] as string]),
      ).level,
    ).toBe('B1');
  });
});
