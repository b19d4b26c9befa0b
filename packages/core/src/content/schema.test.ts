import { describe, expect, it } from 'vitest';
import { storyFileSchema, vocabularyEntrySchema, vocabularyKey } from './schema.ts';

const story = {
  id: 1,
  difficulty: 'A1',
  category: 'food',
  is_active: true,
  created_at: '2026-11-22T00:00:00.000Z',
  title: { de: 'Der Markt', en: 'The market', es: 'El mercado', kr: '시장' },
  preview: { de: 'Lena kauft ein.', en: 'Lena goes shopping.' },
  content: {
    de: 'Lena geht zum Markt.',
    en: 'Lena goes to the market.',
    es: 'Lena va al mercado.',
    kr: '레나는 시장에 간다.',
  },
  vocabulary_list: [
    'der Markt',
    'gehen',
    'kaufen',
    'frisch',
    'das Brot',
    'der Käse',
    'die Milch',
    'billig',
  ],
};

const noun = {
  word: 'der Käse',
  base_word: 'Käse',
  part_of_speech: 'noun',
  gender: 'masculine',
  plural: null,
  difficulty_level: 'A1',
  translation_en: 'cheese',
  translation_es: 'el queso',
  translation_kr: '치즈',
  example_sentence: 'Der Käse kommt aus der Schweiz.',
};

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('storyFileSchema', () => {
  it('accepts a complete story', () => {
    expect(storyFileSchema.safeParse(story).success).toBe(true);
  });
  it('names a missing translation, an empty field, a wrong level and category', () => {
    const result = storyFileSchema.safeParse({
      ...story,
      difficulty: 'D1',
      category: 'cooking',
      title: { ...story.title, kr: undefined },
      content: { ...story.content, es: '  ' },
    });
    expect(issues(result)).toEqual([
      'difficulty: Invalid option: expected one of "A1"|"A2"|"B1"|"B2"|"C1"|"C2"',
      'category: Invalid option: expected one of "travel"|"food"|"sport"|"history"|"science"|"korea"|"germany"|"story"|"dailyLife"',
      'title.kr: Invalid input: expected string, received undefined',
      'content.es: must not be empty',
    ]);
  });
  it('wants 8 to 20 target words and no unknown keys', () => {
    expect(storyFileSchema.safeParse({ ...story, vocabulary_list: ['gehen'] }).success).toBe(false);
    expect(issues(storyFileSchema.safeParse({ ...story, audio: 'x' }))).toEqual([
      ': Unrecognized key: "audio"',
    ]);
  });
});

describe('vocabularyEntrySchema', () => {
  it('accepts a noun whose article matches its gender', () => {
    expect(vocabularyEntrySchema.safeParse(noun).success).toBe(true);
  });
  it('rejects a noun without gender or with the wrong article', () => {
    expect(vocabularyEntrySchema.safeParse({ ...noun, gender: undefined }).success).toBe(false);
    expect(issues(vocabularyEntrySchema.safeParse({ ...noun, word: 'die Käse' }))).toEqual([
      ': a masculine noun is written "der Käse", not "die Käse"',
    ]);
  });
  it('keeps gender and plural to nouns and base_word to the word (reflexive pronoun aside)', () => {
    const verb = {
      ...noun,
      word: 'sich freuen',
      base_word: 'freuen',
      part_of_speech: 'verb',
      gender: undefined,
      plural: undefined,
    };
    const { gender: _g, plural: _p, ...plainVerb } = verb;
    expect(vocabularyEntrySchema.safeParse(plainVerb).success).toBe(true);
    expect(vocabularyEntrySchema.safeParse({ ...plainVerb, gender: 'neuter' }).success).toBe(false);
    expect(issues(vocabularyEntrySchema.safeParse({ ...plainVerb, base_word: 'froh' }))).toEqual([
      ': base_word must be "freuen" for a verb',
    ]);
  });
  it('rejects an unknown part of speech', () => {
    expect(vocabularyEntrySchema.safeParse({ ...noun, part_of_speech: 'gerund' }).success).toBe(
      false,
    );
  });
});

it('keys an entry by word and part of speech', () => {
  expect(vocabularyKey({ word: 'das Essen', part_of_speech: 'noun' })).toBe('das Essen|noun');
});
