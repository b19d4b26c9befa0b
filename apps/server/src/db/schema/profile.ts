import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
