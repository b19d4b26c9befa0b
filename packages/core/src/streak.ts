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
  // UTC, the default and most reviews' zone, without a date formatter: the ISO form's date for
  // the years 1000–9999, where both write four digits (an invalid date throws as the formatter
  // does).
  if (timeZone === 'UTC') {
    const iso = instant.toISOString();
    if (iso.length === 24 && iso[0] !== '0') return iso.slice(0, 10);
  }
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

/** The day `offset` whole days after `day` (before it when negative). */
export function addDays(day: Day, offset: number): Day {
  assertDay(day);
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Whether `day` is a YYYY-MM-DD day that exists in the calendar (not 2025-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/**
 * The activity days a streak state stands for, oldest first and each once: the current run
 * (the `currentStreak` days up to the last activity) and the best run (the `allTimeStreak` days
 * up to the day it was reached), each cut to its last `limit` days. A device keeps only the
 * state, not its days; these are the days it must have had. A damaged state stands for none.
 */
export function daysOfStreak(state: StreakState, limit: number): Day[] {
  const run = (last: Day | null, length: number): Day[] => {
    if (last === null || !isCalendarDay(last) || !Number.isFinite(length)) return [];
    const count = Math.max(0, Math.min(Math.floor(length), limit));
    return Array.from({ length: count }, (_, back) => addDays(last, -back));
  };
  const days = new Set([
    ...run(state.lastActivityDate, state.currentStreak),
    ...run(state.allTimeStreakDate, state.allTimeStreak),
  ]);
  return [...days].sort();
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
