import type { ApiErrorBody, ApiErrorCode } from '@lesefuchs/core';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { ZodError } from 'zod';

/** Seconds a client refused with 503 (busy, or a write that kept racing) waits to try again. */
export const RETRY_AFTER_SECONDS = 1;

/** An error the API reports to the client as `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);
export const unauthorized = () => new ApiError(401, 'unauthorized', 'Sign in to continue.');
/** A premium-only choice or file asked for by a user who is not premium (spec 2 §6). */
export const premiumRequired = (message: string) => new ApiError(403, 'premium_required', message);

export function errorBody(code: ApiErrorCode, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

const CODE_OF_STATUS: Partial<Record<number, ApiErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Hono's onError: every thrown error becomes the one error shape; unknown ones are logged. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiError) {
      // Unavailable for now: the client may retry after the same wait as under load shedding.
      if (error.status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json(errorBody(error.code, error.message, error.details), error.status);
    }
    if (error instanceof ZodError) {
      return c.json(errorBody('validation_failed', 'The request is not valid.', error.issues), 400);
    }
    if (error instanceof HTTPException) {
      const code = CODE_OF_STATUS[error.status] ?? 'bad_request';
      return c.json(errorBody(code, error.message || code), error.status);
    }
    logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('internal_error', 'Something went wrong on our side.'), 500);
  };
}
