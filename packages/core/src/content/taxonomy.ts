/** CEFR levels, easiest first. */
export const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type Level = (typeof LEVELS)[number];

/** Story categories (spec 2 §3); daily life is stored as dailyLife. */
export const CATEGORIES = [
  'travel',
  'food',
  'sport',
  'history',
  'science',
  'korea',
  'germany',
  'story',
  'dailyLife',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The 21 word types of spec 2 §3. */
export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'pronoun',
  'preposition',
  'conjunction',
  'interjection',
  'article',
  'determiner',
  'phrase',
  'expression',
  'proper noun',
  'number',
  'particle',
  'auxiliary',
  'modal',
  'prefix',
  'suffix',
  'abbreviation',
  'other',
] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export const GENDERS = ['masculine', 'feminine', 'neuter'] as const;
export type Gender = (typeof GENDERS)[number];

/** The definite article of each gender. */
export const ARTICLE_OF: Record<Gender, 'der' | 'die' | 'das'> = {
  masculine: 'der',
  feminine: 'die',
  neuter: 'das',
};

/** Story languages: German is the story's own; kr is Korean (spec 1 §1). */
export const STORY_LANGUAGES = ['de', 'en', 'es', 'kr'] as const;
export type StoryLanguage = (typeof STORY_LANGUAGES)[number];

/** Reading speed used for a story's reading time (spec 2 §9). */
export const READING_WORDS_PER_MINUTE = 250;
