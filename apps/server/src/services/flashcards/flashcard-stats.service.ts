import {
  type CardState,
  countsForTally,
  type DailyLimits,
  type DeckStatistics,
  dayIn,
  type FlashcardDeck,
  type FlashcardStatsResponse,
  LEVELS,
  type Level,
  type QuotaResponse,
  quotaStatus,
  type Rating,
  type SrsSettings,
  type StudiedTally,
  type StudiedTodayResponse,
  type StudyStreak,
  streakFromDays,
} from '@lesefuchs/core';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { flashcardReviews, flashcards } from '../../db/schema/index.ts';
import { countCards, findCards } from './cards.repository.ts';
import { presentCard } from './present.ts';
import { getSrsSettings } from './settings.service.ts';
import { todayIn } from './today.ts';

// Counts of the flashcard area, all from the user's own rows: today's limits and quota (from
// the review log, in the learner's time zone), today's studied cards, the study streak, the
// studied-cards tally and the per-level deck statistics.
//
// Decisions where the spec is silent:
// - cards_studied_today counts distinct cards reviewed today; first_time_cards_today those
//   whose first review ever was today; cards_created_today the cards made today.
// - The study streak counts days with at least one review; the tally counts each card once,
//   by the state its first review started from (countsForTally).

const QUARTER_HOUR_S = 900;

