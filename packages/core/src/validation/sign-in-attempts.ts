/**
 * The per-account limit on failed sign-ins (the spec is silent; a careful operator's rule).
 * Five wrong passwords in a row are free; then each further attempt must wait, 30 s after the
 * fifth failure, doubling with every failure after it up to 15 minutes. The wait ends by
 * itself (no e-mail, no support), a correct password after it signs in and forgets the count,
 * and a day without failures forgets it too. So a guesser gets about 100 tries a day per
 * account instead of thousands, and someone who types wrong passwords on purpose can hold a
 * real learner off for 15 minutes at most, never lock them out for good.
 */
export const SIGN_IN_LIMIT = {
  freeFailures: 5,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
} as const;

export interface SignInFailures {
  /** Failures in a row, not counting those forgotten. */
  failures: number;
  lastFailureAt: number;
  /** Until when sign-in is refused without looking at the password; null while free. */
  lockedUntil: number | null;
}

/** How long sign-in must still wait (ms), 0 when it may go ahead. */
export function signInWaitMs(state: SignInFailures | null, now: number): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, state.lockedUntil - now);
}

/** The state after one more wrong password at `now`. */
export function afterFailedSignIn(state: SignInFailures | null, now: number): SignInFailures {
  const forgotten = !state || now - state.lastFailureAt >= SIGN_IN_LIMIT.forgetAfterMs;
  const failures = forgotten ? 1 : state.failures + 1;
  const over = failures - SIGN_IN_LIMIT.freeFailures;
  const waitMs =
    over < 0 ? 0 : Math.min(SIGN_IN_LIMIT.maxWaitMs, SIGN_IN_LIMIT.firstWaitMs * 2 ** over);
  return { failures, lastFailureAt: now, lockedUntil: waitMs > 0 ? now + waitMs : null };
}

/** 'Too many failed sign-ins for this account.' — the wait is added by the caller. */
export const SIGN_IN_LOCKED_MESSAGE = 'Too many failed sign-ins for this account.';
