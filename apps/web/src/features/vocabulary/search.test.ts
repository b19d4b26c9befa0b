import { describe, expect, it } from 'vitest';
import type { VocabularyEntry } from '../stories/stories-api';
import { createSearchClient } from './search-client';
import { createFormsLookup } from './search-forms';
import {
  buildIndex,
  buildQuery,
  hasSearchTerms,
  indexKey,
  indexTerms,
  quickMatch,
  SearchEngine,
  searchIndex,
} from './search-index';
import { foldAccents, meaningsOf, normalizeLookup, spellings } from './search-text';

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
  entry(8, 'die Hose', ['trousers, pants', 'el pantalón', '바지'], { gender: 'feminine' }),
  entry(9, 'die Straße', ['street, road', 'la calle', '거리, 길'], { gender: 'feminine' }),
  entry(10, 'müde', ['tired', 'cansado', '피곤한'], { partOfSpeech: 'adjective' }),
  entry(11, 'gehen', ['to go, to walk', 'ir, caminar', '가다, 걷다'], { partOfSpeech: 'verb' }),
  entry(12, 'die Weile', ['while, a period of time', 'el rato', '잠시'], { gender: 'feminine' }),
  entry(13, 'inzwischen', ['in the meantime, for a while', 'mientras tanto', '그 사이에'], {
    partOfSpeech: 'adverb',
  }),
  entry(14, 'das Gift', ['poison', 'el veneno', '독'], { gender: 'neuter' }),
  entry(15, 'das Geschenk', ['gift, present', 'el regalo', '선물'], { gender: 'neuter' }),
  entry(16, 'das Essen', ['food, meal', 'la comida', '음식'], { gender: 'neuter' }),
  entry(17, 'essen', ['to eat', 'comer', '먹다'], { partOfSpeech: 'verb' }),
  entry(18, 'fahren', ['to drive, to go (by vehicle)', 'conducir, ir', '타고 가다'], {
    partOfSpeech: 'verb',
  }),
  entry(19, 'buchen', ['to book', 'reservar', '예약하다'], { partOfSpeech: 'verb' }),
  entry(20, 'das Buch', ['book', 'el libro', '책'], { gender: 'neuter' }),
  entry(21, 'die Fahrt', ['journey, ride', 'el viaje', '여행'], { gender: 'feminine' }),
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

  it('knows the spellings of a German word without a German keyboard', () => {
    expect(spellings('straße')).toEqual(['straße', 'strasse']);
    expect(spellings('müde')).toEqual(['müde', 'mude', 'muede']);
    expect(spellings('grüßen')).toEqual(['grüßen', 'grüssen', 'grussen', 'gruessen']);
    expect(spellings('haus')).toEqual(['haus']);
  });

  it('splits a translation into its meanings, without notes, "to" or an article', () => {
    expect(meaningsOf('while, a period of time', 'en')).toEqual(['while', 'period of time']);
    expect(meaningsOf('to know (a fact)', 'en')).toEqual(['know']);
    expect(meaningsOf('la casa', 'es')).toEqual(['casa']);
    expect(meaningsOf('a casa', 'es')).toEqual(['a casa']);
    expect(meaningsOf('~할 수 있다', 'kr')).toEqual(['할 수 있다']);
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

  it('tolerates one typo in a word of five letters or more, none in a shorter one', () => {
    expect(search('Banhof')).toContain(1);
    expect(search('Bahnhov')).toContain(1);
    expect(search('Strase')[0]).toBe(9);
    expect(search('Hose')).not.toContain(2);
    expect(search('Haus')).not.toContain(8);
    expect(search('Hunt')).toEqual([]);
  });

  it('folds ß and umlauts both ways, and case', () => {
    for (const query of ['strasse', 'Strasse', 'STRASSE', 'straße'])
      expect(search(query)[0]).toBe(9);
    for (const query of ['muede', 'mude', 'müde', 'Müde']) expect(search(query)[0]).toBe(10);
    // An umlaut typed is meant: "fährt" is not the word die Fahrt, only one letter off it.
    const index = buildIndex({ entries, language: 'en', stemmer: false });
    expect(searchIndex(index, 'fährt', false, [18])).toEqual([18, 21]);
  });

  it('puts an exact meaning first, the whole translation or its first meaning before a later one', () => {
    expect(search('house').slice(0, 2)).toEqual([2, 8]);
    expect(search('while')[0]).toBe(12);
    expect(search('while')).toContain(13);
    expect(search('go').slice(0, 2)).toEqual([11, 18]);
    expect(search('to go').slice(0, 2)).toEqual([11, 18]);
    expect(search('to run')[0]).toBe(7);
    expect(search('book').slice(0, 2)).toEqual([20, 19]);
    expect(search('to book')).toEqual([19]);
  });

  it('puts the German word before everything, a noun first when written with a capital', () => {
    expect(search('gift').slice(0, 2)).toEqual([14, 15]);
    expect(search('Essen').slice(0, 2)).toEqual([16, 17]);
    expect(search('essen').slice(0, 2)).toEqual([17, 16]);
    expect(search('das essen')[0]).toBe(16);
  });

  it('puts the entries of a typed form right after the German word itself', () => {
    const index = buildIndex({ entries, language: 'en', stemmer: false });
    expect(searchIndex(index, 'ging', false, [11, 999])).toEqual([11]);
    expect(searchIndex(index, 'Haus', false, [11])).toEqual([2, 11]);
    expect(searchIndex(index, 'house', false, [7]).slice(0, 2)).toEqual([7, 2]);
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

  it('answers worker messages', async () => {
    const engine = new SearchEngine();
    expect(await engine.handle({ type: 'search', id: 1, query: 'haus' })).toEqual({
      type: 'results',
      id: 1,
      ids: [],
    });
    expect(
      await engine.handle({
        type: 'index',
        version: 'v1',
        entries,
        language: 'en',
        stemmer: false,
      }),
    ).toBeNull();
    expect(await engine.handle({ type: 'search', id: 2, query: 'das Haus' })).toEqual({
      type: 'results',
      id: 2,
      ids: [2],
    });
  });

  it('asks the form look-up for one word that is not itself an entry', async () => {
    const asked: string[] = [];
    const engine = new SearchEngine(async (form) => {
      asked.push(form);
      return form === 'ging' ? [11] : [];
    });
    engine.load({ version: 'v1', entries, language: 'en', stemmer: false });
    expect(await engine.find('ging')).toEqual([11]);
    expect((await engine.find('Gehen'))[0]).toBe(11);
    await engine.find('strasse');
    await engine.find('train station');
    await engine.find('고양이');
    await engine.find('x');
    expect(asked).toEqual(['ging']);
  });

  it('searches the device alone when the form look-up has no answer', async () => {
    const engine = new SearchEngine(async () => null);
    engine.load({ version: 'v1', entries, language: 'en', stemmer: false });
    expect(await engine.find('ging')).toEqual([]);
    expect((await engine.find('strase'))[0]).toBe(9);
  });

  it('runs on the main thread where there is no worker', async () => {
    const client = createSearchClient(() => null, null);
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
    expect(quickMatch(entries[8] as VocabularyEntry, 'strasse', 'en')).toBe(true);
    expect(quickMatch(entries[8] as VocabularyEntry, 'strase', 'en')).toBe(false);
  });
});

describe('the form look-up', () => {
  const answering = (status: number, body: unknown) => {
    const urls: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response(JSON.stringify(body), { status });
    };
    return { urls, fetch: fetch as typeof globalThis.fetch };
  };

  it('asks the server once per form and keeps the answer', async () => {
    const server = answering(200, { form: 'häuser', ids: [2] });
    const lookup = createFormsLookup({ fetch: server.fetch });
    expect(await lookup('häuser')).toEqual([2]);
    expect(await lookup('häuser')).toEqual([2]);
    expect(server.urls).toEqual(['/api/vocabulary/forms?q=h%C3%A4user']);
  });

  it('has no answer offline, on an error or a malformed answer, and asks again later', async () => {
    const offline = answering(200, { ids: [2] });
    expect(await createFormsLookup({ fetch: offline.fetch, online: () => false })('ging')).toBe(
      null,
    );
    expect(offline.urls).toEqual([]);
    const failing = answering(503, { error: { code: 'internal_error' } });
    const lookup = createFormsLookup({ fetch: failing.fetch });
    expect(await lookup('ging')).toBeNull();
    expect(await lookup('ging')).toBeNull();
    expect(failing.urls).toHaveLength(2);
    expect(await createFormsLookup({ fetch: answering(200, { ids: ['x'] }).fetch })('ging')).toBe(
      null,
    );
    const unreachable = createFormsLookup({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await unreachable('ging')).toBeNull();
  });
});
