import { type Day, dayIn } from '@lesefuchs/core';

// "Today" of a learner (spec 3 §9: days are YYYY-MM-DD in the user's time zone, default UTC),
// as the instants it starts and ends at, so queries compare timestamps with an index instead of
// converting every row. Computed with Intl, so any zone the runtime knows works, whether or not
// the database has it.

const MINUTE_MS = 60_000;
/** Longer than any day (25 h at a DST change): a day's start is within this before any of its instants. */
const SPAN_MINUTES = 36 * 60;

/** The first minute in [from, from + 36 h] at which `reached` holds (it must stay true after). */
function firstMinute(from: number, reached: (day: Day) => boolean, timeZone: string): number {
  let low = Math.floor(from / MINUTE_MS);
  let high = low + SPAN_MINUTES;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (reached(dayIn(new Date(middle * MINUTE_MS), timeZone))) high = middle;
    else low = middle + 1;
  }
  return low * MINUTE_MS;
}

/** The day `now` falls on in the time zone, and the instants that day starts and ends at. */
export function todayIn(now: Date, timeZone: string): { day: Day; start: Date; end: Date } {
  const day = dayIn(now, timeZone);
  const at = now.getTime();
  const start = firstMinute(at - SPAN_MINUTES * MINUTE_MS, (d) => d >= day, timeZone);
  const end = firstMinute(at, (d) => d > day, timeZone);
  return { day, start: new Date(start), end: new Date(end) };
}
