import { z } from 'zod';
import { LEVELS } from '../content/taxonomy.ts';
import { type Day, dayIn, daysBetween } from '../streak.ts';
import { epochMsSchema } from '../validation/bounds.ts';

/** Homepage stats (spec 1 §3): every count defaults to 0, the dates to null. */
export interface HomepageStats {
  bookmarksCount: number;
  vocabularyCount: number;
  storiesReadCount: number;
  currentStreak: number;
  allTimeStreak: number;
  lastActivityDate: Day | null;
  allTimeStreakDate: Day | null;
  uniqueAudiosListened: number;
  totalPlays: number;
  averageReplays: number;
}

export const EMPTY_STATS: HomepageStats = {
  bookmarksCount: 0,
  vocabularyCount: 0,
  storiesReadCount: 0,
  currentStreak: 0,
  allTimeStreak: 0,
  lastActivityDate: null,
  allTimeStreakDate: null,
  uniqueAudiosListened: 0,
  totalPlays: 0,
  averageReplays: 0,
};

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a YYYY-MM-DD day');

/** The audio key of spec 1 §3: the story id and the lower-case language code (German default). */
export const AUDIO_KEY = /^[1-9]\d{0,8}(-[a-z]{2})?$/;

/** The audio key of a story's audio in a language. */
export function audioKey(storyId: number, language = 'de'): string {
  return `${storyId}-${language.toLowerCase()}`;
}

/** The quiz's game modes (spec 2 §2). */
export const QUIZ_GAME_MODES = ['score', 'survival', 'timer', 'lightning', 'true-false'] as const;

/**
 * The kinds of the batched stats sync (spec 1 §3): a first listen of an audio, an activity day
 * for the streak, a profile change and a quiz score. Each item also carries the queue's own id
 * and timestamp.
 */
export const statsUpdateSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('audio'),
    audioId: z.string().regex(AUDIO_KEY, 'audioId must be a story id and a language code'),
    /** When it was first listened to (ms since epoch). */
    timestamp: epochMsSchema,
    /** How many times this device has played it so far. */
    plays: z.number().int().min(1).max(100_000).optional(),
  }),
  z.object({ kind: z.literal('streak'), activityDate: daySchema }),
  z.object({ kind: z.literal('profile'), userLevel: z.enum(LEVELS) }),
  z.object({
    kind: z.literal('scoreboard'),
    /** The quiz game mode the score was made in. */
    gameMode: z.enum(QUIZ_GAME_MODES),
    score: z.number().int().min(0).max(100_000),
    playedAt: epochMsSchema,
  }),
]);
export type StatsUpdate = z.infer<typeof statsUpdateSchema>;

/** Body of the batch update endpoint: the four update lists of spec 1 §7. */
export const statsBatchSchema = z
  .object({
    audioUpdates: z
      .array(statsUpdateSchema.options[0].omit({ kind: true }))
      .max(100)
      .default([]),
    streakUpdates: z
      .array(statsUpdateSchema.options[1].omit({ kind: true }))
      .max(100)
      .default([]),
    profileUpdates: z
      .array(statsUpdateSchema.options[2].omit({ kind: true }))
      .max(100)
      .default([]),
    scoreboardUpdates: z
      .array(statsUpdateSchema.options[3].omit({ kind: true }))
      .max(100)
      .default([]),
  })
  .strict();
export type StatsBatch = z.infer<typeof statsBatchSchema>;

/** Body of the single-day streak sync, the fallback when a batch fails. */
export const streakSyncSchema = z.object({ activityDate: daySchema }).strict();

/**
 * Whether the server accepts an activity day sent at `now`. A day exists in some time zone from
 * UTC−12 to UTC+14, so the user's today is the UTC day before, of or after; queued items wait
 * at most a day more. Older or later days would let a client make up a streak.
 */
export function acceptableActivityDay(day: Day, now: Date): boolean {
  if (!daySchema.safeParse(day).success || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    return false;
  }
  const gap = daysBetween(dayIn(now, 'UTC'), day);
  return gap >= -2 && gap <= 1;
}

/** A time zone the runtime knows, or null. */
export function validTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone || timeZone.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return null;
  }
}

/** Average replays per listened audio, rounded to two decimals. */
export function averageReplays(totalPlays: number, uniqueAudios: number): number {
  return uniqueAudios === 0 ? 0 : Math.round((totalPlays / uniqueAudios) * 100) / 100;
}

/** Audio-id paging (spec 1 §9): 1000 a page, 2000 while hydrating, at most 1000 pages. */
export const AUDIO_IDS_PAGE_SIZE = 1000;
export const AUDIO_IDS_HYDRATION_PAGE_SIZE = 2000;
export const AUDIO_IDS_MAX_PAGES = 1000;
