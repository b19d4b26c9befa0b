import {
  type SavedWordChange,
  savedWordChangeSchema as savedWordChangeSchemaForSync,
} from '@lesefuchs/core';
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { savedWords, stories, vocabulary } from '../db/schema/index.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { entryColumns } from './stories.service.ts';

// Saved words (user_vocabulary, spec 2 §3/§4): one row per user and vocabulary entry, with the
// joined entry and the English title of the story it was saved from.

/** A vocabulary id, story id or saved-word id that names nothing. */
export class NotFoundError extends Error {}

const savedWordColumns = {
  ...entryColumns,
  id: savedWords.id,
  vocabularyId: savedWords.vocabularyId,
  storyId: savedWords.storyId,
  savedAt: savedWords.savedAt,
  lastReviewed: savedWords.lastReviewed,
  reviewCount: savedWords.reviewCount,
  masteryLevel: savedWords.masteryLevel,
  difficultyRating: savedWords.difficultyRating,
  notes: savedWords.notes,
  contextSentence: savedWords.contextSentence,
  storyTitle: stories.titleEn,
};

/** The user's saved words, newest first. */
export async function listSavedWords(db: Database, userId: string) {
  const rows = await db
    .select(savedWordColumns)
    .from(savedWords)
    .innerJoin(vocabulary, eq(vocabulary.id, savedWords.vocabularyId))
    .leftJoin(stories, eq(stories.id, savedWords.storyId))
    .where(eq(savedWords.userId, userId))
    .orderBy(desc(savedWords.savedAt), desc(savedWords.id));
  return rows.map((row) => ({
    ...row,
    savedAt: row.savedAt.toISOString(),
    lastReviewed: row.lastReviewed?.toISOString() ?? null,
  }));
}
export type SavedWordView = Awaited<ReturnType<typeof listSavedWords>>[number];

/** The entry a typed word names: by exact word, then without its article, case-insensitively. */
export async function findEntryByWord(db: Database, word: string): Promise<number | null> {
  const plain = word
    .trim()
    .replace(/^(der|die|das)\s+/i, '')
    .toLowerCase();
  const [row] = await db
    .select({ id: vocabulary.id })
    .from(vocabulary)
    .where(
      sql`lower(${vocabulary.word}) = ${word.trim().toLowerCase()} or lower(${vocabulary.baseWord}) = ${plain}`,
    )
    .orderBy(asc(vocabulary.id))
    .limit(1);
  return row?.id ?? null;
}

/** Applies one change inside the transaction it is given, and announces it. */
export async function applySavedWordChange(
  tx: Database,
  hub: RealtimeHub,
  userId: string,
  change: SavedWordChange,
): Promise<void> {
  switch (change.action) {
    case 'save': {
      const vocabularyId =
        change.vocabularyId ?? (change.word ? await findEntryByWord(tx, change.word) : null);
      if (vocabularyId === null) {
        throw new NotFoundError(`word: "${change.word ?? ''}" is not in the word list`);
      }
      const [entry] = await tx
        .select({ id: vocabulary.id })
        .from(vocabulary)
        .where(eq(vocabulary.id, vocabularyId));
      if (!entry) throw new NotFoundError(`vocabularyId: no entry ${vocabularyId}`);
      let storyId = change.storyId ?? null;
      if (storyId !== null) {
        const [story] = await tx
          .select({ id: stories.id })
          .from(stories)
          .where(eq(stories.id, storyId));
        if (!story) storyId = null;
      }
      const savedAt = change.at ? new Date(Math.min(change.at, Date.now())) : new Date();
      // Saving a saved word again changes nothing (spec 2 §4).
      await tx
        .insert(savedWords)
        .values({
          userId,
          vocabularyId,
          storyId,
          savedAt,
          contextSentence: change.contextSentence ?? null,
          notes: change.notes ?? null,
        })
        .onConflictDoNothing();
      break;
    }
    case 'remove': {
      // By id, with the vocabulary id as the fallback (spec 2 §4).
      const byId =
        change.id === undefined
          ? []
          : await tx
              .delete(savedWords)
              .where(and(eq(savedWords.userId, userId), eq(savedWords.id, change.id)))
              .returning({ id: savedWords.id });
      if (byId.length === 0 && change.vocabularyId !== undefined) {
        await tx
          .delete(savedWords)
          .where(
            and(eq(savedWords.userId, userId), eq(savedWords.vocabularyId, change.vocabularyId)),
          );
      }
      break;
    }
    case 'clear':
      await tx.delete(savedWords).where(eq(savedWords.userId, userId));
      break;
  }
  await hub.publish(userId, { type: 'vocabulary', data: { action: change.action } }, tx);
}

