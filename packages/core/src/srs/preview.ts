import { numberFormat } from '../intl.ts';
/**
 * The next time each rating button shows (spec 3 §2, §9): computed by the learner's scheduler
 * (the spec's, or FSRS when chosen) for a card,
 * or the spec's fixed fallbacks when there is no card (again 10 min, good 7 days, easy 21 days)
 * or the card cannot be scheduled (1 min, 10 min, 4 days).
 *
 * Decisions where the spec is silent:
 * - The fallbacks name only the three buttons the interface shows; hard falls back to again's
 *   time (what the scheduler gives a new card with the default steps: 1 minute for both).
 * - "Cannot be scheduled" is any error the scheduler throws for the card or the settings
 *   (unknown card state, negative numbers, empty steps). An invalid `now` still throws.
 * - Labels: whole minutes under an hour, whole hours under a day, whole days under 30 days,
 *   then months of 30 days under a year and years of 365 days, both to one decimal. They are
 *   formatted with Intl's narrow units ("1m", "10m", "1d", "4d", "1.2y"), except months, whose
 *   narrow form is "m" like minutes in English, so they use the short form ("1.1 mths").
 */
import { type CardSchedulerSettings, type SchedulableCard, scheduleCard } from './fsrs.ts';
import { DEFAULT_SRS_SETTINGS, RATINGS, type Rating } from './scheduler.ts';

export type PreviewUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

export interface PreviewDuration {
  value: number;
  unit: PreviewUnit;
}

export interface SchedulePreview {
  /** When the card would be due after this rating. */
  dueAt: Date;
  /** dueAt − now. */
  delayMs: number;
  duration: PreviewDuration;
  /** The duration formatted for the button, e.g. "10m" or "4d". */
  label: string;
}

export type SchedulePreviews = Record<Rating, SchedulePreview>;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** The fallback previews of §9, in minutes. */
export const PREVIEW_FALLBACK_MINUTES = {
  /** No card to schedule. */
  noCard: { again: 10, hard: 10, good: 7 * DAY_MINUTES, easy: 21 * DAY_MINUTES },
  /** The card could not be scheduled. */
  onError: { again: 1, hard: 1, good: 10, easy: 4 * DAY_MINUTES },
} as const satisfies Record<string, Record<Rating, number>>;

/** The next due time of every rating for `card`, or the spec's fallbacks. */
export function previewIntervals(
  card: SchedulableCard | null,
  now: Date,
  settings: CardSchedulerSettings = DEFAULT_SRS_SETTINGS,
  locale = 'en',
): SchedulePreviews {
  const at = now.getTime();
  if (!Number.isFinite(at)) throw new RangeError('Invalid date: now');
  const build = (dueAt: (rating: Rating) => number) =>
    Object.fromEntries(
      RATINGS.map((rating) => [rating, preview(at, dueAt(rating), locale)]),
    ) as SchedulePreviews;
  const fixed = (minutes: Record<Rating, number>) =>
    build((rating) => at + minutes[rating] * MINUTE_MS);

  if (card === null) return fixed(PREVIEW_FALLBACK_MINUTES.noCard);
  try {
    const due = Object.fromEntries(
      RATINGS.map((rating) => [rating, scheduleCard(card, rating, now, settings).due_at]),
    ) as Record<Rating, Date>;
    return build((rating) => due[rating].getTime());
  } catch {
    return fixed(PREVIEW_FALLBACK_MINUTES.onError);
  }
}

function preview(at: number, dueAt: number, locale: string): SchedulePreview {
  const duration = previewDuration(dueAt - at);
  return {
    dueAt: new Date(dueAt),
    delayMs: dueAt - at,
    duration,
    label: formatPreviewDuration(duration, locale),
  };
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A delay as the button shows it: the largest unit that keeps it readable (at least 1 minute). */
export function previewDuration(delayMs: number): PreviewDuration {
  const minutes = Math.max(1, Math.round(delayMs / MINUTE_MS));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.round(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'hour' };
  const days = Math.round(minutes / DAY_MINUTES);
  if (days < 30) return { value: days, unit: 'day' };
  const months = oneDecimal(days / 30);
  if (months < 12) return { value: months, unit: 'month' };
  return { value: oneDecimal(days / 365), unit: 'year' };
}

/** "10m", "4d", "1.1 mths" in English; the same units in the learner's locale (es, ko, …). */
export function formatPreviewDuration(duration: PreviewDuration, locale = 'en'): string {
  return numberFormat(locale, {
    style: 'unit',
    unit: duration.unit,
    unitDisplay: duration.unit === 'month' ? 'short' : 'narrow',
    maximumFractionDigits: 1,
  }).format(duration.value);
}
