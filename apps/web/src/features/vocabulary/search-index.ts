import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { VocabularyEntry } from '../stories/stories-api';
import { translationIn } from '../stories/stories-api';
import { type FormsLookup, formToLookUp } from './search-forms';
import { type Hit, queryFacts, type RankFacts, rankFacts, rankHits } from './search-rank';
import { ARTICLE, normalizeLookup, normalizeText, PUNCTUATION, spellings } from './search-text';

// The vocabulary search (run in a Web Worker by search.worker.ts, or here on the main thread
// where workers are missing). One MiniSearch index per (vocabulary version, translation
// language, stemmer): the word, the word without its article, the base word and the
// translation in the learner's language; prefix matching, and one typo in words of five letters
// or more (a shorter word has too many one-letter neighbours: Hose is not Haus). Terms are lower
// case without punctuation, indexed in every spelling a learner may type (Straße as strasse,
// müde as mude and muede, está as esta); with the German stemmer on, the German fields are
// indexed with their stems as well (Häuser → haus). The results are ordered by search-rank.ts;
// the form look-up (search-forms.ts) brings the lemma of an inflected form to the top.

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

/** Typos are forgiven from this length on, one edit per word. */
export const TYPO_MIN_LENGTH = 5;

/** The word without its article ("der Apfel" → "Apfel"). */
export const withoutArticle = (word: string) => word.trim().replace(/^(der|die|das)\s+/i, '');

export const indexKey = (input: Pick<IndexInput, 'version' | 'language' | 'stemmer'>) =>
  `${input.version}|${input.language}|${input.stemmer ? 'stem' : 'plain'}`;

const GERMAN_FIELDS = new Set(['word', 'bare', 'baseWord']);
const unique = (terms: string[]) => [...new Set(terms.filter(Boolean))];

/**
 * The terms indexed for one token of a field: the token without punctuation (E-Mail → email)
 * and its parts (e, mail), each in its spellings (Straße → strasse, müde → mude, muede) and,
 * for German fields with the stemmer on, stemmed.
 */
export function indexTerms(token: string, field: string | undefined, stemmer: boolean): string[] {
  const joined = normalizeText(token);
  if (!joined) return [];
  const parts = token.toLocaleLowerCase('de').split(PUNCTUATION).filter(Boolean);
  const base = unique([joined, ...parts]);
  const german = stemmer && field !== undefined && GERMAN_FIELDS.has(field);
  return unique(
    base.flatMap((term) => [...spellings(term), ...(german ? [germanStemmer(term)] : [])]),
  );
}

/**
 * The forms a query token may match: as typed (the index holds the words' other spellings)
 * and, with the stemmer on, its stem.
 */
export function queryAlternatives(token: string, stemmer: boolean): string[] {
  const term = normalizeText(token);
  if (!term) return [];
  return unique(stemmer ? [term, germanStemmer(term)] : [term]);
}

interface IndexedEntry {
  id: number;
  word: string;
  bare: string;
  baseWord: string;
  translation: string;
}

/** An index with what the ranking knows of each of its entries. */
export interface VocabularyIndex {
  search: MiniSearch<IndexedEntry>;
  facts: Map<number, RankFacts>;
  /** Every spelling of every German word of the vocabulary. */
  words: Set<string>;
  language: InterfaceLanguage;
}

/** Words are split at spaces and at separators; other punctuation stays inside a token. */
const tokenize = (text: string) => text.split(/[\s/,;:()[\]|·…]+/u).filter(Boolean);

const typos = (term: string) => (term.length >= TYPO_MIN_LENGTH ? 1 : 0);

/** Builds the index of a vocabulary for one translation language. */
export function buildIndex(input: Omit<IndexInput, 'version'>): VocabularyIndex {
  const search = new MiniSearch<IndexedEntry>({
    idField: 'id',
    fields: ['word', 'bare', 'baseWord', 'translation'],
    storeFields: [],
    tokenize: (text) => tokenize(text),
    processTerm: (term, field) => indexTerms(term, field, input.stemmer),
    searchOptions: {
      prefix: true,
      fuzzy: typos,
      boost: { bare: 2, baseWord: 1.5, word: 1.2 },
      processTerm: (term) => normalizeText(term) || null,
    },
  });
  const facts = new Map<number, RankFacts>();
  const words = new Set<string>();
  const documents: IndexedEntry[] = [];
  for (const entry of input.entries) {
    if (facts.has(entry.id)) continue;
    const document = {
      id: entry.id,
      word: entry.word,
      bare: withoutArticle(entry.word),
      baseWord: entry.baseWord || withoutArticle(entry.word),
      translation: translationIn(entry, input.language) || entry.translationEn,
    };
    documents.push(document);
    const entryFacts = rankFacts(
      { ...document, noun: entry.partOfSpeech.endsWith('noun'), level: entry.difficultyLevel },
      input.language,
    );
    facts.set(entry.id, entryFacts);
    for (const word of entryFacts.german) words.add(word);
  }
  search.addAll(documents);
  return { search, facts, words, language: input.language };
}

