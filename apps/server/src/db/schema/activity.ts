import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { stories, vocabulary } from './content.ts';

// What a learner does: read, bookmark, save, listen, practise. Every row belongs to one user
// and goes with the account (foreign keys cascade). The homepage stats and the streak are
// computed from these rows, never taken from a client.

/** The user a row belongs to; the row goes with the account. */
export const owner = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Stories a user has read (spec 2 §3): one row per user and story. */
export const storyCompletions = pgTable(
  'user_story_completion',
  {
    userId: owner(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storyId] })],
);

/** Bookmarked stories (spec 2 §3). */
export const bookmarks = pgTable(
  'user_bookmarks',
  {
    userId: owner(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    bookmarkedAt: timestamp('bookmarked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storyId] })],
);

/** Saved words (spec 2 §3), one per user and vocabulary entry. */
export const savedWords = pgTable(
  'user_vocabulary',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    vocabularyId: integer('vocabulary_id')
      .notNull()
      .references(() => vocabulary.id, { onDelete: 'cascade' }),
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    lastReviewed: timestamp('last_reviewed', { withTimezone: true }),
    reviewCount: integer('review_count').notNull().default(0),
    masteryLevel: smallint('mastery_level').notNull().default(0),
    difficultyRating: smallint('difficulty_rating'),
    notes: text('notes'),
    contextSentence: text('context_sentence'),
  },
  (table) => [uniqueIndex('user_vocabulary_user_word').on(table.userId, table.vocabularyId)],
);

/** The local days on which a user was active; the streak is computed from them. */
export const activityDays = pgTable(
  'user_activity_days',
  {
    userId: owner(),
    day: date('day', { mode: 'string' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Story audio a user has listened to, by audio key (story id and language). */
export const audioListens = pgTable(
  'user_audio_listens',
  {
    userId: owner(),
    audioKey: text('audio_key').notNull(),
    firstListenedAt: timestamp('first_listened_at', { withTimezone: true }).notNull(),
    plays: integer('plays').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.audioKey] }),
    index('user_audio_listens_updated').on(table.userId, table.updatedAt),
  ],
);

/** Quiz results for the scoreboard, by study mode (vocabulary or gender) and game mode. */
export const quizScores = pgTable(
  'user_quiz_scores',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    /** Scores sent before study modes were kept count as vocabulary. */
    studyMode: text('study_mode').notNull().default('vocabulary'),
    gameMode: text('game_mode').notNull(),
    score: integer('score').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    /** When the server recorded the game: the community points count by it, not by playedAt. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The best score of each mode is the first entry of its (user, study mode, game mode) range.
  (table) => [
    index('user_quiz_scores_user').on(table.userId, table.studyMode, table.gameMode, table.score),
    index('user_quiz_scores_user_received').on(table.userId, table.receivedAt),
  ],
);
