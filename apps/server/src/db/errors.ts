/**
 * The SQLSTATE of a database error, looked up through the causes drizzle wraps it in (the
 * `pg` driver and PGlite both put it on `code`), or null for an error that is not one.
 */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique index refused the row. */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';

/**
 * The database refused the data itself (class 22, data exception: a number out of range, text
 * it cannot encode; class 23, integrity: a missing referenced row, a duplicate, a check). Sent
 * again, the same data fails the same way, so it is the request's fault, never worth a retry.
 */
export function isDataRefusal(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== null && (state.startsWith('22') || state.startsWith('23'));
}