/** The words of a query, each with the forms it may match; none for an empty query. */
function queryTokens(query: string, stemmer: boolean): string[][] {
  const text = query
    .toLocaleLowerCase('de')
    .replace(/^[\p{P}\p{S}\s]+/u, '')
    .replace(ARTICLE, '');
  return tokenize(text)
    .map(normalizeText)
    .filter(Boolean)
    .map((token) => queryAlternatives(token, stemmer));
}

const treeOf = (tokens: readonly string[][]): Query => ({
  combineWith: 'AND',
  queries: tokens.map((alternatives) => ({ combineWith: 'OR', queries: alternatives })),
});

/**
 * The query tree of a search: every word of the query must match (AND), each in any of its
 * forms (OR). A leading article is ignored, so "die Katze" finds what "Katze" finds.
 */
export function buildQuery(query: string, stemmer: boolean): Query | null {
  const tokens = queryTokens(query, stemmer);
  return tokens.length === 0 ? null : treeOf(tokens);
}

const hitOf = (result: SearchResult): Hit => ({ id: result.id as number, terms: result.terms });

/**
 * Entry ids matching a query, best first (see search-rank.ts); `formIds`, the entries the typed
 * form belongs to, are placed right after the German word itself.
 */
export function searchIndex(
  index: VocabularyIndex,
  query: string,
  stemmer: boolean,
  formIds: readonly number[] = [],
): number[] {
  const tokens = queryTokens(query, stemmer);
  if (tokens.length === 0) return [];
  const hits = index.search.search(treeOf(tokens)).map(hitOf);
  return rankHits(hits, index.facts, queryFacts(query, index.language, tokens), formIds);
}

/** Whether an entry is this very German word, in any spelling ("strasse" is die Straße). */
export const hasWord = (index: VocabularyIndex, query: string) =>
  index.words.has(normalizeLookup(query));

/**
 * An index kept per (version, language, stemmer), rebuilt only when one of them changes; with
 * a form look-up, a query that may be an inflected form asks it first.
 */
export class SearchEngine {
  private key: string | null = null;
  private index: VocabularyIndex | null = null;
  private stemmer = false;

  constructor(private readonly lookupForms: FormsLookup | null = null) {}

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

  /** The ranked ids from the index alone, with `formIds` when they are known. */
  search(query: string, formIds: readonly number[] = []): number[] {
    return this.index ? searchIndex(this.index, query, this.stemmer, formIds) : [];
  }

  /**
   * The ranked ids, with the form look-up asked first for one word that is not itself an
   * entry (the word itself ranks first anyway, so the round trip would add nothing).
   */
  async find(query: string): Promise<number[]> {
    if (!this.index) return [];
    const form = formToLookUp(normalizeLookup(query));
    const ask = this.lookupForms && form !== null && !hasWord(this.index, query);
    const formIds = ask ? ((await this.lookupForms?.(form)) ?? []) : [];
    return this.search(query, formIds);
  }

  /** Answers one worker message; null for messages that want no answer. */
  async handle(message: SearchRequest): Promise<SearchResponse | null> {
    if (message.type === 'index') {
      this.load(message);
      return null;
    }
    return { type: 'results', id: message.id, ids: await this.find(message.query) };
  }
}

/**
 * A simple match on the device for words the index may not have (a saved word whose entry is
 * not loaded): the query, normalised, is part of the word or the translation in one of its
 * spellings.
 */
export function quickMatch(
  word: Pick<
    VocabularyEntry,
    'word' | 'baseWord' | 'translationEn' | 'translationEs' | 'translationKr'
  >,
  query: string,
  language: InterfaceLanguage,
): boolean {
  const needle = normalizeLookup(query);
  if (!needle) return false;
  const translation =
    language === 'es'
      ? word.translationEs
      : language === 'kr'
        ? word.translationKr
        : word.translationEn;
  return [word.word, word.baseWord, translation].some((text) =>
    spellings(normalizeText(text ?? '')).some((spelling) => spelling.includes(needle)),
  );
}

/** Whether a query has anything to search for once a leading article is dropped. */
export const hasSearchTerms = (query: string) => buildQuery(query, false) !== null;