/** Today's limits (get_simple_daily_limits) in the time zone. */
export async function dailyLimits(
  db: Database,
  userId: string,
  settings: SrsSettings,
  timeZone: string,
  now = new Date(),
): Promise<DailyLimits> {
  const { start, end } = todayIn(now, timeZone);
  const earlier = sql`exists (select 1 from ${flashcardReviews} as earlier where earlier.user_id = ${flashcardReviews.userId} and earlier.vocabulary_id = ${flashcardReviews.vocabularyId} and earlier.reviewed_at < ${start})`;
  const [[studied], [created]] = await Promise.all([
    db
      .select({
        cards: sql<number>`count(distinct ${flashcardReviews.vocabularyId})::int`,
        firstTime: sql<number>`(count(distinct ${flashcardReviews.vocabularyId}) filter (where not ${earlier}))::int`,
      })
      .from(flashcardReviews)
      .where(
        and(
          eq(flashcardReviews.userId, userId),
          gte(flashcardReviews.reviewedAt, start),
          lt(flashcardReviews.reviewedAt, end),
        ),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(flashcards)
      .where(
        and(
          eq(flashcards.userId, userId),
          gte(flashcards.createdAt, start),
          lt(flashcards.createdAt, end),
        ),
      ),
  ]);
  return {
    cards_studied_today: studied?.cards ?? 0,
    first_time_cards_today: studied?.firstTime ?? 0,
    cards_created_today: created?.n ?? 0,
    daily_limit_new: settings.daily_new_cards,
    daily_limit_review: settings.daily_review_cards,
  };
}

/** GET /quota: what is left of today's quota, and the limits it comes from. */
export async function quotaOf(
  db: Database,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<QuotaResponse> {
  const settings = await getSrsSettings(db, userId);
  const limits = await dailyLimits(db, userId, settings, timeZone, now);
  return { quota: quotaStatus(limits), limits };
}

/** GET /studied-today: the cards reviewed today, last reviewed first. */
export async function studiedToday(
  db: Database,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<StudiedTodayResponse> {
  const { start, end } = todayIn(now, timeZone);
  const rows = await db
    .select({
      cardId: flashcardReviews.cardId,
      reviews: sql<number>`count(*)::int`,
      lastRating: sql<Rating>`(array_agg(${flashcardReviews.rating} order by ${flashcardReviews.reviewedAt} desc, ${flashcardReviews.id} desc))[1]`,
      lastAt: sql<string>`max(${flashcardReviews.reviewedAt})`,
    })
    .from(flashcardReviews)
    .where(
      and(
        eq(flashcardReviews.userId, userId),
        gte(flashcardReviews.reviewedAt, start),
        lt(flashcardReviews.reviewedAt, end),
      ),
    )
    .groupBy(flashcardReviews.cardId)
    .orderBy(sql`max(${flashcardReviews.reviewedAt}) desc`);
  const byCard = new Map(rows.map((row) => [row.cardId, row]));
  const cards = await findCards(
    db,
    userId,
    rows.map((row) => row.cardId),
  );
  return {
    cards: cards.map((card) => ({
      ...presentCard(card),
      reviews_today: byCard.get(card.id)?.reviews ?? 0,
      last_rating: byCard.get(card.id)?.lastRating ?? 'good',
    })),
  };
}

/** get_study_streak: days with a review, in the time zone. */
export async function studyStreak(
  db: Database,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<StudyStreak> {
  // Quarter hours, not days: every time zone's offset is a whole number of quarter hours, so
  // each bucket falls on one local day, whatever zone the database knows.
  const rows = await db
    .selectDistinct({
      bucket: sql<number>`(floor(extract(epoch from ${flashcardReviews.reviewedAt}) / ${sql.raw(String(QUARTER_HOUR_S))}) * ${sql.raw(String(QUARTER_HOUR_S))})::float8`,
    })
    .from(flashcardReviews)
    .where(eq(flashcardReviews.userId, userId));
  const days = [...new Set(rows.map((row) => dayIn(new Date(row.bucket * 1000), timeZone)))];
  const streak = streakFromDays(days, dayIn(now, timeZone));
  return {
    current_streak_days: streak.currentStreak,
    longest_streak_days: streak.allTimeStreak,
    last_study_date: streak.lastActivityDate,
    total_study_days: days.length,
  };
}

const zeroLevels = (): Record<Level, number> =>
  Object.fromEntries(LEVELS.map((level) => [level, 0])) as Record<Level, number>;

/** The studied-cards tally (§3, §4): cards first rated from a new or learning state. */
export async function studiedTally(db: Database, userId: string): Promise<StudiedTally> {
  const firsts = db
    .selectDistinctOn([flashcardReviews.vocabularyId], {
      state: flashcardReviews.stateBefore,
      level: flashcardReviews.difficultyLevel,
    })
    .from(flashcardReviews)
    .where(eq(flashcardReviews.userId, userId))
    .orderBy(flashcardReviews.vocabularyId, flashcardReviews.reviewedAt, flashcardReviews.id)
    .as('firsts');
  const rows = await db
    .select({ state: firsts.state, level: firsts.level, n: sql<number>`count(*)::int` })
    .from(firsts)
    .groupBy(firsts.state, firsts.level);
  const levels = zeroLevels();
  let total = 0;
  for (const row of rows) {
    if (!countsForTally(row.state as CardState)) continue;
    total += row.n;
    if (row.level in levels) levels[row.level as Level] += row.n;
  }
  return { total, levels };
}

/** get_per_deck_statistics: every level, with its cards by state and how many are due. */
export async function deckStatistics(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<DeckStatistics[]> {
  const everything: FlashcardDeck = { savedOnly: false, levels: [] };
  const rows = await countCards(db, { userId, deck: everything }, now);
  return LEVELS.map((level) => {
    const stats: DeckStatistics = { level, total: 0, new: 0, learning: 0, review: 0, due: 0 };
    for (const row of rows.filter((r) => r.level === level)) {
      stats.total += row.total;
      stats.due += row.due;
      if (row.state === 'new') stats.new += row.total;
      else if (row.state === 'review') stats.review += row.total;
      else stats.learning += row.total;
    }
    return stats;
  });
}

/** GET /stats: streak, tally, per-level statistics, quota and limits in one answer. */
export async function flashcardStats(
  db: Database,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<FlashcardStatsResponse> {
  const [streak, tally, decks, { quota, limits }] = await Promise.all([
    studyStreak(db, userId, timeZone, now),
    studiedTally(db, userId),
    deckStatistics(db, userId, now),
    quotaOf(db, userId, timeZone, now),
  ]);
  return { streak, tally, decks, quota, limits };
}
