/**
 * Limits on the e-mails a person can ask for (spec 1 §5, §9): confirmation resends and
 * password-reset requests, each at most 5 a day and 1 a minute, at least 30 s apart. The client
 * applies them for the user; the server applies them per address as the rule.
 */
export const EMAIL_REQUEST_LIMITS = { perDay: 5, perMinute: 1, minIntervalMs: 30_000 } as const;

export type EmailRequestKind = 'confirmation' | 'password-reset';
export type EmailRequestRefusal = 'daily-limit' | 'recently-requested' | 'too-soon';

export type EmailRequestVerdict =
  | { allowed: true }
  | { allowed: false; reason: EmailRequestRefusal; retryAfterMs: number };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Whether another request may go out now, given the times of the earlier ones (ms). */
export function emailRequestVerdict(earlier: readonly number[], now: number): EmailRequestVerdict {
  const lastDay = earlier.filter((at) => now - at < DAY_MS).sort((a, b) => a - b);
  if (lastDay.length >= EMAIL_REQUEST_LIMITS.perDay) {
    return {
      allowed: false,
      reason: 'daily-limit',
      retryAfterMs: (lastDay[0] as number) + DAY_MS - now,
    };
  }
  const last = lastDay.at(-1);
  if (last !== undefined && now - last < EMAIL_REQUEST_LIMITS.minIntervalMs) {
    return {
      allowed: false,
      reason: 'too-soon',
      retryAfterMs: last + EMAIL_REQUEST_LIMITS.minIntervalMs - now,
    };
  }
  const lastMinute = lastDay.filter((at) => now - at < MINUTE_MS);
  if (lastMinute.length >= EMAIL_REQUEST_LIMITS.perMinute) {
    return {
      allowed: false,
      reason: 'recently-requested',
      retryAfterMs: (lastMinute[0] as number) + MINUTE_MS - now,
    };
  }
  return { allowed: true };
}

/** The messages of spec 1 §8 for each kind of request and refusal. */
export const EMAIL_REQUEST_MESSAGES: Record<
  EmailRequestKind,
  Record<EmailRequestRefusal | 'support', string>
> = {
  confirmation: {
    'daily-limit': 'Daily confirmation email resend limit reached.',
    'recently-requested': 'You recently requested a confirmation email.',
    'too-soon': 'You are trying again too soon.',
    support: 'If you still cannot confirm, contact support.',
  },
  'password-reset': {
    'daily-limit': 'Daily password reset request limit reached.',
    'recently-requested': 'You requested a reset recently.',
    'too-soon': 'You are trying again too soon.',
    support: 'If this persists, contact support.',
  },
};

export type WaitUnit = 'second' | 'minute' | 'hour';

/** A wait as a person reads it: whole seconds under a minute, minutes under an hour, else hours. */
export function waitDuration(retryAfterMs: number): { value: number; unit: WaitUnit } {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 60) return { value: seconds, unit: 'second' };
  if (seconds < 3600) return { value: Math.ceil(seconds / 60), unit: 'minute' };
  return { value: Math.ceil(seconds / 3600), unit: 'hour' };
}

/** 'Please wait {time} and try again.' with the time formatted by the caller. */
export function waitMessage(
  retryAfterMs: number,
  format: (value: number, unit: WaitUnit) => string,
): string {
  const { value, unit } = waitDuration(retryAfterMs);
  return `Please wait ${format(value, unit)} and try again.`;
}
