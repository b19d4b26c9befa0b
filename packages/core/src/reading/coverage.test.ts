import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Coverage,
  coverageOfStories,
  coveragePercent,
  decodeStoryLemmas,
  isComfortable,
  storyCoverage,
  storyLemmasFromTokens,
} from './coverage.ts';
import type { StoryToken } from './story-token.ts';

const word = (vocabularyId: number | null, extra: Partial<StoryToken> = {}): StoryToken => ({
  start: 0,
  end: 1,
  vocabularyId,
  ...extra,
});

// "Der Hund geht. Der Hund ging nach Hamburg zum Hundehaus." with der=1, Hund=2, gehen=3,
// nach=4, zu=5, Haus=6; Hamburg a name, Hundehaus a compound of Hund and Haus.
const story: StoryToken[] = [
  word(1),
  word(2),
  word(3),
  word(1),
  word(2),
  word(3),
  word(4),
  word(null, { name: 'place' }),
  word(5),
  word(null, { parts: [2, 6] }),
];

describe('story lemmas', () => {
  it('lists each lemma once with its token count, ids delta-coded, names left out', () => {
    expect(storyLemmasFromTokens(7, story)).toEqual({
      storyId: 7,
      lemmas: [1, 1, 1, 1, 1],
      counts: [2, 2, 2, 1, 1],
      compounds: [[1, 2, 6]],
      unresolved: 0,
    });
  });

  it('counts tokens that resolve to nothing and are no name', () => {
    const lemmas = storyLemmasFromTokens(1, [word(null), word(null), word(9), word(40)]);
    expect(lemmas.unresolved).toBe(2);
    expect(lemmas.lemmas).toEqual([9, 31]);
    expect(decodeStoryLemmas(lemmas).total).toBe(4);
  });

  it('decodes to ascending ids and a total without the names', () => {
    const decoded = decodeStoryLemmas(storyLemmasFromTokens(7, story));
    expect([...decoded.ids]).toEqual([1, 2, 3, 4, 5]);
    expect(decoded.total).toBe(9);
  });
});

describe('story coverage', () => {
  const decoded = decodeStoryLemmas(storyLemmasFromTokens(7, story));

  it('knows nothing with an empty known set: every lemma is new', () => {
    expect(storyCoverage(decoded, new Set())).toEqual({ known: 0, total: 9, newWords: 6 });
  });

  it('counts every token of a known lemma, whatever its form', () => {
    expect(storyCoverage(decoded, new Set([1, 2]))).toEqual({ known: 4, total: 9, newWords: 4 });
  });

  it('knows a compound only when it knows all its parts', () => {
    expect(storyCoverage(decoded, new Set([1, 2, 3, 4, 5]))).toEqual({
      known: 8,
      total: 9,
      newWords: 1,
    });
    expect(storyCoverage(decoded, new Set([1, 2, 3, 4, 5, 6]))).toEqual({
      known: 9,
      total: 9,
      newWords: 0,
    });
  });

  it('covers several stories by id', () => {
    const other = decodeStoryLemmas(storyLemmasFromTokens(8, [word(6)]));
    const all = coverageOfStories([decoded, other], new Set([6]));
    expect(all.get(7)).toEqual({ known: 0, total: 9, newWords: 5 });
    expect(all.get(8)).toEqual({ known: 1, total: 1, newWords: 0 });
  });

  it('agrees with counting token by token, for any story and known set', () => {
    const token = fc.oneof(
      fc.integer({ min: 1, max: 40 }).map((id) => word(id)),
      fc.constant(word(null)),
      fc.constant(word(null, { name: 'person' })),
      fc
        .uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 3 })
        .map((parts) => word(null, { parts })),
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 80 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 })),
        (tokens, knownIds) => {
          const known = new Set(knownIds);
          const expected: Coverage = { known: 0, total: 0, newWords: 0 };
          const lemmas = new Set<number>();
          for (const t of tokens) {
            if (t.name) continue;
            expected.total += 1;
            const ids = t.vocabularyId !== null ? [t.vocabularyId] : (t.parts ?? []);
            for (const id of ids) lemmas.add(id);
            if (ids.length > 0 && ids.every((id) => known.has(id))) expected.known += 1;
          }
          expected.newWords = [...lemmas].filter((id) => !known.has(id)).length;
          const decoded = decodeStoryLemmas(storyLemmasFromTokens(1, tokens));
          expect(storyCoverage(decoded, known)).toEqual(expected);
        },
      ),
    );
  });
});

describe('coverage percent', () => {
  it('rounds down, so only every word known is 100 %', () => {
    expect(coveragePercent({ known: 999, total: 1000 })).toBe(99);
    expect(coveragePercent({ known: 1000, total: 1000 })).toBe(100);
    expect(coveragePercent({ known: 899, total: 1000 })).toBe(89);
    expect(coveragePercent({ known: 0, total: 0 })).toBe(0);
  });

  it('finds the comfortable band of 90 to 98 %', () => {
    expect(isComfortable({ known: 89, total: 100 })).toBe(false);
    expect(isComfortable({ known: 90, total: 100 })).toBe(true);
    expect(isComfortable({ known: 98, total: 100 })).toBe(true);
    expect(isComfortable({ known: 99, total: 100 })).toBe(false);
  });
});
