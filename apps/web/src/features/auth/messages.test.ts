import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { passwordRefusalText } from './messages';

describe("the server's refusal of a new password", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('is said in the learner language, and other errors are left to the screen', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(passwordRefusalText(t, { status: 400, code: 'PASSWORD_TOO_COMMON' })).toBe(
      'This password is one of the most common ones and easy to guess. Please choose another.',
    );
    expect(passwordRefusalText(t, { status: 400, code: 'PASSWORD_TOO_WEAK' })).toBe(
      'Please create a stronger password',
    );
    expect(passwordRefusalText(t, { status: 400, code: 'INVALID_TOKEN' })).toBeNull();

    await i18n.changeLanguage('es');
    expect(passwordRefusalText(i18n.t.bind(i18n), { code: 'PASSWORD_TOO_COMMON' })).toMatch(
      /^Esta contraseña es una de las más comunes/,
    );
  });
});
