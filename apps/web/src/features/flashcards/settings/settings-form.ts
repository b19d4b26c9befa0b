import { LEECH_NEVER } from '@lesefuchs/core/preferences/preferences';
import {
  type LeechAction,
  type SchedulerKind,
  type SrsSettings,
  type SrsSettingsUpdate,
} from '@lesefuchs/core/srs/scheduler';
import { srsSettingsUpdateSchema } from '@lesefuchs/core/srs/settings-schema';

// The SRS settings form: the text the learner types, read into a settings update the server's
// own schema accepts, or into one message per field that explains what to fix.

export interface SettingsDraft {
  dailyNew: string;
  dailyReview: string;
  /** Minutes, separated by spaces or commas ("1 10"). */
  learningSteps: string;
  relearningSteps: string;
  /** A count of lapses, or "never". */
  leechThreshold: string;
  leechAction: LeechAction;
  scheduler: SchedulerKind;
  /** FSRS: the recall to plan for, in percent ("90"). */
  retention: string;
}

export type DraftField = keyof SettingsDraft;

/** A field's problem as a translation key under flashcardOverview.settings.errors, with values. */
export interface FieldError {
  key: 'wholeNumber' | 'stepsEmpty' | 'stepsInvalid' | 'stepsTooMany' | 'retention' | 'invalid';
  values?: Record<string, number>;
}

export const DAILY_MAX = 9_999;
export const STEP_MAX_MINUTES = 1_440;
export const STEPS_MAX = 10;
export const RETENTION_MIN_PERCENT = 70;
export const RETENTION_MAX_PERCENT = 99;
/** The counts the leech threshold select offers, besides "never" and the learner's own value. */
export const LEECH_THRESHOLD_CHOICES = [3, 4, 5, 6, 7, 8, 10, 12, 15, 20] as const;

export function formatSteps(steps: readonly number[]): string {
  return steps.join(' ');
}

export function draftOf(settings: SrsSettings): SettingsDraft {
  return {
    dailyNew: String(settings.daily_new_cards),
    dailyReview: String(settings.daily_review_cards),
    learningSteps: formatSteps(settings.learning_steps),
    relearningSteps: formatSteps(settings.relearning_steps),
    leechThreshold:
      settings.leech_threshold >= LEECH_NEVER ? 'never' : String(settings.leech_threshold),
    leechAction: settings.leech_action,
    scheduler: settings.scheduler,
    retention: String(Math.round(settings.request_retention * 100)),
  };
}

/** The threshold choices of the select: the fixed ones plus the learner's own, in order. */
export function leechThresholdChoices(current: string): number[] {
  const own = Number(current);
  const choices = new Set<number>(LEECH_THRESHOLD_CHOICES);
  if (Number.isInteger(own) && own >= 1 && own < LEECH_NEVER) choices.add(own);
  return [...choices].sort((a, b) => a - b);
}

function wholeNumber(text: string, min: number, max: number): number | FieldError {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || value < min || value > max)
    return { key: 'wholeNumber', values: { min, max } };
  return value;
}

/** "1 10" or "1, 10" → [1, 10]; each step a number of minutes above 0 and at most a day. */
export function parseSteps(text: string): number[] | FieldError {
  const parts = text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (parts.length === 0) return { key: 'stepsEmpty' };
  if (parts.length > STEPS_MAX) return { key: 'stepsTooMany', values: { max: STEPS_MAX } };
  const steps = parts.map(Number);
  if (steps.some((step) => !Number.isFinite(step) || step <= 0 || step > STEP_MAX_MINUTES))
    return { key: 'stepsInvalid', values: { max: STEP_MAX_MINUTES } };
  return steps;
}

const isError = (value: unknown): value is FieldError =>
  typeof value === 'object' && value !== null && 'key' in value;

/** The field of the form that a settings column is typed into. */
const FIELD_OF: Partial<Record<keyof SrsSettings, DraftField>> = {
  daily_new_cards: 'dailyNew',
  daily_review_cards: 'dailyReview',
  learning_steps: 'learningSteps',
  relearning_steps: 'relearningSteps',
  leech_threshold: 'leechThreshold',
  leech_action: 'leechAction',
  scheduler: 'scheduler',
  request_retention: 'retention',
};

export type ParsedDraft =
  | { ok: true; update: SrsSettingsUpdate }
  | { ok: false; errors: Partial<Record<DraftField, FieldError>> };

/** Reads the form: the update to send, or every field's problem at once. */
export function parseDraft(draft: SettingsDraft): ParsedDraft {
  const errors: Partial<Record<DraftField, FieldError>> = {};
  const take = <T>(field: DraftField, value: T | FieldError): T | undefined => {
    if (isError(value)) {
      errors[field] = value;
      return undefined;
    }
    return value;
  };
  const dailyNew = take('dailyNew', wholeNumber(draft.dailyNew, 0, DAILY_MAX));
  const dailyReview = take('dailyReview', wholeNumber(draft.dailyReview, 0, DAILY_MAX));
  const learning = take('learningSteps', parseSteps(draft.learningSteps));
  const relearning = take('relearningSteps', parseSteps(draft.relearningSteps));
  const threshold = take(
    'leechThreshold',
    draft.leechThreshold === 'never'
      ? LEECH_NEVER
      : wholeNumber(draft.leechThreshold, 1, LEECH_NEVER - 1),
  );
  const retentionPercent = take(
    'retention',
    /^\d+$/.test(draft.retention.trim()) &&
      Number(draft.retention) >= RETENTION_MIN_PERCENT &&
      Number(draft.retention) <= RETENTION_MAX_PERCENT
      ? Number(draft.retention)
      : { key: 'retention', values: { min: RETENTION_MIN_PERCENT, max: RETENTION_MAX_PERCENT } },
  );
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const update: SrsSettingsUpdate = {
    daily_new_cards: dailyNew,
    daily_review_cards: dailyReview,
    learning_steps: learning,
    relearning_steps: relearning,
    leech_threshold: threshold,
    leech_action: draft.leechAction,
    scheduler: draft.scheduler,
    request_retention: (retentionPercent as number) / 100,
  };
  // The server's schema has the last word; anything it refuses is shown on its field.
  const checked = srsSettingsUpdateSchema.safeParse(update);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = FIELD_OF[issue.path[0] as keyof SrsSettings];
      if (field && !errors[field]) errors[field] = { key: 'invalid' };
    }
    return { ok: false, errors };
  }
  return { ok: true, update: checked.data as SrsSettingsUpdate };
}

/** Whether the form says something other than the saved settings. */
export function draftDiffers(draft: SettingsDraft, settings: SrsSettings): boolean {
  const saved = draftOf(settings);
  return (Object.keys(saved) as DraftField[]).some((field) => {
    if (field === 'learningSteps' || field === 'relearningSteps') {
      const steps = parseSteps(draft[field]);
      return isError(steps) || formatSteps(steps) !== saved[field];
    }
    return draft[field].trim() !== saved[field];
  });
}
