/**
 * Bounds of what a request may carry, so a value the database cannot hold is a 400 at the
 * edge and never a database error (a 500) inside. Every route's validation uses these.
 */

/** The largest value of a PostgreSQL `integer` column (ids of stories, cards, vocabulary). */
export const PG_INT_MAX = 2_147_483_647;
/** The latest instant a request may name, 9999-12-31T23:59:59.999Z (PostgreSQL and JS agree). */
export const EPOCH_MS_MAX = 253_402_300_799_999;

/** Half of a surrogate pair without its other half (String#isWellFormed is ES2024). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text may not be stored: it has a NUL, or half of a surrogate pair left alone. */
export function unsafeTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Text may not contain the NUL character.';
  if (LONE_SURROGATE.test(text)) return 'Text may not contain an unpaired surrogate.';
  return null;
}

/**
 * Walks a parsed JSON value and returns the first problem of any string in it (keys included),
 * or null. PostgreSQL refuses NUL in text and jsonb, and a lone surrogate cannot be encoded as
 * UTF-8, so either would fail deep inside a write.
 */
export function unsafeValueProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return unsafeTextProblem(value);
  if (depth > 64) return 'The request is nested too deeply.';
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = unsafeValueProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = unsafeTextProblem(key) ?? unsafeValueProblem(item, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}
