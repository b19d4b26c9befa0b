import { APIError } from 'better-auth/api';

/** The fields in which better-auth takes where to send the browser after a link or sign-in. */
const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'];

/**
 * Whether a redirect target stays in the app: resolved against the public address as a browser
 * would ("//host" and "/\host" lead elsewhere, "javascript:" has no origin), it must land on
 * one of the app's own origins.
 */
export function isOwnRedirect(target: string, publicUrl: string, origins: readonly string[]) {
  try {
    const { origin } = new URL(target, publicUrl);
    return origin === new URL(publicUrl).origin || origins.includes(origin);
  } catch {
    return false;
  }
}

/**
 * Refuses a request that asks better-auth to send the browser to another site after a mailed
 * link or a sign-in: a reset link with a foreign callback would hand its token to that site.
 * better-auth checks this itself, but not under NODE_ENV=test; this holds everywhere.
 */
export function refuseForeignRedirects(
  values: unknown,
  publicUrl: string,
  origins: readonly string[],
): void {
  if (typeof values !== 'object' || values === null) return;
  for (const field of REDIRECT_FIELDS) {
    const value = (values as Record<string, unknown>)[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' && isOwnRedirect(value, publicUrl, origins)) continue;
    throw new APIError('FORBIDDEN', {
      code: 'INVALID_REDIRECT_URL',
      message: `Invalid ${field}: only addresses of this app are allowed.`,
    });
  }
}
