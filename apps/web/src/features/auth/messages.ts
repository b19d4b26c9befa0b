import { numberFormat } from '@lesefuchs/core/intl';
import {
  type EmailRequestKind,
  type EmailRequestVerdict,
  waitDuration,
} from '@lesefuchs/core/validation/email-requests';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../lib/i18n';

/** 'Please wait {time} and try again.' with the time in the interface language. */
export function waitText(t: TFunction, retryAfterMs: number): string {
  const { value, unit } = waitDuration(retryAfterMs);
  const time = numberFormat(currentLocale(), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
  return t('auth.limits.wait', { time });
}

/** Why a confirmation or reset e-mail was not requested, in the words of spec 1 §8. */
export function limitText(
  t: TFunction,
  kind: EmailRequestKind,
  verdict: Exclude<EmailRequestVerdict, { allowed: true }>,
): string {
  return `${t(`auth.limits.${kind}.${verdict.reason}`)} ${waitText(t, verdict.retryAfterMs)}`;
}

/** better-auth's error as the client receives it. */
export interface AuthError {
  status?: number;
  code?: string;
  message?: string;
  /** How long a limit asks to wait, when the server says. */
  retryAfterSeconds?: number;
}

/**
 * The server's refusal of a new password (the same rules as the form, and the most common
 * passwords) in the learner's language, or null when the error is another.
 */
export function passwordRefusalText(t: TFunction, failure: AuthError): string | null {
  if (failure.code === 'PASSWORD_TOO_COMMON') return t('auth.passwordTooCommon');
  if (failure.code === 'PASSWORD_TOO_WEAK') return t('auth.signup.weakPassword');
  return null;
}
