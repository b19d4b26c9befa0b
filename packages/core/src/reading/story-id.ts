import { PG_INT_MAX } from '../validation/bounds.ts';

/**
 * A story id from a route or storage: a positive integer, or null for anything else, including
 * null, 'null' and 'undefined' (spec 2 §5).
 */
export function parseStoryId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= PG_INT_MAX ? id : null;
}
