import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError } from './errors.ts';
import { readJsonBody } from './request-guard.ts';

/** A 400 naming the first problem and where it is; the body's issues go along as details. */
function validationFailed(issues: z.core.$ZodIssue[], withDetails: boolean): ApiError {
  const first = issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  const message = `${where}${first?.message ?? 'The request is not valid.'}`;
  return withDetails
    ? new ApiError(400, 'validation_failed', message, issues)
    : new ApiError(400, 'validation_failed', message);
}

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
  if (!parsed.success) throw validationFailed(parsed.error.issues, true);
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
  if (!parsed.success) throw validationFailed(parsed.error.issues, false);
  return parsed.data;
}
