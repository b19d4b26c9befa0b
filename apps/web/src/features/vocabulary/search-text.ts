import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { foldAccents, foldSpelling, writeOutUmlauts } from '@lesefuchs/core/text/spelling';

// How the vocabulary search reads text: lower case without punctuation, and the spellings a
// learner may type for one word. A keyboard without ä, ö, ü and ß gives "strasse", "muede" or
// "mude" for Straße and müde; all of them are the same word to the search.

/** A leading der, die or das (in lower-case text). */
export const ARTICLE = /^(der|die|das)\s+/;
export const PUNCTUATION = /[\p{P}\p{S}]+/gu;

/** Lower case, punctuation removed, spaces collapsed. */
export function normalizeText(text: string): string {
  return text.toLocaleLowerCase('de').replace(PUNCTUATION, '').replace(/\s+/g, ' ').trim();
}

/** A word as looked up: lower case, without punctuation, without a leading der/die/das. */
export function normalizeLookup(text: string): string {
  return normalizeText(text).replace(ARTICLE, '');
}

export { foldAccents, foldSpelling, writeOutUmlauts };

const unique = (terms: string[]) => [...new Set(terms.filter(Boolean))];

/**
 * The spellings of a lower-case word that find it: as written, with ss for ß (grüssen),
 * folded (grussen), written out (gruessen). Only the word's side is spelt out: a query is taken
 * as typed, so "strasse" finds Straße, but "fährt" does not find Fahrt (an umlaut typed is
 * meant).
 */
export const spellings = (term: string) =>
  unique([term, term.replace(/ß/g, 'ss'), foldSpelling(term), writeOutUmlauts(term)]);

/** What may stand before a meaning without being part of it ("to go", "the key", "la casa"). */
const MEANING_LEAD: Record<InterfaceLanguage, RegExp | null> = {
  en: /^(to|the|a|an)\s+/,
  es: /^(el|la|los|las|un|una)\s+/,
  kr: null,
};

/** A meaning as written, for comparing with a query: lower case, folded, without notes in brackets. */
export const plainMeaning = (text: string) =>
  foldSpelling(normalizeText(text.replace(/\([^)]*\)/g, ' ')));

/** A meaning without a leading "to" or article as well ("to go" → go, "la casa" → casa). */
export function meaningKey(text: string, language: InterfaceLanguage): string {
  const plain = plainMeaning(text);
  const lead = MEANING_LEAD[language];
  return lead ? plain.replace(lead, '') : plain;
}

/** The meanings of a translation field, in order: "while, a period of time" → while, period of time. */
export const meaningsOf = (translation: string, language: InterfaceLanguage) =>
  translation
    .replace(/\([^)]*\)/g, ' ')
    .split(/[,;/]/)
    .map((part) => meaningKey(part, language))
    .filter(Boolean);
