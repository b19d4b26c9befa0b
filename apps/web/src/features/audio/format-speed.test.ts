import { INTERFACE_LANGUAGES, LOCALE_OF } from '@lesefuchs/core/i18n/languages';
import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { formatSpeed } from './AudioChoices';

describe('formatSpeed', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it.each(INTERFACE_LANGUAGES)('writes a speed as Intl does in %s', async (language) => {
    await i18n.changeLanguage(language);
    for (const speed of [0.7, 1, 1.5, 2]) {
      for (const minimumFractionDigits of [0, 1]) {
        const intl = new Intl.NumberFormat(LOCALE_OF[language], {
          minimumFractionDigits,
          maximumFractionDigits: 1,
        });
        expect(formatSpeed(speed, minimumFractionDigits)).toBe(intl.format(speed));
      }
    }
  });
});
