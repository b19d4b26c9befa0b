import { describe, expect, it } from 'vitest';
import {
  afterFailedSignIn,
  SIGN_IN_LIMIT,
  type SignInFailures,
  signInWaitMs,
} from './sign-in-attempts.ts';

const T = Date.UTC(2026, 10, 25, 8);
const fail = (times: number, start: SignInFailures | null = null, at = T) => {
  let state = start;
  for (let i = 0; i < times; i++) state = afterFailedSignIn(state, at);
  return state as SignInFailures;
};

describe('failed sign-ins', () => {
  it('lets five wrong passwords through without a wait', () => {
    expect(signInWaitMs(fail(4), T)).toBe(0);
    expect(signInWaitMs(fail(5), T)).toBe(30_000);
  });

  it('doubles the wait with each further failure, up to 15 minutes', () => {
    expect([5, 6, 7, 8, 9, 10, 11, 30].map((n) => signInWaitMs(fail(n), T))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000,
    ]);
  });

  it('ends the wait by itself', () => {
    const locked = fail(12);
    expect(signInWaitMs(locked, T + SIGN_IN_LIMIT.maxWaitMs - 1)).toBe(1);
    expect(signInWaitMs(locked, T + SIGN_IN_LIMIT.maxWaitMs)).toBe(0);
  });

  it('forgets the failures after a day without one', () => {
    const locked = fail(12);
    const later = afterFailedSignIn(locked, T + SIGN_IN_LIMIT.forgetAfterMs);
    expect(later).toEqual({
      failures: 1,
      lastFailureAt: T + SIGN_IN_LIMIT.forgetAfterMs,
      lockedUntil: null,
    });
  });
});
