import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

/**
 * Reads the request body as JSON, whatever its content type (a `sendBeacon` body arrives as
 * text/plain), and validates it against the schema.
 */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'bad_request', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(body);
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
