import type { InterfaceLanguage } from '@lesefuchs/core';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import MiniSearch, { type Query } from 'minisearch';
import type { VocabularyEntry } from '../stories/stories-api';
import { translationIn } from '../stories/stories-api';

// The vocabulary search (run in a Web Worker by search.worker.ts, or here on the main thread
// where workers are missing). One MiniSearch index per (vocabulary version, translation
// language, stemmer): the word, the word without its article, the base word and the
// translation in the learner's language; prefix and fuzzy (0.2) matching. Terms are lower case
// without punctuation; accents are also indexed folded (über → uber); with the German stemmer
// on, the German fields are indexed with their stems as well (Häuser → haus).

/** What an index is built from. */
export interface IndexInput {
  version: string;
  entries: readonly VocabularyEntry[];
  language: InterfaceLanguage;
  stemmer: boolean;
}

/** Messages to the worker, and its answer. */
export type SearchRequest =
  | ({ type: 'index' } & IndexInput)
  | { type: 'search'; id: number; query: string };
export interface SearchResponse {
  type: 'results';
  id: number;
  ids: number[];
}

const ARTICLE = /^(der|die|das)\s+/;
const PUNCTUATION = /[\p{P}\p{S}]+/gu;

/** Lower case, punctuation removed, spaces collapsed. */
export function normalizeText(text: string): string {
  return text.toLocaleLowerCase('de').replace(PUNCTUATION, '').replace(/\s+/g, ' ').trim();
}

/** A word as looked up: lower case, without punctuation, without a leading der/die/das. */
export function normalizeLookup(text: string): string {
  return normalizeText(text).replace(ARTICLE, '');
}

/** Accents removed (über → uber, está → esta); Korean syllables stay whole. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** The word without its article ("der Apfel" → "Apfel"). */
export const withoutArticle = (word: string) => word.trim().replace(/^(der|die|das)\s+/i, '');

export const indexKey = (input: Pick<IndexInput, 'version' | 'language' | 'stemmer'>) =>
  `${input.version}|${input.language}|${input.stemmer ? 'stem' : 'plain'}`;

const GERMAN_FIELDS = new Set(['word', 'bare', 'baseWord']);
const unique = (terms: string[]) => [...new Set(terms.filter(Boolean))];

/**
 * The terms indexed for one token of a field: the token without punctuation (E-Mail → email)
 * and its parts (e, mail), each also with accents folded and, for German fields with the
 * stemmer on, stemmed.
 */
export function indexTerms(token: string, field: string | undefined, stemmer: boolean): string[] {
  const joined = normalizeText(token);
  if (!joined) return [];
  const parts = token.toLocaleLowerCase('de').split(PUNCTUATION).filter(Boolean);
  const base = unique([joined, ...parts]);
  const german = stemmer && field !== undefined && GERMAN_FIELDS.has(field);
  return unique(
    base.flatMap((term) => [term, foldAccents(term), ...(german ? [germanStemmer(term)] : [])]),
  );
}

/** The forms a query token may match: as typed, folded, and its stem with the stemmer on. */
export function queryAlternatives(token: string, stemmer: boolean): string[] {
  const term = normalizeText(token);
  if (!term) return [];
  const terms = [term, foldAccents(term)];
  if (stemmer) terms.push(germanStemmer(term));
  return unique(terms);
}

interface IndexedEntry {
  id: number;
  word: string;
  bare: string;
  baseWord: string;
  translation: string;
}

/** Words are split at spaces and at separators; other punctuation stays inside a token. */
const tokenize = (text: string) => text.split(/[\s/,;:()[\]|·…]+/u).filter(Boolean);

/** Builds the index of a vocabulary for one translation language. */
export function buildIndex(input: Omit<IndexInput, 'version'>): MiniSearch<IndexedEntry> {
  const index = new MiniSearch<IndexedEntry>({
    idField: 'id',
    fields: ['word', 'bare', 'baseWord', 'translation'],
    storeFields: [],
    tokenize: (text) => tokenize(text),
    processTerm: (term, field) => indexTerms(term, field, input.stemmer),
    searchOptions: {
      prefix: true,
      fuzzy: 0.2,
      boost: { bare: 2, baseWord: 1.5, word: 1.2 },
      processTerm: (term) => normalizeText(term) || null,
    },
  });
  const seen = new Set<number>();
  const documents: IndexedEntry[] = [];
  for (const entry of input.entries) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    documents.push({
      id: entry.id,
      word: entry.word,
      bare: withoutArticle(entry.word),
      baseWord: entry.baseWord || withoutArticle(entry.word),
      translation: translationIn(entry, input.language) || entry.translationEn,
    });
  }
  index.addAll(documents);
  return index;
}

/**
 * The query tree of a search: every word of the query must match (AND), each in any of its
 * forms (OR). A leading article is ignored, so "die Katze" finds what "Katze" finds.
 */
export function buildQuery(query: string, stemmer: boolean): Query | null {
  const text = query
    .toLocaleLowerCase('de')
    .replace(/^[\p{P}\p{S}\s]+/u, '')
    .replace(ARTICLE, '');
  const tokens = tokenize(text).map(normalizeText).filter(Boolean);
  if (tokens.length === 0) return null;
  return {
    combineWith: 'AND',
    queries: tokens.map((token) => ({
      combineWith: 'OR',
      queries: queryAlternatives(token, stemmer),
    })),
  };
}

/** Entry ids matching a query, best first. */
export function searchIndex(
  index: MiniSearch<IndexedEntry>,
  query: string,
  stemmer: boolean,
): number[] {
  const tree = buildQuery(query, stemmer);
  if (!tree) return [];
  return index.search(tree).map((result) => result.id as number);
}

/** An index kept per (version, language, stemmer): rebuilt only when one of them changes. */
export class SearchEngine {
  private key: string | null = null;
  private index: MiniSearch<IndexedEntry> | null = null;
  private stemmer = false;

  /** Whether this input needs a new index. */
  needs(input: Pick<IndexInput, 'version' | 'language' | 'stemmer'>): boolean {
    return this.key !== indexKey(input);
  }

  load(input: IndexInput): void {
    if (!this.needs(input)) return;
    this.index = buildIndex(input);
    this.stemmer = input.stemmer;
    this.key = indexKey(input);
  }

  search(query: string): number[] {
    return this.index ? searchIndex(this.index, query, this.stemmer) : [];
  }

  /** Answers one worker message; null for messages that want no answer. */
  handle(message: SearchRequest): SearchResponse | null {
    if (message.type === 'index') {
      this.load(message);
      return null;
    }
    return { type: 'results', id: message.id, ids: this.search(message.query) };
  }
}

/**
 * A simple match on the device for words the index may not have (a saved word whose entry is
 * not loaded): the query, normalised, is part of the word or the translation.
 */
export function quickMatch(
  word: Pick<
    VocabularyEntry,
    'word' | 'baseWord' | 'translationEn' | 'translationEs' | 'translationKr'
  >,
  query: string,
  language: InterfaceLanguage,
): boolean {
  const needle = foldAccents(normalizeLookup(query));
  if (!needle) return false;
  const translation =
    language === 'es'
      ? word.translationEs
      : language === 'kr'
        ? word.translationKr
        : word.translationEn;
  return [word.word, word.baseWord, translation].some((text) =>
    foldAccents(normalizeText(text ?? '')).includes(needle),
  );
}

/** Whether a query has anything to search for once a leading article is dropped. */
export const hasSearchTerms = (query: string) => buildQuery(query, false) !== null;
