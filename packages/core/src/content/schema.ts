import { z } from 'zod';
import { ARTICLE_OF, CATEGORIES, GENDERS, LEVELS, PARTS_OF_SPEECH } from './taxonomy.ts';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

/** One story file in content/stories/<level>/<id>-<slug>.json. */
export const storyFileSchema = z.strictObject({
  /** Stable id; user data (reads, bookmarks) refers to it. */
  id: z.number().int().positive(),
  difficulty: z.enum(LEVELS),
  category: z.enum(CATEGORIES),
  is_active: z.boolean(),
  created_at: z.iso.datetime(),
  title: z.strictObject({ de: text(200), en: text(200), es: text(200), kr: text(200) }),
  preview: z.strictObject({ de: text(300), en: text(300) }),
  content: z.strictObject({
    de: text(20_000),
    en: text(20_000),
    es: text(20_000),
    kr: text(20_000),
  }),
  /** Target words: each is the `word` of a vocabulary entry. */
  vocabulary_list: z.array(text(100)).min(8).max(20),
});
export type StoryFile = z.infer<typeof storyFileSchema>;

/** Episodes of a series: the parts a learner reads one after another (content/series.json). */
export const MIN_SERIES_PARTS = 4;
export const MAX_SERIES_PARTS = 6;

/** One series in content/series.json: its stories in reading order. */
export const seriesFileSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a slug: a-z, 0-9 and hyphens')
    .max(60),
  title: z.strictObject({ de: text(200), en: text(200), es: text(200), kr: text(200) }),
  stories: z.array(z.number().int().positive()).min(MIN_SERIES_PARTS).max(MAX_SERIES_PARTS),
});
export type SeriesFile = z.infer<typeof seriesFileSchema>;

const vocabularyBase = {
  word: text(100),
  base_word: text(100),
  difficulty_level: z.enum(LEVELS),
  translation_en: text(300),
  translation_es: text(300),
  translation_kr: text(300),
  example_sentence: text(500),
};

/** One entry of a file in content/vocabulary/*.json. */
export const vocabularyEntrySchema = z
  .discriminatedUnion('part_of_speech', [
    z.strictObject({
      ...vocabularyBase,
      part_of_speech: z.literal('noun'),
      gender: z.enum(GENDERS),
      plural: z.string().trim().min(1).max(100).nullable(),
    }),
    z.strictObject({
      ...vocabularyBase,
      part_of_speech: z.enum(PARTS_OF_SPEECH).exclude(['noun']),
    }),
  ])
  .superRefine((entry, ctx) => {
    if (entry.part_of_speech !== 'noun') {
      // A reflexive verb keeps its pronoun in `word` only: "sich freuen" → "freuen".
      const base = entry.word.replace(/^sich /, '');
      if (entry.base_word !== entry.word && entry.base_word !== base) {
        ctx.addIssue({
          code: 'custom',
          message: `base_word must be "${base}" for a ${entry.part_of_speech}`,
        });
      }
      return;
    }
    const noun = entry as typeof entry & { gender: keyof typeof ARTICLE_OF };
    const expected = `${ARTICLE_OF[noun.gender]} ${entry.base_word}`;
    if (entry.word !== expected) {
      ctx.addIssue({
        code: 'custom',
        message: `a ${noun.gender} noun is written "${expected}", not "${entry.word}"`,
      });
    }
  });
export type VocabularyEntry = z.infer<typeof vocabularyEntrySchema>;

/** The natural key of a vocabulary entry: a word can be in the vocabulary once per part of speech. */
export function vocabularyKey(entry: { word: string; part_of_speech: string }): string {
  return `${entry.word}|${entry.part_of_speech}`;
}
