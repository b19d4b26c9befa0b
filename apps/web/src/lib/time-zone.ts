import { validTimeZone } from '@lesefuchs/core/stats/stats';

let known: string | null = null;

/**
 * The device's time zone, in which the learner's days are counted (spec 1 §9, UTC when the
 * runtime names none it knows). Read once per page: asking Intl costs a formatter each time.
 */
export function userTimeZone(): string {
  known ??= validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC';
  return known;
}
