import {
  DETECTION_ORDER,
  FALLBACK_LANGUAGE,
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
  LOCALE_OF,
  normalizeInterfaceLanguage,
} from '@lesefuchs/core';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import kr from '../locales/kr.json';

export const resources = {
  en: { translation: en },
  es: { translation: es },
  kr: { translation: kr },
};

/** Where the chosen language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'lesefuchs.language';

// A value the detector finds that is not an interface language (or looks like an injection
// attempt) becomes this, which i18next does not support and so skips.
const UNSUPPORTED = 'x-unsupported';

// Registered before init so the first detected language sets <html lang> too.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language === 'kr' ? 'ko' : language;
});

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: [...INTERFACE_LANGUAGES],
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: [...DETECTION_ORDER],
      lookupQuerystring: 'lng',
      lookupCookie: 'lesefuchs_lng',
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupSessionStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: (value: string) => normalizeInterfaceLanguage(value) ?? UNSUPPORTED,
    },
  });

export function currentLanguage(): InterfaceLanguage {
  return normalizeInterfaceLanguage(i18n.resolvedLanguage) ?? FALLBACK_LANGUAGE;
}

/** The Intl locale of the interface language, for dates, numbers and durations. */
export function currentLocale(): string {
  return LOCALE_OF[currentLanguage()];
}

export default i18n;
