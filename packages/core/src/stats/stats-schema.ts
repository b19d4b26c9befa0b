import { z } from 'zod';
import { LEVELS } from '../content/taxonomy.ts';
import { QUIZ_STUDY_MODES } from '../quiz/quiz.ts';
import { epochMsSchema } from '../validation/bound-schemas.ts';
import {
  AUDIO_KEY,
  DAY_PATTERN,
  GUEST_STREAK_MAX_DAYS,
  QUIZ_GAME_MODES,
  validTimeZone,
} from './stats.ts';

// The stats sync's request bodies (spec 1 §3, §7), apart from stats.ts so that the pages that
// only count and show do not load the validation library.

const daySchema = z.string().regex(DAY_PATTERN, 'must be a YYYY-MM-DD day');

/**
 * The learner's IANA time zone, sent with an activity the server dates itself (a card review, a
 * quiz game): its local day is counted in it. Absent (an older client) is UTC.
 */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => validTimeZone(zone) !== null, 'unknown time zone');

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
    /** The quiz study mode the score was made in; absent (an older client) is vocabulary. */
    studyMode: z.enum(QUIZ_STUDY_MODES).optional(),
    /** The quiz game mode the score was made in. */
    gameMode: z.enum(QUIZ_GAME_MODES),
    score: z.number().int().min(0).max(100_000),
    playedAt: epochMsSchema,
    /** The learner's time zone: the game is an activity of its local day (the streak). */
    timeZone: timeZoneSchema.optional(),
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
 * Body of the guest streak migration at sign-in: the days a guest's device streak stands for
 * (`daysOfStreak`, two runs of at most GUEST_STREAK_MAX_DAYS days). The server keeps only the
 * recent ones (`acceptableGuestDay`).
 */
export const streakMigrationSchema = z
  .object({ days: z.array(daySchema).max(2 * GUEST_STREAK_MAX_DAYS) })
  .strict();
export type StreakMigration = z.infer<typeof streakMigrationSchema>;
