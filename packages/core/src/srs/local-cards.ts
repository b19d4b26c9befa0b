/**
 * Cards made on the device while the server cannot be reached (spec 3 §3 "local-only card",
 * §4 "Local cards and sync", §9 "Sync"): ids with the local- prefix, pending inserts sent by
 * upsert in batches of 100, the id remap, the failed list after 5 attempts and its pruning
 * after 720 hours. Pure: the clock is passed in.
 *
 * Decisions where the spec is silent:
 * - A local id is "local-" and a random part of letters, digits and dashes (the upsert schema's).
 * - An attempt fails when the upsert call fails or its answer leaves the card out; a pending
 *   insert is sent again on the next flush until its fifth failure moves it to the failed list.
 * - A review of a local card waits beside it and is sent (with the server id) once the card is
 *   synced; a card that fails for good takes its waiting reviews with it to the failed list.
 */

export const LOCAL_CARD_PREFIX = 'local-';

/** The sync numbers of §9. */
export const LOCAL_CARD_SYNC = {
  /** Flush when this many changes are pending … */
  flushSize: 5,
  /** … or after this long. */
  flushAfterMs: 15_000,
  /** Cards per upsert call. */
  insertBatch: 100,
  /** Failed attempts before an insert moves to the failed list. */
  maxAttempts: 5,
  /** Failed entries are pruned after 720 hours (30 days). */
  failedPruneMs: 720 * 3_600_000,
} as const;

export function isLocalCardId(id: unknown): id is string {
  return typeof id === 'string' && id.startsWith(LOCAL_CARD_PREFIX);
}

/** A local card id from a random part (e.g. crypto.randomUUID()). */
export function localCardId(random: string): string {
  return `${LOCAL_CARD_PREFIX}${random.replace(/[^A-Za-z0-9-]/g, '').slice(0, 60) || '0'}`;
}

export interface PendingInsert {
  localId: string;
  vocabularyId: number;
  createdAt: number;
  attempts: number;
}

export interface FailedInsert extends PendingInsert {
  failedAt: number;
}

export interface LocalCardOutbox {
  pending: PendingInsert[];
  failed: FailedInsert[];
}

/** Whether the outbox should flush now: 5 pending, or the oldest waiting 15 s. */
export function shouldFlushLocalCards(outbox: LocalCardOutbox, now: number): boolean {
  if (outbox.pending.length >= LOCAL_CARD_SYNC.flushSize) return true;
  return outbox.pending.some((insert) => now - insert.createdAt >= LOCAL_CARD_SYNC.flushAfterMs);
}

/** The next upsert batch: at most 100 pending inserts, oldest first. */
export function nextInsertBatch(outbox: LocalCardOutbox): PendingInsert[] {
  return [...outbox.pending]
    .sort((a, b) => a.createdAt - b.createdAt)
    .slice(0, LOCAL_CARD_SYNC.insertBatch);
}

/**
 * The outbox after an upsert of `sent`: the ids the server answered (localId → server id) leave
 * it; the others count a failed attempt and move to the failed list at the fifth.
 */
export function afterUpsert(
  outbox: LocalCardOutbox,
  sent: readonly PendingInsert[],
  synced: ReadonlyMap<string, number>,
  now: number,
): { outbox: LocalCardOutbox; failedNow: FailedInsert[] } {
  const sentIds = new Set(sent.map((insert) => insert.localId));
  const pending: PendingInsert[] = [];
  const failedNow: FailedInsert[] = [];
  for (const insert of outbox.pending) {
    if (synced.has(insert.localId)) continue;
    if (!sentIds.has(insert.localId)) {
      pending.push(insert);
      continue;
    }
    const attempts = insert.attempts + 1;
    if (attempts >= LOCAL_CARD_SYNC.maxAttempts)
      failedNow.push({ ...insert, attempts, failedAt: now });
    else pending.push({ ...insert, attempts });
  }
  return { outbox: { pending, failed: [...outbox.failed, ...failedNow] }, failedNow };
}

/** The failed list without entries older than 720 hours. */
export function pruneFailedInserts(outbox: LocalCardOutbox, now: number): LocalCardOutbox {
  return {
    pending: outbox.pending,
    failed: outbox.failed.filter((entry) => now - entry.failedAt < LOCAL_CARD_SYNC.failedPruneMs),
  };
}
