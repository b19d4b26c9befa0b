import type { SyncOperation, SyncRequest, SyncResponse } from '@lesefuchs/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { isDataRefusal } from '../db/errors.ts';
import { appliedOperations } from '../db/schema/index.ts';

/** Applies one kind of queued operation for a user, inside the transaction it is given. */
export interface SyncHandler<S extends z.core.$ZodType = z.core.$ZodType> {
  /** Validates the payload of each operation of this type. */
  payload: S;
  apply(tx: Database, userId: string, payload: z.infer<S>, operation: SyncOperation): Promise<void>;
}

/** The queue types the server accepts, each registered by the area that owns it. */
export class SyncRegistry {
  private readonly handlers = new Map<string, SyncHandler>();

  register<S extends z.core.$ZodType>(type: string, handler: SyncHandler<S>): void {
    if (this.handlers.has(type)) throw new Error(`sync type "${type}" is registered twice`);
    this.handlers.set(type, handler as unknown as SyncHandler);
  }

  get(type: string): SyncHandler | undefined {
    return this.handlers.get(type);
  }

  get types(): string[] {
    return [...this.handlers.keys()];
  }
}

export class UnknownSyncTypeError extends Error {}

/**
 * Thrown by a handler to refuse an operation for good (a rule, not a failure): the operation is
 * answered `rejected` with the message, its writes are rolled back and its id is not recorded,
 * and the rest of the batch goes on. Any other error fails the request, so the client retries.
 */
export class SyncRejection extends Error {
  override name = 'SyncRejection';
}

/**
 * Applies a batch of queued operations, each at most once: the operation id is recorded in the
 * same transaction as its write, so a retry of an applied id changes nothing. Operations are
 * independent and each gets its own outcome: a payload that fails validation, a refusal of the
 * handler and data the database refuses are `rejected` with the reason, and the others are
 * applied. Only a failure that may pass on a retry (the database unreachable, a deadlock)
 * fails the request, so the client sends the batch again.
 */
export async function applySyncBatch(
  db: Database,
  registry: SyncRegistry,
  userId: string,
  request: SyncRequest,
): Promise<SyncResponse> {
  const handler = registry.get(request.type);
  if (!handler) throw new UnknownSyncTypeError(`Unknown sync type "${request.type}".`);
  const results: SyncResponse['results'] = [];
  for (const operation of request.operations) {
    const parsed = z.safeParse(handler.payload, operation.payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      results.push({
        id: operation.id,
        outcome: 'rejected',
        message: `${where}${issue?.message ?? 'The operation is not valid.'}`,
      });
      continue;
    }
    try {
      const applied = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(appliedOperations)
          .values({ userId, operationId: operation.id, type: request.type })
          .onConflictDoNothing()
          .returning({ id: appliedOperations.operationId });
        if (inserted.length === 0) return false;
        await handler.apply(tx as unknown as Database, userId, parsed.data, operation);
        return true;
      });
      results.push({ id: operation.id, outcome: applied ? 'applied' : 'duplicate' });
    } catch (error) {
      if (error instanceof SyncRejection) {
        results.push({ id: operation.id, outcome: 'rejected', message: error.message });
      } else if (isDataRefusal(error)) {
        results.push({ id: operation.id, outcome: 'rejected', message: REFUSED_BY_DATABASE });
      } else {
        throw error;
      }
    }
  }
  return { results };
}

/** The reason given for an operation whose data the database refused. */
export const REFUSED_BY_DATABASE =
  'The operation refers to something that does not exist or is not valid.';

/** The ids of a batch that this user's earlier requests applied already. */
export async function alreadyAppliedIds(
  db: Database,
  userId: string,
  operationIds: readonly string[],
): Promise<Set<string>> {
  if (operationIds.length === 0) return new Set();
  const rows = await db
    .select({ id: appliedOperations.operationId })
    .from(appliedOperations)
    .where(
      and(
        eq(appliedOperations.userId, userId),
        inArray(appliedOperations.operationId, [...operationIds]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Forgets applied ids older than the longest time a client keeps an operation queued. */
export async function pruneAppliedOperations(db: Database, olderThanDays = 30): Promise<void> {
  await db.execute(
    sql`delete from ${appliedOperations} where ${appliedOperations.appliedAt} < now() - make_interval(days => ${olderThanDays})`,
  );
}
