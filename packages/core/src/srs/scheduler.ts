/**
 * The flashcard scheduler of spec 3 §4 and §9 as pure functions: the clock is passed in, there is
 * no randomness, and the same card, rating, time and settings always give the same result.
 *
 * Decisions where the spec is silent:
 * - Again on a relearning card (the spec covers new, learning and review cards): back to the
 *   first relearning step, ease −0.15 as on any card that is not in review (§9 "0.15 on
 *   learning cards"); the lapse was counted when the card left review, so lapses stay.
 * - Hard on a relearning card: it stays at its current relearning step, due after that step,
 *   ease unchanged (as hard on a learning card).
 * - Intervals are whole days, rounded half up: halving 5 days gives 3, 10 × 2.5 × 1.3 gives 33,
 *   25 × 2.3 gives 58 (57.5, whatever floating point makes of it).
 *   Every interval, whatever the rating, is kept between 1 day (review cards) and
 *   maximum_interval; a learning card keeps its 0.
 * - Good and easy on a review card give at least one day more than the current interval, or a
 *   card at 1 day with ease 1.3 would stay at 1 day for ever (1 × 1.3 rounds to 1). Hard may
 *   keep the interval (1 × 1.2 is 1).
 * - The review multiplications use the ease before the answer (easy: interval × old ease ×
 *   bonus × modifier, then ease +0.15), as SM-2 and Anki do.
 * - The graduating (1 day) and easy (4 days) intervals are not scaled by the interval modifier;
 *   they are constants, not columns of srs_settings.
 * - Repetitions count the answers that put or keep a card in review: every graduation (good or
 *   easy from new, learning or relearning) and hard, good or easy on a review card. The spec
 *   names +1 for graduation and for hard; a good or easy review not counting would be absurd.
 *   Again never changes repetitions (it neither adds nor resets).
 * - Ease is held to two decimals (hundredths, so 2.5 − 0.2 − 0.15 is 2.15, not
 *   2.1500000000000004) and clamped to 1.3–3 on every answer, which also repairs a stored value
 *   outside the range.
 * - learning_step is the 0-based index of the step the card waits in. A step beyond the
 *   current steps (the learner shortened them) counts as the last step; a new card is at step 0.
 * - Due times are exact: now + the step in minutes, or now + interval × 24 h. No day
 *   boundaries or time zones, no bonus for a late review, and no fuzz (the spec names none, so
 *   none is applied and the result stays deterministic).
 * - Ratings are only the four words; the spec defines keys (1, 2 or space, 3), not numeric
 *   grades, so numbers are refused like any other invalid rating.
 * - Invalid input throws a RangeError: a rating other than the four, an unknown card state,
 *   a negative or non-finite number in the card, an invalid `now`, or settings without steps.
 * - Settings defaults (§9): daily_review_cards is 200 (one reading says 100; 200 matches the
 *   fallback daily limit); daily_time_target_minutes has no default in the spec, we use 20.
 *   The other values of new_card_order (sequential), review_order (random) and leech_action
 *   (tag) and every range below are ours.
 */
import { LEECH_NEVER } from '../preferences/preferences.ts';

/** The four ratings the scheduler knows (§4); the interface shows again, good and easy. */
export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type Rating = (typeof RATINGS)[number];

/** card_state of a card (§3). */
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardState = (typeof CARD_STATES)[number];

/** The fixed scheduling constants of §9 that are not per-user settings. */
export const SRS_SCHEDULING = {
  graduatingIntervalDays: 1,
  easyIntervalDays: 4,
  minimumEase: 1.3,
  maximumEase: 3,
  againEaseDropLearning: 0.15,
  againEaseDropReview: 0.2,
  hardEaseDrop: 0.15,
  easyEaseRise: 0.15,
} as const;

/** Which scheduler plans a user's reviews: the spec's (sm2) or FSRS (ts-fsrs). */
export const SCHEDULERS = ['sm2', 'fsrs'] as const;
export type SchedulerKind = (typeof SCHEDULERS)[number];

export const LEECH_ACTIONS = ['suspend', 'tag'] as const;
export type LeechAction = (typeof LEECH_ACTIONS)[number];

/**
 * What one SRS setting accepts, as plain rules: the web app reads the settings kept on the device
 * before a flashcard session's first card, and zod (about 20 KB gzip) would ride on the
 * flashcards' page for it. The server's and the settings form's checks are built from the same
 * rules with zod (settings-schema.ts).
 */
export type SrsSettingRule =
  | {
      readonly kind: 'number';
      readonly min: number;
      readonly max: number;
      /** Whole numbers only. */
      readonly int?: true;
    }
  /** Minutes of (re)learning steps: 1 to 10 of them, each above 0 and at most a day. */
  | { readonly kind: 'steps' }
  | { readonly kind: 'oneOf'; readonly values: readonly string[] }
  | { readonly kind: 'boolean' };

