import { checkPassword, PASSWORD_MIN, PASSWORD_REFUSALS } from '@lesefuchs/core';
import { dictionary } from '@zxcvbn-ts/language-common';
import { APIError } from 'better-auth/api';

/**
 * The most used passwords (zxcvbn's list, most frequent first) long enough for our minimum:
 * about 18,000, far over ASVS's "at least the top 3,000 that match the policy". Compared
 * without case, so "Password1" is as common as "password1".
 */
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common'].filter((password) => [...password].length >= PASSWORD_MIN),
);

/** Where each better-auth endpoint that sets a password carries the new one. */
export const NEW_PASSWORD_FIELD: Record<string, 'password' | 'newPassword'> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * Refuses a new password the sign-up form would refuse (spec 1 §5: at least 8 characters and
 * at most two kinds of character missing) or that is among the most common ones, on every
 * path that sets one. Too short, too long or not a string is left to better-auth's own answer.
 */
export function refuseUnfitPassword(password: unknown): void {
  if (typeof password !== 'string' || [...password].length < PASSWORD_MIN) return;
  const check = checkPassword(password);
  if (!check.acceptable) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_WEAK',
      message: `${PASSWORD_REFUSALS.PASSWORD_TOO_WEAK} ${check.message}`,
    });
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_COMMON',
      message: PASSWORD_REFUSALS.PASSWORD_TOO_COMMON,
    });
  }
}
