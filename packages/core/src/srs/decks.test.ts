import { describe, expect, it } from 'vitest';
import {
  formatFlashcardDeck,
  isDefaultDeckName,
  levelDeckName,
  parseFlashcardDeck,
  parseLevelDeckName,
  sanitizeDeckPreference,
} from './decks.ts';

describe('flashcard deck selections', () => {
  it('reads saved, database and level decks joined with +', () => {
    expect(parseFlashcardDeck('database')).toEqual({ savedOnly: false, levels: [] });
    expect(parseFlashcardDeck('saved')).toEqual({ savedOnly: true, levels: [] });
    expect(parseFlashcardDeck('level-b1+level-a1')).toEqual({
      savedOnly: false,
      levels: ['A1', 'B1'],
    });
    expect(parseFlashcardDeck('saved+LEVEL-C2')).toEqual({ savedOnly: true, levels: ['C2'] });
  });

  it('leaves out unknown parts; nothing valid is the whole database', () => {
    expect(parseFlashcardDeck('level-d1+level-a2+x')).toEqual({ savedOnly: false, levels: ['A2'] });
    expect(parseFlashcardDeck('nonsense')).toEqual({ savedOnly: false, levels: [] });
  });

  it('formats a selection canonically and round-trips', () => {
    expect(formatFlashcardDeck({ savedOnly: false, levels: [] })).toBe('database');
    expect(formatFlashcardDeck({ savedOnly: true, levels: ['B2', 'A1'] })).toBe(
      'saved+level-a1+level-b2',
    );
    for (const value of ['database', 'saved', 'level-a1+level-c1', 'saved+level-b1']) {
      expect(formatFlashcardDeck(parseFlashcardDeck(value))).toBe(value);
    }
  });

  it('resets a stored preference deck outside the known values to database (§5)', () => {
    expect(sanitizeDeckPreference('level-c2')).toBe('level-c2');
    expect(sanitizeDeckPreference('saved')).toBe('saved');
    expect(sanitizeDeckPreference('level-z9')).toBe('database');
    expect(sanitizeDeckPreference(42)).toBe('database');
  });
});

describe('level deck names (§3, §5)', () => {
  it('names level decks Level-XX-De', () => {
    expect(levelDeckName('A1')).toBe('Level-A1-De');
  });

  it('matches case-insensitively, two characters of A–Z and 0–2, a missing level is A1', () => {
    expect(parseLevelDeckName('Level-B2-De')).toBe('B2');
    expect(parseLevelDeckName('level-c1-de')).toBe('C1');
    expect(parseLevelDeckName('Level-Z0-De')).toBe('A1');
    expect(parseLevelDeckName('Level-A3-De')).toBeNull();
    expect(parseLevelDeckName('Level-A-De')).toBeNull();
    expect(parseLevelDeckName('All-Vocabulary-De')).toBeNull();
    expect(parseLevelDeckName(undefined)).toBe('A1');
  });

  it('counts the legacy names as the default deck', () => {
    expect(isDefaultDeckName('flashcards')).toBe(true);
    expect(isDefaultDeckName('All-Vocabulary-De')).toBe(true);
    expect(isDefaultDeckName('Level-A1-De')).toBe(false);
  });
});
