import type { Level } from '@lesefuchs/core/content/taxonomy';
import { DEFAULT_PREFERENCES } from '@lesefuchs/core/preferences/preferences';
import { afterEach, describe, expect, it } from 'vitest';
import type { VocabularyEntry } from '../stories/stories-api';
import {
  baseDeck,
  DECK_INTENT_KEY,
  deckFromParam,
  deckHref,
  deckRows,
  deckSession,
  defaultDeck,
  entryFromSaved,
  formatDeck,
  initialDeck,
  levelCounts,
  parseDeck,
  preferencesChanged,
  preferencesHash,
  sameDeck,
  selectRows,
  setDeckIntent,
  sortEntries,
  toggleLevel,
  typeKey,
  typeOf,
} from './decks';
import type { SavedWord } from './saved-words-model';

const entry = (
  id: number,
  word: string,
  level: Level,
  partOfSpeech = 'noun',
  gender: VocabularyEntry['gender'] = null,
): VocabularyEntry => ({
  id,
  word,
  baseWord: word.replace(/^(der|die|das)\s+/, ''),
  translationEn: `${word} (en)`,
  translationEs: `${word} (es)`,
  translationKr: `${word} (kr)`,
  partOfSpeech,
  difficultyLevel: level,
  exampleSentence: '',
  gender,
  plural: null,
});

const savedWord = (vocabularyId: number, word: string, level: string): SavedWord => ({
  id: `cloud-${vocabularyId}`,
  vocabularyId,
  word,
  translationEn: 'x',
  translationEs: 'x',
  translationKr: 'x',
  partOfSpeech: 'noun',
  level,
  example: 'Ein Beispiel.',
  gender: 'masculine',
  plural: 'die Äpfel',
  storyTitle: 'Story Context',
  storyId: 3,
  contextSentence: 'Der Apfel ist rot.',
  notes: null,
  dateAdded: 1,
  lastReviewed: null,
  reviewCount: 0,
  masteryLevel: 0,
  difficultyRating: null,
  isTemporary: false,
});

const prefs = (deck: string, level: typeof DEFAULT_PREFERENCES.vocabularyDefaultLevel = 'All') => ({
  vocabularyDefaultDeck: deck,
  vocabularyDefaultLevel: level,
});

describe('deck strings', () => {
  it('parses saved, database and level decks', () => {
    expect(parseDeck('saved')).toEqual({ source: 'saved', levels: [] });
    expect(parseDeck('database')).toEqual({ source: 'database', levels: [] });
    expect(parseDeck('level-B1')).toEqual({ source: 'database', levels: ['B1'] });
    expect(parseDeck('level-B2+A1')).toEqual({ source: 'database', levels: ['A1', 'B2'] });
  });

  it('accepts a plus that arrived as a space, and lower case levels', () => {
    expect(parseDeck('level-A1 A2')).toEqual({ source: 'database', levels: ['A1', 'A2'] });
    expect(parseDeck(new URLSearchParams('deck=level-A1+A2').get('deck'))).toEqual({
      source: 'database',
      levels: ['A1', 'A2'],
    });
    expect(parseDeck('level-c1')).toEqual({ source: 'database', levels: ['C1'] });
  });

  it('rejects anything else', () => {
    for (const value of [null, undefined, '', 'level-', 'level-D1', 'level-A1+X', 'flashcards']) {
      expect(parseDeck(value), String(value)).toBeNull();
    }
  });

  it('formats a deck back, all six levels being the database', () => {
    expect(formatDeck({ source: 'saved', levels: ['A1'] })).toBe('saved');
    expect(formatDeck({ source: 'database', levels: [] })).toBe('database');
    expect(formatDeck({ source: 'database', levels: ['B2', 'A1'] })).toBe('level-A1+B2');
    expect(formatDeck({ source: 'database', levels: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] })).toBe(
      'database',
    );
    expect(sameDeck('level-A2+A1', 'level-A1+A2')).toBe(true);
    expect(sameDeck('saved', 'database')).toBe(false);
    expect(sameDeck('saved', null)).toBe(false);
  });

  it('links to a deck with the plus kept', () => {
    expect(deckHref('level-A1+A2')).toBe('/vocabulary?deck=level-A1%2BA2');
    const url = new URL(deckHref('level-A1+A2'), 'https://example.org');
    expect(url.searchParams.get('deck')).toBe('level-A1+A2');
  });
});

describe('default deck from the preferences', () => {
  it('is the database at every level by default', () => {
    expect(defaultDeck(DEFAULT_PREFERENCES)).toEqual({ source: 'database', levels: [] });
  });

  it('uses vocabularyDefaultDeck and vocabularyDefaultLevel', () => {
    expect(defaultDeck(prefs('saved'))).toEqual({ source: 'saved', levels: [] });
    expect(defaultDeck(prefs('database', 'B1'))).toEqual({ source: 'database', levels: ['B1'] });
    expect(defaultDeck(prefs('saved', 'A2'))).toEqual({ source: 'saved', levels: ['A2'] });
    // A deck that names its levels keeps them.
    expect(defaultDeck(prefs('level-C1', 'A1'))).toEqual({ source: 'database', levels: ['C1'] });
    // An unreadable deck is the database.
    expect(defaultDeck(prefs('nonsense'))).toEqual({ source: 'database', levels: [] });
  });

  it('notices a change of the preferences, but not a first visit', () => {
    const hash = preferencesHash(prefs('database'));
    expect(preferencesChanged(null, hash)).toBe(false);
    expect(preferencesChanged(hash, hash)).toBe(false);
    expect(preferencesChanged(preferencesHash(prefs('saved')), hash)).toBe(true);
    expect(preferencesHash(prefs('database', 'A1'))).not.toBe(hash);
  });
});

