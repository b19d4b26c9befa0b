import { MEMBERSHIP_STATUSES, type MembershipStatus } from '@lesefuchs/core';
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { owner } from './activity.ts';

/**
 * A user's premium membership (spec 2 §3), at most one row per user; a user without a row has
 * status 'none'. Premium is the status and the expiry together (core `isPremium`), so an expired
 * membership keeps its status until an operator changes it.
 */
export const memberships = pgTable(
  'user_memberships',
  {
    userId: owner().primaryKey(),
    status: text('status').$type<MembershipStatus>().notNull(),
    /** Null: no expiry. */
    premiumExpiresAt: timestamp('premium_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'user_memberships_status_check',
      sql`${table.status} in (${sql.raw(MEMBERSHIP_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
  ],
);
