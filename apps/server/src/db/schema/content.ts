import type { StorySeries } from '@lesefuchs/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The corpus, imported from content/ at every start (see content/importer.ts).

export const stories = pgTable(
  'stories',
  {
    /** The id of the story file; user data refers to it. */
    id: integer('id').primaryKey(),
    titleDe: text('title_de').notNull(),
    titleEn: text('title_en').notNull(),
    titleEs: text('title_es'),
    titleKr: text('title_kr'),
    previewDe: text('preview_de'),
    previewEn: text('preview_en'),
    contentDe: text('content_de').notNull(),
    contentEn: text('content_en'),
    contentEs: text('content_es'),
    contentKr: text('content_kr'),
    difficulty: text('difficulty').notNull(),
    category: text('category').notNull(),
    wordCountDe: integer('word_count_de').notNull(),
    wordCountEn: integer('word_count_en').notNull(),
    readingTimeMinutes: integer('reading_time_minutes').notNull(),
    vocabularyList: text('vocabulary_list').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /** Amala's German audio. */
    audioUrlDe: text('audio_url_de'),
    /** Florian's German audio. */
    audioUrlDe2: text('audio_url_de_2'),
    audioUrlEn: text('audio_url_en'),
    audioUrlEs: text('audio_url_es'),
    audioUrlKr: text('audio_url_kr'),
    /** The story's place in a series (content/series.json), or null. */
    series: jsonb('series').$type<StorySeries>(),
    /** Hash of the imported file and its audio; the importer skips a story whose hash is unchanged. */
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stories_active_idx').on(table.isActive, table.id)],
);

export const vocabulary = pgTable(
  'vocabulary',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    baseWord: text('base_word').notNull(),
    translationEn: text('translation_en').notNull(),
    translationEs: text('translation_es').notNull(),
    translationKr: text('translation_kr').notNull(),
    partOfSpeech: text('part_of_speech').notNull(),
    difficultyLevel: text('difficulty_level').notNull(),
    exampleSentence: text('example_sentence').notNull(),
    gender: text('gender'),
    plural: text('plural'),
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vocabulary_word_pos_idx').on(table.word, table.partOfSpeech),
    index('vocabulary_level_idx').on(table.difficultyLevel),
  ],
);

/** Written forms → vocabulary entries (content/vocabulary/forms.json), for tapping any form. */
export const vocabularyForms = pgTable(
  'vocabulary_forms',
  {
    form: text('form').notNull(),
    /** Order of the candidates of one form, most likely first. */
    position: smallint('position').notNull(),
    vocabularyId: integer('vocabulary_id')
      .notNull()
      .references(() => vocabulary.id, { onDelete: 'cascade' }),
    /** For a separable verb written apart: the particle that must follow ("kommt … an"). */
    particle: text('particle'),
    /** What the form is of the entry (core's FormTag: "pres3s", "pl"); null on its own word. */
    tags: text('tags').array(),
  },
  (table) => [primaryKey({ columns: [table.form, table.position] })],
);

/** One row per imported source, with the hash of what was imported last. */
export const contentImports = pgTable('content_imports', {
  source: text('source').primaryKey(),
  hash: text('hash').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});
