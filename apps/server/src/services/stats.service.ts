import {
  acceptableActivityDay,
  acceptableGuestDay,
  averageReplays,
  type Day,
  dayIn,
  type HomepageStats,
  type StatsBatch,
  type StatsUpdate,
  type StreakState,
  statsUpdateSchema,
  streakFromDays,
} from '@lesefuchs/core';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  activityDays,
  audioListens,
  bookmarks,
  profiles,
  quizScores,
  savedWords,
  storyCompletions,
} from '../db/schema/index.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { SyncHandler } from './sync.service.ts';

/** An activity day outside the window a real client can send (see acceptableActivityDay). */
export class ImplausibleDayError extends Error {}

/** The streak, computed from the stored activity days alone. */
export async function getStreak(
  db: Database,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<StreakState> {
  const rows = await db
    .select({ day: activityDays.day })
    .from(activityDays)
    .where(eq(activityDays.userId, userId))
    .orderBy(asc(activityDays.day));
  return streakFromDays(
    rows.map((row) => row.day),
    dayIn(now, timeZone),
  );
}

/** Homepage stats (spec 1 §3), counted from the user's rows. */
export async function getHomepageStats(
  db: Database,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<HomepageStats> {
  const countOf = async (
    table: typeof bookmarks | typeof savedWords | typeof storyCompletions,
  ): Promise<number> => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.userId, userId));
    return row?.n ?? 0;
  };
  const [bookmarksCount, vocabularyCount, storiesReadCount, streak, [audio]] = await Promise.all([
    countOf(bookmarks),
    countOf(savedWords),
    countOf(storyCompletions),
    getStreak(db, userId, timeZone, now),
    db
      .select({
        unique: count(),
        plays: sql<number>`coalesce(sum(${audioListens.plays}), 0)::int`,
      })
      .from(audioListens)
      .where(eq(audioListens.userId, userId)),
  ]);
  const uniqueAudiosListened = audio?.unique ?? 0;
  const totalPlays = audio?.plays ?? 0;
  return {
    bookmarksCount,
    vocabularyCount,
    storiesReadCount,
    ...streak,
    uniqueAudiosListened,
    totalPlays,
    averageReplays: averageReplays(totalPlays, uniqueAudiosListened),
  };
}

/**
 * The audio keys a user has listened to, a page at a time, oldest change first; `since` keeps
 * to those recorded or replayed after an instant (incremental hydration).
 */
export async function listenedAudioIds(
  db: Database,
  userId: string,
  options: { since: Date | null; page: number; pageSize: number },
): Promise<string[]> {
  const rows = await db
    .select({ key: audioListens.audioKey })
    .from(audioListens)
    .where(
      and(
        eq(audioListens.userId, userId),
        options.since ? gt(audioListens.updatedAt, options.since) : undefined,
      ),
    )
    .orderBy(asc(audioListens.updatedAt), asc(audioListens.audioKey))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  return rows.map((row) => row.key);
}

/** Records an activity day; a day a real client cannot send now is refused. */
export async function recordActivityDay(
  db: Database,
  userId: string,
  day: string,
  now = new Date(),
): Promise<void> {
  if (!acceptableActivityDay(day, now)) {
    throw new ImplausibleDayError(`activityDate: ${day} is not a day that can be recorded now`);
  }
  await db.insert(activityDays).values({ userId, day }).onConflictDoNothing();
}

/**
 * Records the learner's local day of an activity the server dates itself (a card review, a quiz
 * game), counted in the time zone the client names. A day outside the window a real client can
 * send now (an old offline grade, a made-up time) is left out, without refusing the activity
 * itself. Answers whether the day is new.
 */
export async function recordActivityAt(
  db: Database,
  userId: string,
  instant: Date,
  timeZone: string | undefined,
  now = new Date(),
): Promise<boolean> {
  const day = activityDayOf(instant, timeZone, now);
  if (!day) return false;
  const added = await db
    .insert(activityDays)
    .values({ userId, day })
    .onConflictDoNothing()
    .returning({ day: activityDays.day });
  return added.length > 0;
}