export function changeSavedWords(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  change: SavedWordChange,
): Promise<void> {
  return db.transaction((tx) =>
    applySavedWordChange(tx as unknown as Database, hub, userId, change),
  );
}

/** The whole vocabulary, a chunk at a time, ordered by word (spec 2 §7). */
export function vocabularyChunk(db: Database, offset: number, limit: number) {
  return db
    .select(entryColumns)
    .from(vocabulary)
    .orderBy(asc(vocabulary.word), asc(vocabulary.id))
    .limit(limit)
    .offset(offset);
}

/** The vocabulary's size and latest change: the version a client cache is keyed by. */
export async function vocabularyVersion(db: Database) {
  const [row] = await db
    .select({ count: count(), latest: max(vocabulary.updatedAt) })
    .from(vocabulary);
  return {
    count: row?.count ?? 0,
    latestUpdatedAt: row?.latest ? new Date(row.latest).toISOString() : null,
  };
}

/**
 * A guest's saved words brought along at sign-in: each is saved unless already saved (saving
 * twice changes nothing); entries that no longer exist are skipped.
 */
export async function migrateSavedWords(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  words: { vocabularyId: number; storyId?: number; contextSentence?: string; at?: number }[],
): Promise<number> {
  if (words.length === 0) return 0;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    // Only the ids the list names, not the whole word list and every story.
    const known = new Set(
      (
        await tx
          .select({ id: vocabulary.id })
          .from(vocabulary)
          .where(inArray(vocabulary.id, [...new Set(words.map((word) => word.vocabularyId))]))
      ).map((row) => row.id),
    );
    const storyWanted = [
      ...new Set(words.map((word) => word.storyId).filter((id): id is number => id !== undefined)),
    ];
    const storyIds = new Set(
      storyWanted.length === 0
        ? []
        : (
            await tx
              .select({ id: stories.id })
              .from(stories)
              .where(inArray(stories.id, storyWanted))
          ).map((row) => row.id),
    );
    const now = Date.now();
    const rows = words
      .filter((word) => known.has(word.vocabularyId))
      .map((word) => ({
        userId,
        vocabularyId: word.vocabularyId,
        storyId: word.storyId !== undefined && storyIds.has(word.storyId) ? word.storyId : null,
        contextSentence: word.contextSentence ?? null,
        savedAt: new Date(Math.min(word.at ?? now, now)),
      }));
    if (rows.length === 0) return 0;
    const inserted = await tx
      .insert(savedWords)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: savedWords.id });
    await hub.publish(userId, { type: 'vocabulary', data: { action: 'migrated' } }, tx);
    return inserted.length;
  });
}

/** The client's "vocabulary" sync queue: saves, removals and clears, each applied once. */
export function savedWordSyncHandler(hub: RealtimeHub) {
  return {
    payload: savedWordChangeSchemaForSync,
    apply: async (tx: Database, userId: string, change: SavedWordChange) => {
      try {
        await applySavedWordChange(tx, hub, userId, change);
      } catch (error) {
        // An entry that does not exist (any more): nothing to keep, the item is done.
        if (!(error instanceof NotFoundError)) throw error;
      }
    },
  };
}
