import { unsafeTextProblem, unsafeValueProblem } from '@lesefuchs/core';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors.ts';

/**
 * The one place request input is checked before any route sees it: every path and query
 * component must decode as UTF-8 without NUL, and every JSON body (the app's routes through
 * `parseJsonBody`, better-auth's through the auth mount) is parsed and walked by
 * `readJsonBody`, so NUL or a lone surrogate in any string is a 400, never a database error.
 */
export const refuseUnsafeUrl = createMiddleware(async (c, next) => {
  const url = new URL(c.req.url);
  const components = [...url.pathname.split('/'), ...url.search.slice(1).split(/[&=]/)];
  for (const component of components) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(component.replace(/\+/g, ' '));
    } catch {
      throw new ApiError(400, 'bad_request', 'The address has an invalid percent-encoding.');
    }
    const problem = unsafeTextProblem(decoded);
    if (problem) throw new ApiError(400, 'bad_request', problem);
  }
  await next();
});

const badBody = (message: string) => new ApiError(400, 'bad_request', message);

/**
 * The body as parsed JSON, whatever its content type (a `sendBeacon` body arrives as
 * text/plain); `undefined` for an empty body. Refuses text that is not JSON and any string in
 * it that the database could not store.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.length === 0) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badBody('The request body is not valid JSON.');
  }
  const problem = unsafeValueProblem(body);
  if (problem) throw badBody(problem);
  return body;
}

/** `readJsonBody` for a handler that takes an object (better-auth's endpoints): `null`, `[]` and `1` are 400. */
export async function readJsonObjectBody(c: Context): Promise<Record<string, unknown> | undefined> {
  const body = await readJsonBody(c);
  if (body === undefined) return undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badBody('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
