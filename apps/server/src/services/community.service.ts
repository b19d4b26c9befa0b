import { addDays, type Level } from '@lesefuchs/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { profiles, storyCompletions, users } from '../db/schema/index.ts';
import { type Board, COMMUNITY_LIMITS } from '../routes/community.schema.ts';
import { type CollectionSummary, collectionsOfCreator } from './collections.service.ts';
import {
  pointsOf,
  type RankedRow,
  rankByPoints,
  rankByStreak,
  readRevision,
  type Span,
  wordsKnownOf,
} from './community.repository.ts';
import { getStreak } from './stats.service.ts';

// The community boards, the learner's own visibility and public profiles (issue #21). Rules:
// docs/decisions.md, "Community".

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the ISO week of an instant, as YYYY-MM-DD. */
export function weekStartOf(now: Date): string {
  const today = now.toISOString().slice(0, 10);
  // getUTCDay: Sunday 0 … Saturday 6; Monday is 0 days back, Sunday 6.
  return addDays(today, -((now.getUTCDay() + 6) % 7));
}

/** This ISO week (UTC) and all time. */
export function spansAt(now: Date): { weekStart: string; week: Span; all: Span } {
  const weekStart = weekStartOf(now);
  const from = new Date(`${weekStart}T00:00:00Z`);
  return { weekStart, week: { from, to: new Date(from.getTime() + 7 * DAY_MS) }, all: null };
}

/** The public fields of a learner, as every community response shows them. */
export interface PublicLearner {
  nickname: string;
  avatarUrl: string | null;
  level: Level;
}

export interface BoardPage {
  board: Board;
  weekStart: string;
  page: number;
  pageSize: number;
  total: number;
  rows: (PublicLearner & { rank: number; value: number })[];
  me: null | (PublicLearner & { public: boolean; rank: number | null; value: number });
}

/** How long an instance answers a board from memory while the revision stays the same. */
export const BOARD_CACHE_MS = 30_000;

interface CachedBoard {
  /** The board and its period (week start or day): a new week or day is a new ranking. */
  key: string;
  revision: number;
  computedAt: number;
  rows: RankedRow[];
}

/**
 * The boards of one instance: each ranking is one SQL query, kept for 30 s, and dropped at once
 * when the community revision changed (a learner opted out, changed nickname or avatar, or was
 * removed: triggers bump it), which every request reads first.
 */
export class CommunityBoards {
  private readonly cache = new Map<Board, CachedBoard>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = BOARD_CACHE_MS,
  ) {}

  /** The whole ranking of a board now. */
  async ranking(board: Board, now: Date): Promise<RankedRow[]> {
    const spans = spansAt(now);
    const key = board === 'week' ? `week:${spans.weekStart}` : `${board}:${dayOf(now)}`;
    // Read before ranking, so a change made while ranking shows on the next request.
    const revision = await readRevision(this.db);
    const cached = this.cache.get(board);
    if (
      cached &&
      cached.key === key &&
      cached.revision === revision &&
      now.getTime() - cached.computedAt < this.ttlMs
    ) {
      return cached.rows;
    }
    const rows =
      board === 'streak'
        ? await rankByStreak(this.db, addDays(dayOf(now), -1))
        : await rankByPoints(this.db, board === 'week' ? spans.week : spans.all);
    this.cache.set(board, { key, revision, computedAt: now.getTime(), rows });
    return rows;
  }

  /** A page of a board, and the signed-in learner's own row to pin (null for a guest). */
  async page(
    board: Board,
    page: number,
    userId: string | null,
    now = new Date(),
  ): Promise<BoardPage> {
    const rows = await this.ranking(board, now);
    const pageSize = COMMUNITY_LIMITS.boardPageSize;
    const start = (page - 1) * pageSize;
    return {
      board,
      weekStart: weekStartOf(now),
      page,
      pageSize,
      total: rows.length,
      rows: rows.slice(start, start + pageSize).map(presentRow),
      me: userId === null ? null : await ownRow(this.db, board, rows, userId, now),
    };
  }
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

const presentRow = (row: RankedRow) => ({
  rank: row.rank,
  nickname: row.nickname,
  avatarUrl: row.avatarUrl,
  level: row.level,
  value: row.value,
});

/** The learner's own row: ranked when public and on the board, else their value unranked. */
async function ownRow(
  db: Database,
  board: Board,
  rows: RankedRow[],
  userId: string,
  now: Date,
): Promise<NonNullable<BoardPage['me']>> {
  const learner = await ownLearner(db, userId);
  const ranked = learner.public ? rows.find((row) => row.userId === userId) : undefined;
  if (ranked) return { ...learner, rank: ranked.rank, value: ranked.value };
  let value: number;
  if (board === 'streak') {
    value = (await getStreak(db, userId, 'UTC', now)).currentStreak;
  } else {
    value = await pointsOf(db, userId, spansAt(now)[board]);
  }
  return { ...learner, rank: null, value };
}

/** The learner's public fields and whether they are public (a profile is made if missing). */
async function ownLearner(
  db: Database,
  userId: string,
): Promise<PublicLearner & { public: boolean }> {
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select({
      nickname: users.name,
      avatarUrl: profiles.avatarUrl,
      level: profiles.userLevel,
      public: profiles.communityPublic,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  if (!row) throw new Error(`profile of ${userId} vanished`);
  return { ...row, level: row.level as Level };
}

/** GET /me. */
export async function getVisibility(
  db: Database,
  userId: string,
): Promise<{ public: boolean; nickname: string }> {
  const learner = await ownLearner(db, userId);
  return { public: learner.public, nickname: learner.nickname };
}

/** PUT /me: opting in or out takes effect at once (the revision trigger clears every cache). */
export async function setVisibility(
  db: Database,
  userId: string,
  isPublic: boolean,
): Promise<{ public: boolean }> {
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
  await db
    .update(profiles)
    .set({ communityPublic: isPublic, communityPublicAt: sql`now()` })
    .where(eq(profiles.userId, userId));
  return { public: isPublic };
}

export interface PublicProfile extends PublicLearner {
  streak: { current: number; best: number };
  storiesRead: number;
  wordsKnown: number;
  points: { week: number; all: number };
  collections: CollectionSummary[];
}

/** A public learner's profile by nickname (any case); null when none is public by that name. */
export async function publicProfile(
  db: Database,
  nickname: string,
  viewerId: string | null,
  now = new Date(),
): Promise<PublicProfile | null> {
  const [learner] = await db
    .select({
      userId: users.id,
      nickname: users.name,
      avatarUrl: profiles.avatarUrl,
      level: profiles.userLevel,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(sql`lower(${users.name}) = lower(${nickname}) and ${profiles.communityPublic}`);
  if (!learner) return null;
  const { userId } = learner;
  const spans = spansAt(now);
  const [streak, [stories], wordsKnown, week, all, collections] = await Promise.all([
    getStreak(db, userId, 'UTC', now),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(storyCompletions)
      .where(eq(storyCompletions.userId, userId)),
    wordsKnownOf(db, userId),
    pointsOf(db, userId, spans.week),
    pointsOf(db, userId, spans.all),
    collectionsOfCreator(db, userId, viewerId, { listedOnly: true }),
  ]);
  return {
    nickname: learner.nickname,
    avatarUrl: learner.avatarUrl,
    level: learner.level as Level,
    streak: { current: streak.currentStreak, best: streak.allTimeStreak },
    storiesRead: stories?.n ?? 0,
    wordsKnown,
    points: { week, all },
    collections,
  };
}
