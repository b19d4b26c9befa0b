import { type ReadingChange, readingChangeSchema } from '@lesefuchs/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookmarks, stories, storyCompletions } from '../db/schema/index.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { SyncHandler } from './sync.service.ts';

// Read stories (user_story_completion) and bookmarks (user_bookmarks), spec 2 §4: upserts that
// ignore duplicates, single deletes and clear-all, newest first, each change announced on the
// realtime channel. Both lists have the same shape, so one implementation serves both.

export type ReadingList = 'completions' | 'bookmarks';

const tables = {
  completions: { table: storyCompletions, at: storyCompletions.completedAt },
  bookmarks: { table: bookmarks, at: bookmarks.bookmarkedAt },
} as const;

/** A story id that names no story. */
export class UnknownStoryError extends Error {}

export interface ReadingEntry {
  storyId: number;
  at: string;
}

/** The user's list, newest first. */
export async function listReading(
  db: Database,
  list: ReadingList,
  userId: string,
): Promise<ReadingEntry[]> {
  const { table, at } = tables[list];
  const rows = await db
    .select({ storyId: table.storyId, at })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(desc(at), desc(table.storyId));
  return rows.map((row) => ({ storyId: row.storyId, at: row.at.toISOString() }));
}

async function assertStoriesExist(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: stories.id })
    .from(stories)
    .where(inArray(stories.id, [...new Set(ids)]));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw new UnknownStoryError(`storyId: no story ${missing}`);
}

/** Applies one change to a list, inside the transaction it is given, and announces it. */
export async function applyReadingChange(
  tx: Database,
  hub: RealtimeHub,
  list: ReadingList,
  userId: string,
  change: ReadingChange,
): Promise<void> {
  const { table } = tables[list];
  switch (change.action) {
    case 'add': {
      await assertStoriesExist(tx, [change.storyId]);
      const at = change.at ? new Date(Math.min(change.at, Date.now())) : new Date();
      const values =
        list === 'completions'
          ? { userId, storyId: change.storyId, completedAt: at }
          : { userId, storyId: change.storyId, bookmarkedAt: at };
      await tx.insert(table).values(values).onConflictDoNothing();
      break;
    }
    case 'remove':
      await tx
        .delete(table)
        .where(and(eq(table.userId, userId), eq(table.storyId, change.storyId)));
      break;
    case 'clear':
      await tx.delete(table).where(eq(table.userId, userId));
      break;
  }
  await hub.publish(userId, { type: list, data: change }, tx);
}

/** One change in its own transaction (the REST calls). */
export function changeReading(
  db: Database,
  hub: RealtimeHub,
  list: ReadingList,
  userId: string,
  change: ReadingChange,
): Promise<void> {
  return db.transaction((tx) =>
    applyReadingChange(tx as unknown as Database, hub, list, userId, change),
  );
}

/**
 * A guest's list brought along at sign-in: taken only when the account has none yet (spec 2
 * §4), so a second device does not mix its guest history into an existing account.
 */
export async function migrateReading(
  db: Database,
  hub: RealtimeHub,
  list: ReadingList,
  userId: string,
  entries: { storyId: number; at?: number }[],
): Promise<{ migrated: number }> {
  const { table } = tables[list];
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [existing] = await tx
      .select({ storyId: table.storyId })
      .from(table)
      .where(eq(table.userId, userId))
      .limit(1);
    if (existing || entries.length === 0) return { migrated: 0 };
    const known = new Set(
      (
        await tx
          .select({ id: stories.id })
          .from(stories)
          .where(inArray(stories.id, [...new Set(entries.map((entry) => entry.storyId))]))
      ).map((row) => row.id),
    );
    const now = Date.now();
    const rows = entries
      .filter((entry) => known.has(entry.storyId))
      .map((entry) => {
        const at = new Date(Math.min(entry.at ?? now, now));
        return list === 'completions'
          ? { userId, storyId: entry.storyId, completedAt: at }
          : { userId, storyId: entry.storyId, bookmarkedAt: at };
      });
    if (rows.length === 0) return { migrated: 0 };
    await tx.insert(table).values(rows).onConflictDoNothing();
    await hub.publish(userId, { type: list, data: { action: 'migrated' } }, tx);
    return { migrated: rows.length };
  });
}

/** The client's "bookmarks" and "completions" sync queues. */
export function readingSyncHandler(
  hub: RealtimeHub,
  list: ReadingList,
): SyncHandler<typeof readingChangeSchema> {
  return {
    payload: readingChangeSchema,
    apply: async (tx, userId, change) => {
      try {
        await applyReadingChange(tx, hub, list, userId, change);
      } catch (error) {
        // A story that no longer exists: nothing to keep, the item is done.
        if (!(error instanceof UnknownStoryError)) throw error;
      }
    },
  };
}
