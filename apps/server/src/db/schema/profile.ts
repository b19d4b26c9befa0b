import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A learner's profile (spec 1 §3), one row per user, made on first read. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  userLevel: text('user_level').notNull().default('A2'),
  avatarUrl: text('avatar_url'),
  /** Stored as sent; read through migratePreferences, so old names and values still load. */
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  preferencesUpdatedAt: timestamp('preferences_updated_at', { withTimezone: true }),
  /**
   * Whether the learner shows on the community boards, has a public profile and is named on
   * their shared collections (opt-in: off until they turn it on). Set by its own endpoint.
   */
  communityPublic: boolean('community_public').notNull().default(false),
  /** When communityPublic last changed. */
  communityPublicAt: timestamp('community_public_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
