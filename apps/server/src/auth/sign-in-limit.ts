import {
  afterFailedSignIn,
  SIGN_IN_LOCKED_MESSAGE,
  type SignInFailures,
  signInWaitMs,
  waitMessage,
} from '@lesefuchs/core';
import { APIError } from 'better-auth/api';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signInFailures } from '../db/schema/index.ts';

const english = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/** The address as the count is kept: trimmed and lower case, as better-auth stores it. */
const key = (email: unknown) =>
  String(email ?? '')
    .trim()
    .toLowerCase();

function stateOf(row: typeof signInFailures.$inferSelect | undefined): SignInFailures | null {
  if (!row) return null;
  return {
    failures: row.failures,
    lastFailureAt: row.lastFailureAt.getTime(),
    lockedUntil: row.lockedUntil?.getTime() ?? null,
  };
}

/**
 * Refuses a sign-in to an address that must still wait (core SIGN_IN_LIMIT) with a 429, before
 * the password is looked at, so guessing during the wait learns nothing.
 */
export async function refuseWhileSignInLocked(db: Database, email: unknown): Promise<void> {
  const address = key(email);
  if (!address) return;
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, address));
  const waitMs = signInWaitMs(stateOf(row), Date.now());
  if (waitMs === 0) return;
  throw new APIError('TOO_MANY_REQUESTS', {
    code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
    message: `${SIGN_IN_LOCKED_MESSAGE} ${waitMessage(waitMs, english)}`,
    retryAfterSeconds: Math.ceil(waitMs / 1000),
  });
}

/** Counts one wrong password for the address (in one transaction, so parallel guesses all count). */
export async function recordFailedSignIn(db: Database, email: unknown): Promise<void> {
  const address = key(email);
  if (!address) return;
  const now = Date.now();
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await tx
      .insert(signInFailures)
      .values({ email: address, failures: 0, lastFailureAt: new Date(0) })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.email, address))
      .for('update');
    const next = afterFailedSignIn(row?.lastFailureAt.getTime() ? stateOf(row) : null, now);
    await tx
      .update(signInFailures)
      .set({
        failures: next.failures,
        lastFailureAt: new Date(next.lastFailureAt),
        lockedUntil: next.lockedUntil === null ? null : new Date(next.lockedUntil),
      })
      .where(eq(signInFailures.email, address));
  });
  // Counts a day old are forgotten anyway; now and then, remove them.
  if (Math.random() < 0.01) {
    await db
      .delete(signInFailures)
      .where(lt(signInFailures.lastFailureAt, sql`now() - interval '1 day'`));
  }
}

/** A correct password forgets the count. */
export async function forgetFailedSignIns(db: Database, email: unknown): Promise<void> {
  const address = key(email);
  if (address) await db.delete(signInFailures).where(eq(signInFailures.email, address));
}
