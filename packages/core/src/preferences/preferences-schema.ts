// The server's strict check of a change to the preferences, with zod, from the rules the web app
// reads stored preferences with (preferences.ts): a bad value is a 400 naming it, not a default.
import * as z from 'zod/mini';
import {
  PREFERENCE_FIELDS,
  type PreferenceRule,
  type Preferences,
  type PreferencesPatch,
} from './preferences.ts';

function schemaOf(rule: PreferenceRule): z.ZodMiniType {
  switch (rule.kind) {
    case 'oneOf':
      return z.enum(rule.values as [string, ...string[]]);
    case 'boolean':
      return z.boolean();
    case 'allOrSome':
      return z.union([z.literal(rule.all), z.array(z.enum(rule.values as [string, ...string[]]))]);
    case 'deck':
      return z.string().check(z.minLength(1), z.maxLength(40));
    case 'countOrNever':
      return z.union([z.int().check(z.minimum(1), z.maximum(rule.max)), z.literal('never')]);
  }
}

/** A change to some preferences, each value checked strictly; unknown keys are refused. */
export const preferencesPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(PREFERENCE_FIELDS).map(([key, { rule }]) => [key, z.optional(schemaOf(rule))]),
  ) as { [K in keyof Preferences]: z.ZodMiniOptional<z.ZodMiniType<Preferences[K]>> },
) as z.ZodMiniType<PreferencesPatch>;
