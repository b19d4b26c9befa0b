import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Each user's write-rate record (spec 2 §4 "Rate limiting"): recent operation times and
 * punishments, as the core rate limiter reads and writes them. Kept in the database so every
 * server instance enforces the same limits.
 */
export const rateLimits = pgTable('user_rate_limits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  record: jsonb('record').$type<{ operations: number[]; punishments: unknown[] }>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins in a row per e-mail address (known or not, so the answer never tells which),
 * as the core sign-in limit counts them. In the database, so a guesser spreading attempts over
 * several instances meets one count.
 */
export const signInFailures = pgTable('sign_in_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
