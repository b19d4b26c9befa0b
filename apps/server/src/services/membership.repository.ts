import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { memberships, users } from '../db/schema/index.ts';

export type MembershipRow = typeof memberships.$inferSelect;

/** The stored membership of a user, or null when there is none. */
export async function findMembership(db: Database, userId: string): Promise<MembershipRow | null> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId));
  return row ?? null;
}

/** The user with an e-mail address, whatever its letter case. */
export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row ?? null;
}

/**
 * Makes the membership active for `days` more days, in one statement so two grants at once
 * both count: from the stored expiry when it is still ahead of `now`, else from `now`.
 */
export async function extendActive(
  db: Database,
  userId: string,
  days: number,
  now: Date,
): Promise<MembershipRow> {
  const from = sql`${now.toISOString()}::timestamptz`;
  const interval = sql`make_interval(days => ${days})`;
  const [row] = await db
    .insert(memberships)
    .values({ userId, status: 'active', premiumExpiresAt: sql`${from} + ${interval}` })
    .onConflictDoUpdate({
      target: memberships.userId,
      set: {
        status: 'active',
        premiumExpiresAt: sql`case when ${memberships.premiumExpiresAt} > ${from} then ${memberships.premiumExpiresAt} else ${from} end + ${interval}`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error(`membership of ${userId} was not written`);
  return row;
}

/** Ends the membership: status none, no expiry. */
export async function setNone(db: Database, userId: string): Promise<MembershipRow> {
  const [row] = await db
    .insert(memberships)
    .values({ userId, status: 'none', premiumExpiresAt: null })
    .onConflictDoUpdate({
      target: memberships.userId,
      set: { status: 'none', premiumExpiresAt: null, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error(`membership of ${userId} was not written`);
  return row;
}
