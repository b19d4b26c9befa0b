import { describe, expect, it } from 'vitest';
import { EMAIL_REQUEST_MESSAGES, emailRequestVerdict, waitMessage } from './email-requests.ts';

const T = Date.UTC(2026, 10, 22, 12, 0, 0);
const s = 1_000;
const english = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

describe('emailRequestVerdict', () => {
  it('allows the first request', () => {
    expect(emailRequestVerdict([], T)).toEqual({ allowed: true });
  });
  it('refuses within 30 s as too soon, then within the minute as recently requested', () => {
    expect(emailRequestVerdict([T - 10 * s], T)).toEqual({
      allowed: false,
      reason: 'too-soon',
      retryAfterMs: 20 * s,
    });
    expect(emailRequestVerdict([T - 40 * s], T)).toEqual({
      allowed: false,
      reason: 'recently-requested',
      retryAfterMs: 20 * s,
    });
    expect(emailRequestVerdict([T - 60 * s], T)).toEqual({ allowed: true });
  });
  it('refuses a sixth request within a day until the oldest is a day old', () => {
    const five = [5, 4, 3, 2, 1].map((hours) => T - hours * 3_600 * s);
    expect(emailRequestVerdict(five, T)).toEqual({
      allowed: false,
      reason: 'daily-limit',
      retryAfterMs: 19 * 3_600 * s,
    });
    expect(emailRequestVerdict([T - 25 * 3_600 * s, ...five.slice(1)], T)).toEqual({
      allowed: true,
    });
  });
});

describe('messages', () => {
  it('has the spec texts', () => {
    expect(EMAIL_REQUEST_MESSAGES.confirmation['daily-limit']).toBe(
      'Daily confirmation email resend limit reached.',
    );
    expect(EMAIL_REQUEST_MESSAGES['password-reset']['recently-requested']).toBe(
      'You requested a reset recently.',
    );
  });
  it('says how long to wait in whole units', () => {
    expect(waitMessage(20 * s, english)).toBe('Please wait 20 seconds and try again.');
    expect(waitMessage(1, english)).toBe('Please wait 1 second and try again.');
    expect(waitMessage(90 * s, english)).toBe('Please wait 2 minutes and try again.');
    expect(waitMessage(19 * 3_600 * s, english)).toBe('Please wait 19 hours and try again.');
  });
});
