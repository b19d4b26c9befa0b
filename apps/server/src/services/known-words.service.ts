import { type KnownWordChange, knownWordChangeSchema } from '@lesefuchs/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { flashcards, knownWords, vocabulary } from '../db/schema/index.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { SyncHandler } from './sync.service.ts';

// A learner's known words: the entries they marked known (user_known_words) and the entries of
// their flashcards past learning (state "review"; a lapsed card, relearning, is not known until
// it is back). The device counts story coverage from both.

/** A vocabulary id that names no entry. */
export class UnknownEntryError extends Error {}

export interface KnownWordsView {
  /** Marked known, oldest first: the entry and when (ISO). */
  marked: { vocabularyId: number; at: string }[];
  /** Entries whose flashcard is in review. */
  fromCards: number[];
}

export async function listKnownWords(db: Database, userId: string): Promise<KnownWordsView> {
  const marked = await db
    .select({ vocabularyId: knownWords.vocabularyId, at: knownWords.knownAt })
    .from(knownWords)
    .where(eq(knownWords.userId, userId))
    .orderBy(asc(knownWords.knownAt), asc(knownWords.vocabularyId));
  const cards = await db
    .select({ vocabularyId: flashcards.vocabularyId })
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), eq(flashcards.cardState, 'review')))
    .orderBy(asc(flashcards.vocabularyId));
  return {
    marked: marked.map((row) => ({ vocabularyId: row.vocabularyId, at: row.at.toISOString() })),
    fromCards: cards.map((row) => row.vocabularyId),
  };
}

/** Applies one change inside the transaction it is given, and announces it to the user's tabs. */
export async function applyKnownWordChange(
  tx: Database,
  hub: RealtimeHub,
  userId: string,
  change: KnownWordChange,
): Promise<void> {
  if (change.action === 'add') {
    const [entry] = await tx
      .select({ id: vocabulary.id })
      .from(vocabulary)
      .where(eq(vocabulary.id, change.vocabularyId));
    if (!entry) throw new UnknownEntryError(`vocabularyId: no entry ${change.vocabularyId}`);
    const at = change.at ? new Date(Math.min(change.at, Date.now())) : new Date();
    // Marking a known word again changes nothing.
    await tx
      .insert(knownWords)
      .values({ userId, vocabularyId: change.vocabularyId, knownAt: at })
      .onConflictDoNothing();
  } else {
    await tx
      .delete(knownWords)
      .where(and(eq(knownWords.userId, userId), eq(knownWords.vocabularyId, change.vocabularyId)));
  }
  await hub.publish(userId, { type: 'known-words', data: change }, tx);
}

/** One change in its own transaction (the REST calls). */
export function changeKnownWords(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  change: KnownWordChange,
): Promise<void> {
  return db.transaction((tx) =>
    applyKnownWordChange(tx as unknown as Database, hub, userId, change),
  );
}

/**
 * A guest's marked words brought along at sign-in: added to the account's (marking twice
 * changes nothing), entries that no longer exist skipped. Returns how many were new.
 */
export async function migrateKnownWords(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  vocabularyIds: readonly number[],
): Promise<number> {
  const wanted = [...new Set(vocabularyIds)];
  if (wanted.length === 0) return 0;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const existing = (
      await tx.select({ id: vocabulary.id }).from(vocabulary).where(inArray(vocabulary.id, wanted))
    ).map((row) => row.id);
    if (existing.length === 0) return 0;
    const now = new Date();
    const inserted = await tx
      .insert(knownWords)
      .values(existing.map((vocabularyId) => ({ userId, vocabularyId, knownAt: now })))
      .onConflictDoNothing()
      .returning({ id: knownWords.vocabularyId });
    if (inserted.length > 0) {
      await hub.publish(userId, { type: 'known-words', data: { action: 'migrated' } }, tx);
    }
    return inserted.length;
  });
}

/** The client's "known-words" sync queue: marks and their undos, each applied once. */
export function knownWordSyncHandler(hub: RealtimeHub): SyncHandler<typeof knownWordChangeSchema> {
  return {
    payload: knownWordChangeSchema,
    apply: async (tx, userId, change) => {
      try {
        await applyKnownWordChange(tx, hub, userId, change);
      } catch (error) {
        // An entry that does not exist (any more): nothing to keep, the item is done.
        if (!(error instanceof UnknownEntryError)) throw error;
      }
    },
  };
}