const whole = (min: number, max: number) => ({ kind: 'number', min, max, int: true }) as const;
const between = (min: number, max: number) => ({ kind: 'number', min, max }) as const;
const oneOf = <const V extends readonly string[]>(values: V) =>
  ({ kind: 'oneOf', values }) as const;
const STEPS = { kind: 'steps' } as const;
const BOOLEAN = { kind: 'boolean' } as const;
/** The most steps, and the longest step in minutes. */
export const STEP_LIMITS = { count: 10, minutes: 1440 } as const;

type ValueOf<R> = R extends { kind: 'number' }
  ? number
  : R extends { kind: 'steps' }
    ? number[]
    : R extends { kind: 'oneOf'; values: readonly (infer V)[] }
      ? V
      : R extends { kind: 'boolean' }
        ? boolean
        : never;

const setting = <const R extends SrsSettingRule>(rule: R, fallback: ValueOf<R>) =>
  ({ rule, fallback }) as const;

/** One row of srs_settings (§3) without user_id, each field with its §9 default. */
export const SRS_SETTING_FIELDS = {
  daily_new_cards: setting(whole(0, 9999), 1000),
  daily_review_cards: setting(whole(0, 9999), 200),
  daily_time_target_minutes: setting(whole(0, 1440), 20),
  /** Minutes of each learning step. */
  learning_steps: setting(STEPS, [1, 10]),
  /** Minutes of each relearning step. */
  relearning_steps: setting(STEPS, [10]),
  new_card_order: setting(oneOf(['random', 'sequential']), 'random'),
  review_order: setting(oneOf(['due_date', 'random']), 'due_date'),
  interleave_siblings: setting(BOOLEAN, true),
  /** Lapses that make a card a leech; 50 means never. */
  leech_threshold: setting(whole(1, LEECH_NEVER), 8),
  leech_action: setting(oneOf(LEECH_ACTIONS), 'suspend'),
  /** Days. */
  maximum_interval: setting(whole(1, 36_500), 36_500),
  starting_ease: setting(between(SRS_SCHEDULING.minimumEase, SRS_SCHEDULING.maximumEase), 2.5),
  easy_bonus: setting(between(1, 5), 1.3),
  interval_modifier: setting(between(0.5, 2), 1),
  hard_interval: setting(between(0.5, 1.3), 1.2),
  /** Beyond the spec: 'fsrs' schedules with ts-fsrs instead of the spec's scheduler (off by default). */
  scheduler: setting(oneOf(SCHEDULERS), 'sm2'),
  /** FSRS only: the probability of recall a review is planned for. */
  request_retention: setting(between(0.7, 0.99), 0.9),
};

type Settings = typeof SRS_SETTING_FIELDS;
export type SrsSettings = { -readonly [K in keyof Settings]: ValueOf<Settings[K]['rule']> };

/** Whether a rule accepts a value (as zod's check built from it does). */
export function acceptsSetting(rule: SrsSettingRule, value: unknown): boolean {
  const number = (item: unknown): item is number =>
    typeof item === 'number' && Number.isFinite(item);
  switch (rule.kind) {
    case 'number':
      return (
        number(value) &&
        value >= rule.min &&
        value <= rule.max &&
        (!rule.int || Number.isSafeInteger(value))
      );
    case 'steps':
      return (
        Array.isArray(value) &&
        value.length >= 1 &&
        value.length <= STEP_LIMITS.count &&
        value.every((minutes) => number(minutes) && minutes > 0 && minutes <= STEP_LIMITS.minutes)
      );
    case 'oneOf':
      return typeof value === 'string' && rule.values.includes(value);
    case 'boolean':
      return typeof value === 'boolean';
  }
}

/**
 * Settings as stored (on the device, or a row): each missing value is its default; any value
 * outside its rule makes the whole set unreadable (null), as the server's check refuses it.
 */
export function readSrsSettings(stored: unknown): SrsSettings | null {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const raw = stored as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  for (const [key, { rule, fallback }] of Object.entries(SRS_SETTING_FIELDS)) {
    const value = raw[key];
    if (value === undefined) read[key] = Array.isArray(fallback) ? [...fallback] : fallback;
    else if (acceptsSetting(rule, value)) read[key] = Array.isArray(value) ? [...value] : value;
    else return null;
  }
  return read as SrsSettings;
}

export const DEFAULT_SRS_SETTINGS: SrsSettings = readSrsSettings({}) as SrsSettings;

export type SrsSettingsUpdate = Partial<SrsSettings>;

/** The settings the scheduler reads: a whole SrsSettings row will do. */
export type SchedulerSettings = Pick<
  SrsSettings,
  | 'learning_steps'
  | 'relearning_steps'
  | 'maximum_interval'
  | 'starting_ease'
  | 'easy_bonus'
  | 'interval_modifier'
  | 'hard_interval'
