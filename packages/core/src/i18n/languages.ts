/** Interface languages. Korean is stored as `kr` (spec 1 §1); `ko` is accepted on input. */
export const INTERFACE_LANGUAGES = ['en', 'es', 'kr'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: InterfaceLanguage = 'en';

/** BCP 47 tags for Intl formatting of each interface language (spec 1 §2: en-US, es-ES, ko-KR). */
export const LOCALE_OF: Record<InterfaceLanguage, string> = {
  en: 'en-US',
  es: 'es-ES',
  kr: 'ko-KR',
};

/**
 * The decimal separator of each interface language, as Intl writes it: numbers the first paint
 * shows (audio speeds) use it, since a phone's first Intl number formatter costs tens of ms.
 */
export const DECIMAL_SEPARATOR: Record<InterfaceLanguage, string> = { en: '.', es: ',', kr: '.' };

/** The order in which a language is looked for when there is no profile (spec 1 §4). */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;

const SCRIPT_INJECTION = /[<>"'`;(){}]|javascript:|script|%3c|&#/i;

/** Whether a detected value looks like an attempt at script injection and must be discarded. */
export function looksLikeInjection(value: string): boolean {
  return SCRIPT_INJECTION.test(value);
}

/**
 * Maps a detected or stored language value to an interface language: `ko`/`kr` (any region) to
 * `kr`, `es` to `es`, `en` to `en`. Anything else, and anything that looks like script injection,
 * gives null so detection moves on to the next source.
 */
export function normalizeInterfaceLanguage(
  value: string | null | undefined,
): InterfaceLanguage | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 35 || looksLikeInjection(trimmed)) return null;
  const primary = trimmed.toLowerCase().split(/[-_]/)[0];
  if (primary === 'ko' || primary === 'kr') return 'kr';
  if (primary === 'es') return 'es';
  if (primary === 'en') return 'en';
  return null;
}

/** The interface language that follows a profile's native language (spec 1 §4). */
export function interfaceLanguageForNative(
  nativeLanguage: string | null | undefined,
): InterfaceLanguage {
  const language = normalizeInterfaceLanguage(nativeLanguage);
  return language ?? FALLBACK_LANGUAGE;
}
