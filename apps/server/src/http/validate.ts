import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError } from './errors.ts';
import { readJsonBody } from './request-guard.ts';

/**
 * Reads the request body as JSON (see `readJsonBody`: any content type, unsafe text refused)
 * and validates it against the schema.
 */
export async function parseJsonBody<S extends z.core.$ZodType>(
  c: Context,
  schema: S,
): Promise<z.infer<S>> {
  const body = await readJsonBody(c);
  const parsed = z.safeParse(schema, body ?? null);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw new ApiError(
      400,
      'validation_failed',
      `${where}${first?.message ?? 'The request is not valid.'}`,
      parsed.error.issues,
    );
  }
  return parsed.data;
}

/**
 * Validates a request's query parameters (`c.req.query()`) against the schema; the first
 * problem is a 400 `validation_failed` naming the parameter.
 */
export function queryOf<S extends z.core.$ZodType>(
  schema: S,
  query: Record<string, string>,
): z.infer<S> {
  const parsed = z.safeParse(schema, query);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw new ApiError(
      400,
      'validation_failed',
      `${where}${first?.message ?? 'The request is not valid.'}`,
    );
  }
  return parsed.data;
}
