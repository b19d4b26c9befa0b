import { numberFormat } from '@lesefuchs/core/intl';
import {
  type EmailRequestKind,
  type EmailRequestVerdict,
  waitDuration,
} from '@lesefuchs/core/validation/email-requests';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../lib/i18n';
import '../../texts/auth';

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

const NICKNAME_KEYS: Record<string, string> = {
  'Nickname is required': 'auth.nickname.required',
  'Nickname must be at least 3 characters': 'auth.nickname.tooShort',
  'Nickname must be 20 characters or less': 'auth.nickname.tooLong',
  'Nickname can only contain letters, numbers, underscores and hyphens': 'auth.nickname.characters',
  'Nickname must start with a letter or a number': 'auth.nickname.start',
  'Nickname cannot contain two underscores or hyphens in a row': 'auth.nickname.consecutive',
  'This nickname contains restricted words. Please choose another.': 'auth.nickname.restricted',
  'This nickname is already taken. Please choose another.': 'auth.nickname.taken',
};

/** A nickname rule's text (spec 1 §5, as core and the server word it) in the interface language. */
export function nicknameText(t: TFunction, message: string): string {
  const key = NICKNAME_KEYS[message];
  return key ? t(key) : message;
}
