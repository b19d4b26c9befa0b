import { dateTimeFormat } from './intl.ts';

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

export interface StreakState {
  currentStreak: number;
  allTimeStreak: number;
  lastActivityDate: Day | null;
  /** The day the all-time streak was reached. */
  allTimeStreakDate: Day | null;
}

export const EMPTY_STREAK: StreakState = {
  currentStreak: 0,
  allTimeStreak: 0,
  lastActivityDate: null,
  allTimeStreakDate: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of an instant in a time zone (spec 1 §9: YYYY-MM-DD, default UTC). */
export function dayIn(instant: Date, timeZone = 'UTC'): Day {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The calendar day of an instant in the runtime's own time zone: `dayIn(instant, thatZone)`
 * without Intl, whose first date formatter costs tens of milliseconds on a phone.
 */
export function localDay(instant: Date): Day {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** Whole days from `from` to `to` (calendar days, whatever the time zone). */
function assertDay(day: Day): void {
  if (!DAY.test(day)) throw new RangeError(`expected a YYYY-MM-DD day, got "${day}"`);
}

export function daysBetween(from: Day, to: Day): number {
  assertDay(from);
  assertDay(to);
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The streak after an activity on `day` (spec 1 §4): the first activity of a day after
 * yesterday's adds one, after a gap starts again at one, a second one the same day changes
 * nothing; the all-time streak is the highest reached. An activity dated before the last one
 * changes nothing either.
 */
export function nextStreak(state: StreakState, day: Day): StreakState {
  if (state.lastActivityDate !== null) {
    const gap = daysBetween(state.lastActivityDate, day);
    if (gap <= 0) return state;
    const currentStreak = gap === 1 ? state.currentStreak + 1 : 1;
    return withBest({ ...state, currentStreak, lastActivityDate: day }, day);
  }
  assertDay(day);
  return withBest({ ...state, currentStreak: 1, lastActivityDate: day }, day);
}

function withBest(state: StreakState, day: Day): StreakState {
  return state.currentStreak > state.allTimeStreak
    ? { ...state, allTimeStreak: state.currentStreak, allTimeStreakDate: day }
    : state;
}

/**
 * The streak from the stored activity days alone, as the server computes it so a client
 * cannot inflate it. The current streak counts only while the last activity is today or
 * yesterday.
 */
export function streakFromDays(days: readonly Day[], today: Day): StreakState {
  const sorted = [...new Set(days)].sort();
  const state = sorted.reduce(nextStreak, EMPTY_STREAK);
  if (state.lastActivityDate === null) return state;
  const alive = daysBetween(state.lastActivityDate, today) <= 1;
  return alive ? state : { ...state, currentStreak: 0 };
}
