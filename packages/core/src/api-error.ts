/** Machine-readable codes of API errors. */
export type ApiErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'premium_required'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
  | 'unavailable'
  /** A native sign-in code that is unknown, used, expired or not matched by its verifier. */
  | 'invalid_grant';

/** The one shape every API error has: `{ "error": { "code", "message" } }`. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; details?: unknown };
}
