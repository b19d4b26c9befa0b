import { describe, expect, it } from 'vitest';
import type { VocabularyEntry } from '../stories-api';
import { buildQuestions } from './LessonMode';

let nextId = 1;
function entry(translationEn: string, partOfSpeech = 'noun'): VocabularyEntry {
  const id = nextId++;
  return {
    id,
    word: `Wort${id}`,
    baseWord: `Wort${id}`,
    translationEn,
    translationEs: '',
    translationKr: '',
    partOfSpeech,
    difficultyLevel: 'A1',
    exampleSentence: '',
    gender: null,
    plural: null,
  };
}

/** A seeded random source (mulberry32), so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('buildQuestions', () => {
  const nouns = ['house', 'tree', 'car', 'dog', 'cat'].map((word) => entry(word));
  const verbs = ['go', 'see', 'eat'].map((word) => entry(word, 'verb'));
  const vocabulary = [...nouns, ...verbs, entry('House', 'noun'), entry('', 'noun')];

  it('asks each target once, its answer among four different options of other entries', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const questions = buildQuestions(nouns, vocabulary, 'en', seeded(seed));
      expect(questions.map((question) => question.entry.id)).toEqual(nouns.map(({ id }) => id));
      for (const question of questions) {
        expect(question.options).toContain(question.answer);
        expect(question.options).toHaveLength(4);
        const lowered = question.options.map((option) => option.toLowerCase());
        expect(new Set(lowered).size).toBe(4);
      }
    }
  });

  it('takes the same part of speech first', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const [question] = buildQuestions(
        [verbs[0] as VocabularyEntry],
        vocabulary,
        'en',
        seeded(seed),
      );
      // The two other verbs are always there; the third option is a noun.
      expect(question?.options).toEqual(expect.arrayContaining(['go', 'see', 'eat']));
    }
  });

  it('draws different wrong options over many games', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 50; seed++) {
      for (const option of buildQuestions(
        [nouns[0] as VocabularyEntry],
        vocabulary,
        'en',
        seeded(seed),
      )[0]?.options ?? [])
        seen.add(option);
    }
    // Three of the four other nouns each time, and every one of them at some point.
    expect([...seen].sort()).toEqual(['car', 'cat', 'dog', 'house', 'tree']);
  });

  it('leaves out a word with no other translation to choose from', () => {
    const lonely = entry('alone');
    expect(buildQuestions([lonely], [lonely, entry('ALONE')], 'en')).toEqual([]);
    expect(buildQuestions([entry('')], vocabulary, 'en')).toEqual([]);
  });
});
