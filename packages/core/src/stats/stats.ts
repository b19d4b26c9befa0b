import { dateTimeFormat } from '../intl.ts';
import { type Day, dayIn, daysBetween, isCalendarDay } from '../streak.ts';

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

/** A calendar day as written in requests: YYYY-MM-DD. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The audio key of spec 1 §3: the story id and the lower-case language code (German default). */
export const AUDIO_KEY = /^[1-9]\d{0,8}(-[a-z]{2})?$/;

/** The audio key of a story's audio in a language. */
export function audioKey(storyId: number, language = 'de'): string {
  return `${storyId}-${language.toLowerCase()}`;
}

/** The quiz's game modes (spec 2 §2). */
export const QUIZ_GAME_MODES = ['score', 'survival', 'timer', 'lightning', 'true-false'] as const;

/**
 * Whether the server accepts an activity day sent at `now`. A day exists in some time zone from
 * UTC−12 to UTC+14, so the user's today is the UTC day before, of or after; queued items wait
 * at most a day more. Older or later days would let a client make up a streak.
 */
export function acceptableActivityDay(day: Day, now: Date): boolean {
  // A day the calendar lacks (2026-02-30) would reach the database, which refuses it.
  if (!isCalendarDay(day)) return false;
  const gap = daysBetween(dayIn(now, 'UTC'), day);
  return gap >= -2 && gap <= 1;
}

/**
 * How many days back a guest's device streak is taken into an account at sign-in. The device's
 * copy is the guest's own word (nothing checked it), so an older or made-up history cannot
 * become an account's streak; a month covers any guest who really came back day after day.
 */
export const GUEST_STREAK_MAX_DAYS = 30;

/**
 * Whether a day of a guest's device streak is taken at sign-in (at `now`): a real day of the
 * last GUEST_STREAK_MAX_DAYS days before the UTC today, or today in any time zone (up to the
 * UTC day after); never later.
 */
export function acceptableGuestDay(day: Day, now: Date): boolean {
  if (!isCalendarDay(day)) return false;
  const gap = daysBetween(dayIn(now, 'UTC'), day);
  return gap >= -GUEST_STREAK_MAX_DAYS && gap <= 1;
}

/** A time zone the runtime knows, or null. */
export function validTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone || timeZone.length > 64) return null;
  try {
    dateTimeFormat('en', { timeZone });
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