/** The local day an activity at `instant` counts on, or null when it is too old to record. */
export function activityDayOf(instant: Date, timeZone: string | undefined, now: Date): Day | null {
  const day = dayIn(instant, timeZone ?? 'UTC');
  return acceptableActivityDay(day, now) ? day : null;
}

/**
 * A guest's device streak brought into the account at sign-in, merged by date: each day counts
 * once, the account's own days stay as they are, and only the recent days a real device could
 * have are taken (`acceptableGuestDay`), so a made-up history cannot become a long streak.
 * Sending the same days again changes nothing. Answers how many days were added.
 */
export async function migrateGuestStreak(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  days: readonly string[],
  now = new Date(),
): Promise<{ migrated: number }> {
  const taken = [...new Set(days)].filter((day) => acceptableGuestDay(day, now));
  if (taken.length === 0) return { migrated: 0 };
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const added = await tx
      .insert(activityDays)
      .values(taken.map((day) => ({ userId, day })))
      .onConflictDoNothing()
      .returning({ day: activityDays.day });
    if (added.length > 0) await hub.publish(userId, { type: 'stats' }, tx);
    return { migrated: added.length };
  });
}

/** Applies one stats update. */
export async function applyStatsUpdate(
  db: Database,
  userId: string,
  update: StatsUpdate,
  now = new Date(),
): Promise<void> {
  switch (update.kind) {
    case 'audio': {
      const firstListenedAt = new Date(Math.min(update.timestamp, now.getTime()));
      const plays = update.plays ?? 1;
      await db
        .insert(audioListens)
        .values({ userId, audioKey: update.audioId, firstListenedAt, plays })
        .onConflictDoUpdate({
          target: [audioListens.userId, audioListens.audioKey],
          set: {
            plays: sql`greatest(${audioListens.plays}, ${plays})`,
            firstListenedAt: sql`least(${audioListens.firstListenedAt}, ${firstListenedAt.toISOString()}::timestamptz)`,
            updatedAt: sql`now()`,
          },
        });
      return;
    }
    case 'streak':
      return recordActivityDay(db, userId, update.activityDate, now);
    case 'profile':
      await db.insert(profiles).values({ userId }).onConflictDoNothing();
      await db
        .update(profiles)
        .set({ userLevel: update.userLevel, updatedAt: sql`now()` })
        .where(eq(profiles.userId, userId));
      return;
    case 'scoreboard': {
      const playedAt = new Date(Math.min(update.playedAt, now.getTime()));
      await db.insert(quizScores).values({
        userId,
        studyMode: update.studyMode ?? 'vocabulary',
        gameMode: update.gameMode,
        score: update.score,
        playedAt,
      });
      // A finished game is the day's activity too (spec 1 §4).
      await recordActivityAt(db, userId, playedAt, update.timeZone, now);
      return;
    }
  }
}

/** Applies a whole batch (the four lists of spec 1 §7) in one transaction. */
export async function applyStatsBatch(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  batch: StatsBatch,
): Promise<void> {
  const updates: StatsUpdate[] = [
    ...batch.audioUpdates.map((update) => ({ kind: 'audio' as const, ...update })),
    ...batch.streakUpdates.map((update) => ({ kind: 'streak' as const, ...update })),
    ...batch.profileUpdates.map((update) => ({ kind: 'profile' as const, ...update })),
    ...batch.scoreboardUpdates.map((update) => ({ kind: 'scoreboard' as const, ...update })),
  ];
  await db.transaction(async (tx) => {
    for (const update of updates) await applyStatsUpdate(tx as unknown as Database, userId, update);
    await hub.publish(userId, { type: 'stats' }, tx as unknown as Database);
  });
}

/**
 * The client's "stats" sync queue: one update per operation. A day outside the plausible
 * window is rejected (the item leaves the queue) rather than failing the batch.
 */
export function statsSyncHandler(hub: RealtimeHub): SyncHandler<typeof statsUpdateSchema> {
  return {
    payload: statsUpdateSchema.refine(
      (update) =>
        update.kind !== 'streak' || acceptableActivityDay(update.activityDate, new Date()),
      { message: 'activityDate: not a day that can be recorded now' },
    ),
    apply: async (tx, userId, update) => {
      await applyStatsUpdate(tx, userId, update);
      await hub.publish(userId, { type: 'stats' }, tx);
    },
  };
}
