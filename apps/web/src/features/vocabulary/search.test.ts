import { describe, expect, it } from 'vitest';
import type { VocabularyEntry } from '../stories/stories-api';
import { createSearchClient } from './search-client';
import {
  buildIndex,
  buildQuery,
  foldAccents,
  hasSearchTerms,
  indexKey,
  indexTerms,
  normalizeLookup,
  quickMatch,
  SearchEngine,
  searchIndex,
} from './search-index';

const entry = (
  id: number,
  word: string,
  translations: [string, string, string],
  extra: Partial<VocabularyEntry> = {},
): VocabularyEntry => ({
  id,
  word,
  baseWord: word.replace(/^(der|die|das)\s+/, ''),
  translationEn: translations[0],
  translationEs: translations[1],
  translationKr: translations[2],
  partOfSpeech: 'noun',
  difficultyLevel: 'A1',
  exampleSentence: '',
  gender: null,
  plural: null,
  ...extra,
});

const entries = [
  entry(1, 'der Bahnhof', ['train station', 'la estación de tren', '기차역'], {
    gender: 'masculine',
  }),
  entry(2, 'das Haus', ['house', 'la casa', '집'], { gender: 'neuter' }),
  entry(3, 'die Katze', ['cat', 'el gato', '고양이'], { gender: 'feminine' }),
  entry(4, 'sich freuen', ['to be happy', 'alegrarse', '기뻐하다'], {
    baseWord: 'freuen',
    partOfSpeech: 'verb',
  }),
  entry(5, 'über', ['over, about', 'sobre', '위에'], { partOfSpeech: 'preposition' }),
  entry(6, 'die E-Mail', ['email', 'el correo electrónico', '이메일'], { gender: 'feminine' }),
  entry(7, 'laufen', ['to run', 'correr', '달리다'], { partOfSpeech: 'verb' }),
];

const search = (query: string, language: 'en' | 'es' | 'kr' = 'en', stemmer = false) =>
  searchIndex(buildIndex({ entries, language, stemmer }), query, stemmer);

describe('normalising a lookup', () => {
  it('lower-cases, strips punctuation and drops a leading der, die or das', () => {
    expect(normalizeLookup('Der Bahnhof!')).toBe('bahnhof');
    expect(normalizeLookup('  die   Katze? ')).toBe('katze');
    expect(normalizeLookup('DAS Haus.')).toBe('haus');
    expect(normalizeLookup('E-Mail')).toBe('email');
    // The article alone, or inside a word, stays.
    expect(normalizeLookup('die')).toBe('die');
    expect(normalizeLookup('Derwisch')).toBe('derwisch');
  });

  it('folds accents but keeps Korean whole', () => {
    expect(foldAccents('über')).toBe('uber');
    expect(foldAccents('estación')).toBe('estacion');
    expect(foldAccents('기차역')).toBe('기차역');
  });

  it('indexes a hyphenated word whole and in parts, stems only with the stemmer', () => {
    expect(indexTerms('E-Mail', 'word', false)).toEqual(['email', 'e', 'mail']);
    expect(indexTerms('Häuser', 'bare', true)).toContain('haus');
    expect(indexTerms('Häuser', 'bare', false)).not.toContain('haus');
    expect(indexTerms('houses', 'translation', true)).toEqual(['houses']);
  });

  it('has nothing to search for in an empty query or a lone article with a space', () => {
    expect(hasSearchTerms('')).toBe(false);
    expect(hasSearchTerms(' ?! ')).toBe(false);
    expect(hasSearchTerms('der ')).toBe(false);
    expect(hasSearchTerms('der Z')).toBe(true);
    expect(buildQuery('die Katze', false)).toEqual({
      combineWith: 'AND',
      queries: [{ combineWith: 'OR', queries: ['katze'] }],
    });
  });
});

describe('searching the vocabulary', () => {
  it('finds a noun with or without its article, and by prefix', () => {
    expect(search('Bahnhof')[0]).toBe(1);
    expect(search('der Bahnhof')[0]).toBe(1);
    expect(search('bahn')[0]).toBe(1);
    expect(search('die Katze')[0]).toBe(3);
  });

  it('finds the base word of a reflexive verb', () => {
    expect(search('freuen')[0]).toBe(4);
  });

  it('tolerates a typo (fuzzy 0.2)', () => {
    expect(search('Banhof')).toContain(1);
    expect(search('Bahnhov')).toContain(1);
  });

  it('matches without umlauts and without punctuation', () => {
    expect(search('uber')).toContain(5);
    expect(search('email')).toContain(6);
    expect(search('E-Mail')[0]).toBe(6);
  });

  it('searches the translation of the chosen language only', () => {
    expect(search('station', 'en')[0]).toBe(1);
    expect(search('station', 'es')).not.toContain(1);
    expect(search('estacion', 'es')[0]).toBe(1);
    expect(search('고양', 'kr')[0]).toBe(3);
    expect(search('gato', 'en')).toEqual([]);
  });

  it('needs every word of the query', () => {
    expect(search('train station')).toEqual([1]);
    expect(search('train house')).toEqual([]);
  });

  it('finds inflected forms with the German stemmer on', () => {
    expect(search('Häuser', 'en', false)).not.toContain(2);
    expect(search('Häuser', 'en', true)).toContain(2);
    expect(search('laufe', 'en', true)).toContain(7);
  });
});

describe('the search engine', () => {
  it('builds one index per version, language and stemmer', () => {
    const engine = new SearchEngine();
    const input = { version: 'v1', entries, language: 'en' as const, stemmer: false };
    expect(engine.needs(input)).toBe(true);
    engine.load(input);
    expect(engine.needs(input)).toBe(false);
    expect(engine.needs({ ...input, language: 'es' })).toBe(true);
    expect(engine.needs({ ...input, stemmer: true })).toBe(true);
    expect(engine.needs({ ...input, version: 'v2' })).toBe(true);
    expect(indexKey(input)).toBe('v1|en|plain');
  });

  it('answers worker messages', () => {
    const engine = new SearchEngine();
    expect(engine.handle({ type: 'search', id: 1, query: 'haus' })).toEqual({
      type: 'results',
      id: 1,
      ids: [],
    });
    expect(
      engine.handle({ type: 'index', version: 'v1', entries, language: 'en', stemmer: false }),
    ).toBeNull();
    expect(engine.handle({ type: 'search', id: 2, query: 'das Haus' })).toEqual({
      type: 'results',
      id: 2,
      ids: [2],
    });
  });

  it('runs on the main thread where there is no worker', async () => {
    const client = createSearchClient(() => null);
    expect(await client.search('haus')).toEqual([]);
    client.index({ version: 'v1', entries, language: 'es', stemmer: false });
    expect(await client.search('gato')).toEqual([3]);
    client.dispose();
  });
});

describe('matching a saved word on the device', () => {
  it('looks in the word and the translation of the language', () => {
    const word = entries[0] as VocabularyEntry;
    expect(quickMatch(word, 'der bahn', 'en')).toBe(true);
    expect(quickMatch(word, 'estacion', 'es')).toBe(true);
    expect(quickMatch(word, 'estacion', 'en')).toBe(false);
    expect(quickMatch(word, '', 'en')).toBe(false);
  });
});
