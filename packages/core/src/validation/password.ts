/** Minimum password length (spec 1 §9). */
export const PASSWORD_MIN = 8;

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'number' | 'symbol';
export type PasswordStrength = 'weak' | 'fair' | 'good' | 'strong';

/** The field's own messages (spec 1 §5). */
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'At least 8 characters',
} as const;

/** What each rule asks for, as listed in 'Password must have: {requirements}.' */
export const PASSWORD_REQUIREMENTS: Record<PasswordRule, string> = {
  length: 'at least 8 characters',
  lowercase: 'a lowercase letter',
  uppercase: 'an uppercase letter',
  number: 'a number',
  symbol: 'a symbol',
};

const RULES: Record<PasswordRule, (password: string) => boolean> = {
  length: (p) => [...p].length >= PASSWORD_MIN,
  lowercase: (p) => /\p{Ll}/u.test(p),
  uppercase: (p) => /\p{Lu}/u.test(p),
  number: (p) => /\p{N}/u.test(p),
  symbol: (p) => /[^\p{L}\p{N}]/u.test(p),
};

export interface PasswordCheck {
  failed: PasswordRule[];
  strength: PasswordStrength;
  /** Long enough and at most two kinds of character missing: what sign-up accepts. */
  acceptable: boolean;
  /** The message of spec 1 §5 for an empty or failing password, or null. */
  message: string | null;
}

/** Checks a password: strength by the number of failed rules (0 strong … 3+ weak). */
export function checkPassword(password: string): PasswordCheck {
  const failed = (Object.keys(RULES) as PasswordRule[]).filter((rule) => !RULES[rule](password));
  const strength: PasswordStrength =
    failed.length === 0
      ? 'strong'
      : failed.length === 1
        ? 'good'
        : failed.length === 2
          ? 'fair'
          : 'weak';
  const acceptable = !failed.includes('length') && failed.length <= 2;
  let message: string | null = null;
  if (password.length === 0) message = PASSWORD_MESSAGES.required;
  else if (failed.length > 0) {
    message = `Password must have: ${failed.map((rule) => PASSWORD_REQUIREMENTS[rule]).join(', ')}.`;
  }
  return { failed, strength, acceptable, message };
}

/**
 * The server's refusals of a new password (sign-up, reset, change), by the code it answers
 * with; the client shows them in the learner's language. The server checks the same rules as
 * the form, and also refuses the most common passwords (ASVS 5.0 V6.2.4).
 */
export const PASSWORD_REFUSALS = {
  PASSWORD_TOO_WEAK: 'Please create a stronger password.',
  PASSWORD_TOO_COMMON:
    'This password is one of the most common ones and easy to guess. Please choose another.',
} as const;
export type PasswordRefusal = keyof typeof PASSWORD_REFUSALS;