>;

/** The scheduling fields of a card (§3), named as the spec names them. */
export interface CardSchedule {
  card_state: CardState;
  /** 0-based index of the (re)learning step the card waits in; 0 outside learning. */
  learning_step: number;
  ease_factor: number;
  /** Days; 0 until the card first graduates. */
  interval_days: number;
  repetitions: number;
  lapses: number;
  due_at: Date;
  last_reviewed_at: Date | null;
}

/** What the scheduler reads from a card: a whole card row will do. */
export type SchedulingInput = Pick<
  CardSchedule,
  'card_state' | 'learning_step' | 'ease_factor' | 'interval_days' | 'repetitions' | 'lapses'
>;

/** The scheduling fields after a review, to be written onto the card. */
export interface ScheduledCard extends CardSchedule {
  last_reviewed_at: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function isRating(value: unknown): value is Rating {
  return typeof value === 'string' && (RATINGS as readonly string[]).includes(value);
}

/** The rating itself, or a RangeError naming the four valid ones. */
export function parseRating(value: unknown): Rating {
  if (isRating(value)) return value;
  const shown = typeof value === 'string' ? `"${value}"` : String(value);
  throw new RangeError(`Invalid rating ${shown}: expected again, hard, good or easy`);
}

/** The scheduling fields of a card created now: new, due at once, at the starting ease. */
export function newCardSchedule(
  now: Date,
  settings: Pick<SrsSettings, 'starting_ease'> = DEFAULT_SRS_SETTINGS,
): CardSchedule {
  return {
    card_state: 'new',
    learning_step: 0,
    ease_factor: settings.starting_ease,
    interval_days: 0,
    repetitions: 0,
    lapses: 0,
    due_at: new Date(now.getTime()),
    last_reviewed_at: null,
  };
}

/** A card is due when due_at is at or before now (§4). */
export function isDue(card: Pick<CardSchedule, 'due_at'>, now: Date): boolean {
  return card.due_at.getTime() <= now.getTime();
}

/** The card's scheduling after a rating at `now` (spec 3 §4, §9). Throws a RangeError on bad input. */
export function scheduleReview(
  card: SchedulingInput,
  rating: Rating,
  now: Date,
  settings: SchedulerSettings = DEFAULT_SRS_SETTINGS,
): ScheduledCard {
  const answer = parseRating(rating);
  assertCard(card);
  assertSettings(settings);
  const at = now.getTime();
  if (!Number.isFinite(at)) throw new RangeError('Invalid date: now');
  const s = new Schedule(card, at, settings);
  switch (card.card_state) {
    case 'new':
    case 'learning':
      return s.learning(answer, card.card_state === 'new' ? 0 : card.learning_step);
    case 'relearning':
      return s.relearning(answer);
    case 'review':
      return s.review(answer);
  }
}

/** Ease in hundredths, so sums stay exact. */
const hundredths = (ease: number) => Math.round(ease * 100);
const clampEase = (h: number) =>
  Math.min(SRS_SCHEDULING.maximumEase * 100, Math.max(SRS_SCHEDULING.minimumEase * 100, h));
/** Whole days, half up, after dropping floating-point noise (25 × 2.3 is 57.5, not 57.49…). */
const wholeDays = (days: number) => Math.round(Math.round(days * 1e6) / 1e6);

class Schedule {
  private readonly ease: number;

  constructor(
    private readonly card: SchedulingInput,
    private readonly at: number,
    private readonly settings: SchedulerSettings,
  ) {
    this.ease = clampEase(hundredths(card.ease_factor));
  }

  learning(rating: Rating, current: number): ScheduledCard {
    const steps = this.settings.learning_steps;
    const index = Math.min(current, steps.length - 1);
    switch (rating) {
      case 'again':
        return this.inStep(
          'learning',
          0,
          this.ease - hundredths(SRS_SCHEDULING.againEaseDropLearning),
        );
      case 'hard':
        return this.inStep('learning', index, this.ease);
      case 'good':
        return index + 1 < steps.length
          ? this.inStep('learning', index + 1, this.ease)
          : this.inReview(SRS_SCHEDULING.graduatingIntervalDays, this.ease);
      case 'easy':
        return this.inReview(
          SRS_SCHEDULING.easyIntervalDays,
          this.ease + hundredths(SRS_SCHEDULING.easyEaseRise),
        );
    }
  }

