import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { owner } from './activity.ts';
import { users } from './auth.ts';

// The community (issue #21): the first time each story was read (for points), vocabulary
// collections learners share, who used and who reported them, and the revision the boards'
// caches are checked against. The rules are in docs/decisions.md, "Community".

/**
 * The first time the server recorded a learner's reading of a story, written by a trigger on
 * user_story_completion (every path that records a read story) and never changed: un-marking
 * and marking a story again does not earn its points twice. story_id has no foreign key, so a
 * story the importer removes keeps the points it gave.
 */
export const communityStoryFirsts = pgTable(
  'community_story_firsts',
  {
    userId: owner(),
    storyId: integer('story_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId] }),
    index('community_story_firsts_user_time').on(table.userId, table.firstAt),
  ],
);

/**
 * A vocabulary collection a learner shares (spec 1 §7). `content` is the ordered list of its
 * vocabulary ids; `is_public` true lists it, false keeps it to whoever has its link (the id is
 * random). `level` and `word_count` are fixed when it is made (its words never change).
 */
export const sharedCollections = pgTable(
  'shared_collections',
  {
    /** 12 random base62 characters: a link-only collection cannot be guessed. */
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** word_list or story_words. */
    type: text('type').notNull(),
    content: jsonb('content').$type<number[]>().notNull(),
    isPublic: boolean('is_public').notNull(),
    level: text('level').notNull(),
    wordCount: smallint('word_count').notNull(),
    /** How many other learners added its words (one each). */
    uses: integer('uses').notNull().default(0),
    /** Set by the operator (`npm run admin -- collections hide`): gone for everyone else. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shared_collections_creator').on(table.creatorId, table.createdAt),
    index('shared_collections_listed')
      .on(table.createdAt)
      .where(sql`${table.isPublic} and ${table.hiddenAt} is null`),
  ],
);

/** A learner who added a collection's words: counted once per learner. */
export const sharedCollectionUses = pgTable(
  'shared_collection_uses',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => sharedCollections.id, { onDelete: 'cascade' }),
    userId: owner(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.userId] })],
);

/** A learner's report of a collection to the operator: one per learner and collection. */
export const sharedCollectionReports = pgTable(
  'shared_collection_reports',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => sharedCollections.id, { onDelete: 'cascade' }),
    userId: owner(),
    /** offensive, spam or other. */
    reason: text('reason').notNull(),
    note: text('note'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.userId] })],
);

/**
 * One row whose revision triggers bump when a learner opts in or out, changes nickname, avatar
 * or level while public, or is removed: every instance reads it before answering a board from
 * its cache, so such a change shows at once everywhere.
 */
export const communityRevision = pgTable(
  'community_revision',
  {
    id: smallint('id').primaryKey().default(1),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('community_revision_one_row', sql`${table.id} = 1`)],
);
