import { checkOperation, emptyRecord, rateLimitRecordSchema } from '@lesefuchs/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { ApiError } from './errors.ts';

/**
 * Counts `count` write operations of a user against the limits of spec 2 §9 (80 a minute, 500
 * a day, escalating punishments kept 48 h), with the record in the database so every instance
 * sees the same. A refusal is a 429 with the spec's message; nothing of the request is written.
 * A degraded user may still write (the client sends through its batch queues).
 */
export async function enforceRateLimit(
  db: Database,
  userId: string,
  operationType: string,
  count = 1,
): Promise<void> {
  if (count === 0) return;
  const verdict = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await tx.insert(rateLimits).values({ userId, record: emptyRecord() }).onConflictDoNothing();
    const [row] = await tx
      .select({ record: rateLimits.record })
      .from(rateLimits)
      .where(eq(rateLimits.userId, userId))
      .for('update');
    const stored = rateLimitRecordSchema.safeParse(row?.record);
    const result = checkOperation(
      stored.success ? stored.data : emptyRecord(),
      operationType,
      Date.now(),
      count,
    );
    await tx
      .update(rateLimits)
      .set({ record: result.record, updatedAt: sql`now()` })
      .where(eq(rateLimits.userId, userId));
    return result;
  });
  if (!verdict.allowed) {
    throw new ApiError(429, 'rate_limited', verdict.message, {
      reason: verdict.reason,
      retryAfterSeconds:
        verdict.retryAfterMs === null ? null : Math.ceil(verdict.retryAfterMs / 1000),
    });
  }
}
