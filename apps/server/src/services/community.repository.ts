import type { Level } from '@lesefuchs/core';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.ts';

// The community's SQL: the boards, ranked by window functions in one query each, and one
// learner's points. The points rules are in docs/decisions.md, "Community".

/** Per UTC day of the server's receipt: stories, distinct words reviewed, quiz points. */
export const DAILY_CAPS = { stories: 5, storyPoints: 10, cards: 100, quizPoints: 60 } as const;
/** Points one quiz game gives at most. */
export const QUIZ_GAME_MAX = 20;

/** A row of a board as ranked, with the learner it stands for (never sent). */
export interface RankedRow {
  userId: string;
  rank: number;
  nickname: string;
  avatarUrl: string | null;
  level: Level;
  value: number;
}

/** From (inclusive) and to (exclusive); null is all time. */
export type Span = { from: Date; to: Date } | null;

const within = (column: SQL, span: Span): SQL =>
  span
    ? sql`${column} >= ${span.from.toISOString()}::timestamptz and ${column} < ${span.to.toISOString()}::timestamptz`
    : sql`true`;

/** The learners on the boards: public profiles only. */
const PUBLIC_LEARNERS = sql`
  select p.user_id, u.name as nickname, p.avatar_url, p.user_level
  from profiles p join users u on u.id = p.user_id
  where p.community_public`;

/**
 * Each learner's points per UTC day, capped per day (stories read for the first time, distinct
 * words reviewed, quiz games at most 20 each), of the learners in `learners` (a CTE).
 */
function dailyPoints(span: Span): SQL {
  return sql`
    select f.user_id, (f.first_at at time zone 'UTC')::date as day,
           least(count(*), ${DAILY_CAPS.stories}) * ${DAILY_CAPS.storyPoints} as points
      from community_story_firsts f join learners l on l.user_id = f.user_id
      where ${within(sql`f.first_at`, span)}
      group by 1, 2
    union all
    select r.user_id, (r.received_at at time zone 'UTC')::date,
           least(count(distinct r.vocabulary_id), ${DAILY_CAPS.cards})
      from spaced_repetition_reviews r join learners l on l.user_id = r.user_id
      where ${within(sql`r.received_at`, span)}
      group by 1, 2
    union all
    select q.user_id, (q.received_at at time zone 'UTC')::date,
           least(sum(least(greatest(q.score, 0), ${QUIZ_GAME_MAX})), ${DAILY_CAPS.quizPoints})
      from user_quiz_scores q join learners l on l.user_id = q.user_id
      where ${within(sql`q.received_at`, span)}
      group by 1, 2`;
}

/** The ranking's select over `totals (user_id, value)` with the learner's public fields. */
const RANKED = sql`
  select t.user_id as "userId", rank() over (order by t.value desc)::int as rank,
         l.nickname, l.avatar_url as "avatarUrl", l.user_level as level, t.value::int as value
  from totals t join learners l on l.user_id = t.user_id
  where t.value > 0
  order by rank, lower(l.nickname), l.nickname`;

/** Every public learner with points in the span, ranked (competition ranking: 1, 2, 2, 4). */
export async function rankByPoints(db: Database, span: Span): Promise<RankedRow[]> {
  return rowsOf<RankedRow>(
    await db.execute(sql`
      with learners as (${PUBLIC_LEARNERS}),
      daily as (${dailyPoints(span)}),
      totals as (select user_id, sum(points) as value from daily group by user_id)
      ${RANKED}`),
  );
}

/**
 * Every public learner with a current streak, ranked: the length of the run of consecutive
 * activity days that ends on the latest day, while that day is `yesterday` or later (as the
 * header's streak counts, with the day in UTC). Runs are found by the gaps-and-islands rule:
 * a day minus its row number is the same for every day of one run.
 */
export async function rankByStreak(db: Database, yesterday: string): Promise<RankedRow[]> {
  return rowsOf<RankedRow>(
    await db.execute(sql`
      with learners as (${PUBLIC_LEARNERS}),
      days as (
        select a.user_id, a.day,
               a.day - (row_number() over (partition by a.user_id order by a.day))::int as run
        from user_activity_days a join learners l on l.user_id = a.user_id),
      runs as (
        select user_id, max(day) as last_day, count(*) as length from days group by user_id, run),
      latest as (
        select distinct on (user_id) user_id, last_day, length
        from runs order by user_id, last_day desc),
      totals as (
        select user_id, length as value from latest where last_day >= ${yesterday}::date)
      ${RANKED}`),
  );
}

/** One learner's points in a span (public or not: it is their own, or their profile). */
export async function pointsOf(db: Database, userId: string, span: Span): Promise<number> {
  const [row] = rowsOf<{ value: number }>(
    await db.execute(sql`
      with learners as (select ${userId}::text as user_id),
      daily as (${dailyPoints(span)})
      select coalesce(sum(points), 0)::int as value from daily`),
  );
  return row?.value ?? 0;
}

/** The revision the boards' caches are checked against (bumped by triggers). */
export async function readRevision(db: Database): Promise<number> {
  const [row] = rowsOf<{ revision: string | number }>(
    await db.execute(sql`select revision from community_revision where id = 1`),
  );
  return Number(row?.revision ?? 0);
}

/** Distinct words a learner has saved or marked known. */
export async function wordsKnownOf(db: Database, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (
        select vocabulary_id from user_vocabulary where user_id = ${userId}
        union
        select vocabulary_id from user_known_words where user_id = ${userId}) words`),
  );
  return row?.n ?? 0;
}
