import {
  DETECTION_ORDER,
  FALLBACK_LANGUAGE,
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
  LOCALE_OF,
  normalizeInterfaceLanguage,
} from '@lesefuchs/core/i18n/languages';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

// English ships with the app (it is also every text's fallback); Spanish and Korean load when
// they are the interface language, so no learner downloads all three.
const LAZY_LOCALES: Partial<Record<string, () => Promise<{ default: ResourceKey }>>> = {
  es: () => import('../locales/es.json'),
  kr: () => import('../locales/kr.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = LAZY_LOCALES[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Namespaces of texts that load with a feature's code (`addResourceBundle`) rather than with
 * the app: a key the main texts lack is looked up in them, so `t('community.…')` reads the
 * same as any other key.
 */
export const COMMUNITY_NAMESPACE = 'community';

/**
 * Adds a group of English texts that loads with the code using it (`texts/<group>.ts`, from
 * `locales/en/<group>.json`) rather than with the app, to the main texts: only the groups of
 * the app's frame ride with its first script. Spanish and Korean load whole, with every group,
 * when they are the interface language; English is also their fallback.
 */
export function addEnglishTexts(texts: Record<string, ResourceKey>): void {
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'translation', texts, true, false);
}

/** Where the chosen language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'lesefuchs.language';

// A value the detector finds that is not an interface language (or looks like an injection
// attempt) becomes this, which i18next does not support and so skips.
const UNSUPPORTED = 'x-unsupported';

// Registered before init so the first detected language sets <html lang> too.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language === 'kr' ? 'ko' : language;
});

/** Resolves once the interface language's texts are loaded: render after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    fallbackNS: [COMMUNITY_NAMESPACE],
    partialBundledLanguages: true,
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
