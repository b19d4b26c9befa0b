// The checks of the SRS settings with zod, built from the scheduler's plain rules
// (scheduler.ts): the server's reading of a row and of a change (PUT /api/flashcards/settings),
// and the settings form's. A bad value is refused naming it, not replaced.
import { z } from 'zod';
import {
  RATINGS,
  SRS_SETTING_FIELDS,
  type SrsSettingRule,
  type SrsSettings,
  STEP_LIMITS,
} from './scheduler.ts';

export const ratingSchema = z.enum(RATINGS);

function schemaOf(rule: SrsSettingRule): z.ZodType {
  switch (rule.kind) {
    case 'number': {
      const number = rule.int ? z.number().int() : z.number();
      return number.min(rule.min).max(rule.max);
    }
    case 'steps':
      return z.array(z.number().positive().max(STEP_LIMITS.minutes)).min(1).max(STEP_LIMITS.count);
    case 'oneOf':
      return z.enum(rule.values as [string, ...string[]]);
    case 'boolean':
      return z.boolean();
  }
}

const entries = Object.entries(SRS_SETTING_FIELDS) as [
  keyof SrsSettings,
  (typeof SRS_SETTING_FIELDS)[keyof SrsSettings],
][];

/** One row of srs_settings (§3) without user_id: a missing field is its §9 default. */
export const srsSettingsSchema = z.object(
  Object.fromEntries(
    entries.map(([key, { rule, fallback }]) => [
      key,
      schemaOf(rule).default(() => (Array.isArray(fallback) ? [...fallback] : fallback)),
    ]),
  ) as { [K in keyof SrsSettings]: z.ZodDefault<z.ZodType<SrsSettings[K]>> },
);

/** PUT /api/flashcards/settings: any subset of the fields, each validated as above. */
export const srsSettingsUpdateSchema = z
  .object(
    Object.fromEntries(entries.map(([key, { rule }]) => [key, schemaOf(rule).optional()])) as {
      [K in keyof SrsSettings]: z.ZodOptional<z.ZodType<SrsSettings[K]>>;
    },
  )
  .strict();
