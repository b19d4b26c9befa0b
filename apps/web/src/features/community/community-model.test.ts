import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import type { BoardRow, CollectionWord, OwnRow } from './community-api';
import {
  addWords,
  boardFromParam,
  chunks,
  collectionWordText,
  descriptionProblem,
  distinctIds,
  entryOfCollectionWord,
  levelFromParam,
  nameProblem,
  ownRowPlace,
  pageCount,
  pageFromParam,
  profileHref,
  serverProblems,
  sortFromParam,
  weekStartLabel,
} from './community-model';

const row = (rank: number, nickname: string, value: number): BoardRow => ({
  rank,
  nickname,
  avatarUrl: null,
  level: 'A2',
  value,
});
const me = (change: Partial<OwnRow> = {}): OwnRow => ({
  public: true,
  rank: 143,
  value: 37,
  nickname: 'Ada',
  avatarUrl: null,
  level: 'A2',
  ...change,
});
const word = (change: Partial<CollectionWord> = {}): CollectionWord => ({
  id: 7,
  lemma: 'Hund',
  article: 'der',
  partOfSpeech: 'noun',
  level: 'A1',
  translations: { en: 'dog', es: 'el perro', kr: '개' },
  ...change,
});

describe('the address of a board or a list', () => {
  it('takes only the known boards, sorts and levels, else the default', () => {
    expect(['week', 'all', 'streak', 'x', null].map(boardFromParam)).toEqual([
      'week',
      'all',
      'streak',
      'week',
      'week',
    ]);
    expect(['popular', 'newest', 'POPULAR', null].map(sortFromParam)).toEqual([
      'popular',
      'newest',
      'newest',
      'newest',
    ]);
    expect(['B2', 'b2', 'all', 'D1', null].map(levelFromParam)).toEqual([
      'B2',
      'all',
      'all',
      'all',
      'all',
    ]);
  });

  it('takes a page from 1 to 10 000 and nothing else', () => {
    expect(
      ['1', '7', '10000', '10001', '0', '-2', '1.5', '2e3', ' 3', 'abc', null].map(pageFromParam),
    ).toEqual([1, 7, 10000, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(349, 50)).toBe(7);
    expect(pageCount(Number.NaN, 50)).toBe(1);
  });
});

describe('the week of the week board', () => {
  it('names the first day in the interface language, as a UTC date', () => {
    expect(weekStartLabel('2026-11-23', 'en-GB')).toBe('23 November');
    expect(weekStartLabel('2026-11-23', 'es-ES')).toBe('23 de noviembre');
    expect(weekStartLabel('2026-11-23', 'ko-KR')).toBe('11월 23일');
  });
  it('names nothing for a malformed date', () => {
    expect(weekStartLabel('23.11.2026', 'en-GB')).toBeNull();
    expect(weekStartLabel('2026-13-45', 'en-GB')).toBeNull();
  });
});

describe('the own row', () => {
  const rows = [row(1, 'Bea', 90), row(2, 'ada', 80), row(2, 'Cem', 80)];
  it('is nowhere for a guest and a card for a learner who is not public', () => {
    expect(ownRowPlace(rows, null)).toEqual({ kind: 'guest' });
    expect(ownRowPlace(rows, me({ public: false, rank: null }))).toEqual({ kind: 'private' });
  });
  it('is highlighted when on the page (nicknames compare without case)', () => {
    expect(ownRowPlace(rows, me({ rank: 2, value: 80 }))).toEqual({ kind: 'on-page', index: 1 });
  });
  it('is pinned below the list when on another page', () => {
    expect(ownRowPlace(rows.slice(0, 1), me())).toEqual({ kind: 'pinned', rank: 143, value: 37 });
  });
  it('is "not ranked yet" for a public learner at 0', () => {
    expect(ownRowPlace(rows, me({ rank: null, value: 0 }))).toEqual({ kind: 'unranked', value: 0 });
  });
});

describe('a shared word as a saved word', () => {
  it('writes the article once and keeps the gender, meanings and level', () => {
    expect(collectionWordText(word())).toBe('der Hund');
    expect(collectionWordText(word({ lemma: 'der Hund' }))).toBe('der Hund');
    expect(collectionWordText(word({ lemma: 'gehen', article: null }))).toBe('gehen');
    expect(entryOfCollectionWord(word())).toEqual({
      id: 7,
      word: 'der Hund',
      baseWord: 'Hund',
      translationEn: 'dog',
      translationEs: 'el perro',
      translationKr: '개',
      partOfSpeech: 'noun',
      difficultyLevel: 'A1',
      exampleSentence: '',
      gender: 'masculine',
      plural: null,
    });
    expect(entryOfCollectionWord(word({ lemma: 'Katze', article: 'die' })).gender).toBe('feminine');
    expect(entryOfCollectionWord(word({ lemma: 'schnell', article: null })).gender).toBeNull();
  });

  it('adds only the words not saved, and counts what the store refused', () => {
    const saved = new Set([1]);
    const entries = [1, 2, 3, 4].map((id) => entryOfCollectionWord(word({ id })));
    const result = addWords(entries, {
      isSaved: (entry) => saved.has(entry.id),
      // A blocked learner: the store takes no more after the second word.
      save: (entry) => {
        if (saved.size < 3) saved.add(entry.id);
      },
    });
    expect(result).toEqual({ added: 2, already: 1, refused: 1 });
    expect([...saved]).toEqual([1, 2, 3]);
  });
});

describe('the input rules of a collection', () => {
  it('wants a name of 3 to 60 characters, by the title rules, without offensive words', () => {
    expect(nameProblem('Tiere')).toBeNull();
    expect(nameProblem('Zu')).toEqual({ kind: 'length', min: 3, max: 60 });
    expect(nameProblem('x'.repeat(61))).toEqual({ kind: 'length', min: 3, max: 60 });
    // Counted in characters, not UTF-16 units.
    expect(nameProblem('동물들')).toBeNull();
    expect(nameProblem('My HITLER words')).toEqual({ kind: 'offensive' });
    expect(nameProblem('<script>x')).toEqual({
      kind: 'rules',
      message: 'Invalid story title: Suspicious content detected',
    });
  });

  it('takes an empty description, refuses one over 500 or against the sentence rules', () => {
    expect(descriptionProblem('')).toBeNull();
    expect(descriptionProblem('Words for the kitchen.')).toBeNull();
    expect(descriptionProblem('a'.repeat(501))).toEqual({ kind: 'length', min: 0, max: 500 });
    expect(descriptionProblem('Hurensohn')).toEqual({ kind: 'offensive' });
    expect(descriptionProblem('see javascript:alert(1)')).toEqual({
      kind: 'rules',
      message: 'Invalid sentence: Suspicious content detected',
    });
  });

  it('reads the server’s refusal by field, else as a message about the form', () => {
    const invalid = new ApiRequestError(400, 'validation_failed', 'The request is not valid.', [
      { path: ['name'], message: 'Invalid story title: Suspicious content detected' },
      { path: ['name'], message: 'second message for the same field' },
      { path: ['vocabularyIds', 3], message: 'Unknown word' },
    ]);
    expect(serverProblems(invalid, ['name', 'description', 'vocabularyIds'] as const)).toEqual({
      fields: {
        name: 'Invalid story title: Suspicious content detected',
        vocabularyIds: 'Unknown word',
      },
      form: null,
    });
    const limited = new ApiRequestError(429, 'rate_limited', 'Too many changes. Wait a minute.');
    expect(serverProblems(limited, ['name'] as const)).toEqual({
      fields: {},
      form: 'Too many changes. Wait a minute.',
    });
    const unnamed = new ApiRequestError(400, 'bad_request', 'At most 50 collections.', [
      { path: [], message: 'At most 50 collections.' },
    ]);
    expect(serverProblems(unnamed, ['name'] as const)).toEqual({
      fields: {},
      form: 'At most 50 collections.',
    });
  });
});

describe('small helpers', () => {
  it('splits into runs, keeps distinct ids in order, and escapes a nickname in a link', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 100)).toEqual([]);
    expect(distinctIds([3, 1, 3, 2, 1])).toEqual([3, 1, 2]);
    expect(profileHref('Jörg_1')).toBe('/community/u/J%C3%B6rg_1');
  });
});