describe('the ?deck= parameter', () => {
  it('applies when there is no manual override', () => {
    expect(deckFromParam('saved', { intent: null, manual: null })).toEqual({
      source: 'saved',
      levels: [],
    });
  });

  it('does not apply over a manual override unless it is the session intent', () => {
    expect(deckFromParam('saved', { intent: null, manual: 'database' })).toBeNull();
    expect(deckFromParam('saved', { intent: 'level-A1', manual: 'database' })).toBeNull();
    expect(deckFromParam('level-A2+A1', { intent: 'level-A1+A2', manual: 'saved' })).toEqual({
      source: 'database',
      levels: ['A1', 'A2'],
    });
  });

  it('ignores a parameter that is not a deck', () => {
    expect(deckFromParam('everything', { intent: 'everything', manual: null })).toBeNull();
    expect(deckFromParam(null, { intent: 'saved', manual: null })).toBeNull();
  });

  it('opens on the parameter, else the manual choice, else the default', () => {
    const preferences = prefs('database', 'B1');
    expect(initialDeck({ param: 'saved', intent: null, manual: null, preferences }).source).toBe(
      'saved',
    );
    expect(initialDeck({ param: 'saved', intent: null, manual: 'level-C2', preferences })).toEqual({
      source: 'database',
      levels: ['C2'],
    });
    expect(initialDeck({ param: null, intent: null, manual: null, preferences })).toEqual({
      source: 'database',
      levels: ['B1'],
    });
    expect(baseDeck('garbage', preferences)).toEqual({ source: 'database', levels: ['B1'] });
  });
});

describe('session storage', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the intent, the manual deck and the preferences hash under their keys', () => {
    setDeckIntent('level-A1');
    expect(sessionStorage.getItem(DECK_INTENT_KEY)).toBe('level-A1');
    expect(deckSession.intent()).toBe('level-A1');
    deckSession.clearIntent();
    expect(deckSession.intent()).toBeNull();

    deckSession.setManual('saved');
    expect(sessionStorage.getItem('lesefuchs.vocabulary.manualDeck')).toBe('saved');
    deckSession.setManual(null);
    expect(deckSession.manual()).toBeNull();

    deckSession.setHash('h');
    expect(sessionStorage.getItem('lesefuchs.vocabulary.preferencesHash')).toBe('h');
  });
});

describe('rows and filters', () => {
  const entries = [
    entry(1, 'der Zug', 'A1', 'noun', 'masculine'),
    entry(2, 'gehen', 'A1', 'verb'),
    entry(3, 'die Ahnung', 'B2', 'noun', 'feminine'),
    entry(4, 'schnell', 'A2', 'adjective'),
    entry(5, 'Berlin', 'A1', 'proper noun'),
    entry(6, 'das Apfelmus', 'A1', 'noun', 'neuter'),
  ];

  it('sorts the database by level, then by the word without its article', () => {
    expect(sortEntries(entries).map((e) => e.id)).toEqual([6, 5, 2, 1, 4, 3]);
  });

  it('knows the 21 word types, with unknown ones as other', () => {
    expect(typeOf({ partOfSpeech: 'Proper Noun' })).toBe('proper noun');
    expect(typeOf({ partOfSpeech: 'gerund' })).toBe('other');
    expect(typeOf({ partOfSpeech: '' })).toBe('noun');
    expect(typeKey('proper noun')).toBe('proper_noun');
  });

  it('counts the levels A1 to C2', () => {
    expect(levelCounts(deckRows('database', entries, []))).toEqual({
      A1: 4,
      A2: 1,
      B1: 0,
      B2: 1,
      C1: 0,
      C2: 0,
    });
  });

  it('filters by type and levels, counting levels before the level filter', () => {
    const rows = deckRows('database', entries, []);
    const result = selectRows(rows, { levels: ['B2'], type: 'noun' }, null);
    expect(result.rows.map((row) => row.entry.id)).toEqual([3]);
    expect(result.counts.A1).toBe(2);
    expect(result.counts.B2).toBe(1);
    expect(selectRows(rows, { levels: [], type: 'all' }, null).rows).toHaveLength(6);
  });

  it('keeps the search order and adds rows matched on the device after it', () => {
    const rows = deckRows('database', entries, []);
    const result = selectRows(
      rows,
      { levels: [], type: 'all' },
      [4, 1],
      (row) => row.entry.id === 2,
    );
    expect(result.rows.map((row) => row.entry.id)).toEqual([4, 1, 2]);
    expect(selectRows(rows, { levels: [], type: 'all' }, []).rows).toEqual([]);
  });

  it('shows my list with the database entry, or one made from the saved word', () => {
    const rows = deckRows('saved', entries, [
      savedWord(1, 'der Zug', 'A1'),
      savedWord(99, 'der Apfel', 'B1'),
    ]);
    expect(rows[0]?.entry).toBe(entries[0]);
    expect(rows[1]?.entry).toMatchObject({
      id: 99,
      word: 'der Apfel',
      baseWord: 'Apfel',
      difficultyLevel: 'B1',
      gender: 'masculine',
      plural: 'die Äpfel',
    });
    expect(rows[1]?.saved?.contextSentence).toBe('Der Apfel ist rot.');
    expect(entryFromSaved(savedWord(7, 'x', 'Z9')).difficultyLevel).toBe('A1');
  });

  it('toggles levels, all six being every level', () => {
    expect(toggleLevel([], 'B1')).toEqual(['B1']);
    expect(toggleLevel(['B1'], 'A1')).toEqual(['A1', 'B1']);
    expect(toggleLevel(['A1', 'B1'], 'A1')).toEqual(['B1']);
    expect(toggleLevel(['A1', 'A2', 'B1', 'B2', 'C1'], 'C2')).toEqual([]);
  });
});