  relearning(rating: Rating): ScheduledCard {
    const steps = this.settings.relearning_steps;
    const index = Math.min(this.card.learning_step, steps.length - 1);
    const interval = Math.max(1, wholeDays(this.card.interval_days));
    switch (rating) {
      case 'again':
        return this.inStep(
          'relearning',
          0,
          this.ease - hundredths(SRS_SCHEDULING.againEaseDropLearning),
        );
      case 'hard':
        return this.inStep('relearning', index, this.ease);
      case 'good':
        return index + 1 < steps.length
          ? this.inStep('relearning', index + 1, this.ease)
          : this.inReview(interval, this.ease);
      case 'easy':
        return this.inReview(
          Math.max(interval, SRS_SCHEDULING.easyIntervalDays),
          this.ease + hundredths(SRS_SCHEDULING.easyEaseRise),
        );
    }
  }

  review(rating: Rating): ScheduledCard {
    const { hard_interval, interval_modifier, easy_bonus } = this.settings;
    const interval = Math.max(1, wholeDays(this.card.interval_days));
    const ease = this.ease / 100;
    switch (rating) {
      case 'again':
        return this.inStep(
          'relearning',
          0,
          this.ease - hundredths(SRS_SCHEDULING.againEaseDropReview),
          Math.max(1, wholeDays(interval / 2)),
          1,
        );
      case 'hard':
        return this.inReview(
          wholeDays(interval * hard_interval * interval_modifier),
          this.ease - hundredths(SRS_SCHEDULING.hardEaseDrop),
        );
      case 'good':
        return this.inReview(
          Math.max(interval + 1, wholeDays(interval * ease * interval_modifier)),
          this.ease,
        );
      case 'easy':
        return this.inReview(
          Math.max(interval + 1, wholeDays(interval * ease * easy_bonus * interval_modifier)),
          this.ease + hundredths(SRS_SCHEDULING.easyEaseRise),
        );
    }
  }

  /** Waiting in a (re)learning step, due after that step's minutes. */
  private inStep(
    state: 'learning' | 'relearning',
    index: number,
    ease: number,
    interval = this.card.interval_days,
    lapsed = 0,
  ): ScheduledCard {
    const steps =
      state === 'learning' ? this.settings.learning_steps : this.settings.relearning_steps;
    const minutes = steps[index] ?? steps[0] ?? 0;
    return this.result({
      card_state: state,
      learning_step: index,
      ease,
      interval_days: Math.min(interval, this.settings.maximum_interval),
      repetitions: this.card.repetitions,
      lapses: this.card.lapses + lapsed,
      due_at: this.at + Math.round(minutes * MINUTE_MS),
    });
  }

  /** In review, due after the interval (at least 1 day, at most the maximum). */
  private inReview(days: number, ease: number): ScheduledCard {
    const interval = Math.min(Math.max(1, days), this.settings.maximum_interval);
    return this.result({
      card_state: 'review',
      learning_step: 0,
      ease,
      interval_days: interval,
      repetitions: this.card.repetitions + 1,
      lapses: this.card.lapses,
      due_at: this.at + interval * DAY_MS,
    });
  }

  private result(r: {
    card_state: CardState;
    learning_step: number;
    ease: number;
    interval_days: number;
    repetitions: number;
    lapses: number;
    due_at: number;
  }): ScheduledCard {
    return {
      card_state: r.card_state,
      learning_step: r.learning_step,
      ease_factor: clampEase(r.ease) / 100,
      interval_days: r.interval_days,
      repetitions: r.repetitions,
      lapses: r.lapses,
      due_at: new Date(r.due_at),
      last_reviewed_at: new Date(this.at),
    };
  }
}

function assertCard(card: SchedulingInput): void {
  if (!(CARD_STATES as readonly string[]).includes(card.card_state))
    throw new RangeError(`Invalid card_state "${String(card.card_state)}"`);
  for (const field of [
    'learning_step',
    'ease_factor',
    'interval_days',
    'repetitions',
    'lapses',
  ] as const) {
    const value = card[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new RangeError(`Invalid ${field}: ${String(value)}`);
  }
  if (!Number.isInteger(card.learning_step))
    throw new RangeError(`Invalid learning_step: ${card.learning_step}`);
}

function assertSettings(settings: SchedulerSettings): void {
  for (const field of ['learning_steps', 'relearning_steps'] as const) {
    const list = settings[field];
    if (list.length === 0 || list.some((minutes) => !(minutes > 0) || !Number.isFinite(minutes)))
      throw new RangeError(`Invalid ${field}: expected one or more positive minutes`);
  }
  for (const field of [
    'maximum_interval',
    'easy_bonus',
    'interval_modifier',
    'hard_interval',
  ] as const) {
    const value = settings[field];
    if (!(value > 0) || !Number.isFinite(value))
      throw new RangeError(`Invalid ${field}: ${String(value)}`);
  }
  if (!Number.isInteger(settings.maximum_interval) || settings.maximum_interval < 1)
    throw new RangeError('Invalid maximum_interval: expected a whole number of days, at least 1');
}
