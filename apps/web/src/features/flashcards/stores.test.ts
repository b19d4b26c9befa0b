import { createSession, SESSION_RULES } from '@lesefuchs/core/srs/session';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearCachedQueue, readCachedQueue, writeCachedQueue } from './live-queue-store';
import { clearSession, readDeck, readSession, writeDeck, writeSession } from './session-store';
import { testCard } from './test-cards';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');

beforeEach(() => localStorage.clear());

describe('the cached live queue', () => {
  const queue = { learning: [testCard(1)], review: [testCard(2, 'review')] };

  it('comes back for the same user and deck', () => {
    writeCachedQueue('u1', 'level-a1', queue, [testCard(3)], NOW);
    expect(readCachedQueue('u1', 'level-a1', NOW + 1000)).toMatchObject({
      timestamp: NOW,
      deck: 'level-a1',
      learning: queue.learning,
      review: queue.review,
      pool: [testCard(3)],
    });
    expect(readCachedQueue('u2', 'level-a1', NOW)).toBe(null);
    expect(readCachedQueue('u1', 'level-a2', NOW)).toBe(null);
  });

  it('is stale after 16 hours (960 minutes), and gone when cleared', () => {
    writeCachedQueue('u1', 'database', queue, [], NOW);
    expect(readCachedQueue('u1', 'database', NOW + SESSION_RULES.timeoutMs - 1)).not.toBe(null);
    expect(readCachedQueue('u1', 'database', NOW + SESSION_RULES.timeoutMs)).toBe(null);
    clearCachedQueue('u1');
    expect(readCachedQueue('u1', 'database', NOW)).toBe(null);
  });

  it('a damaged entry reads as none', () => {
    localStorage.setItem('lesefuchs.flashcards.queue.u1', '{not json');
    expect(readCachedQueue('u1', 'database', NOW)).toBe(null);
    localStorage.setItem(
      'lesefuchs.flashcards.queue.u1',
      JSON.stringify({ version: 1, deck: 'database' }),
    );
    expect(readCachedQueue('u1', 'database', NOW)).toBe(null);
  });
});

describe('the stored session', () => {
  const session = createSession({
    sessionId: 's1',
    userId: 'u1',
    deckName: 'level-a1',
    queue: [testCard(1)],
    studyParams: {
      newCardsTarget: 20,
      reviewCardsTarget: 50,
      options: { includeLeeches: false, includeSuspended: false },
    },
    now: NOW,
  });

  it('comes back for its user only', () => {
    writeSession(session);
    expect(readSession('u1')).toEqual(session);
    expect(readSession('u2')).toBe(null);
    clearSession('u1');
    expect(readSession('u1')).toBe(null);
  });

  it('a damaged session reads as none', () => {
    localStorage.setItem('lesefuchs.flashcards.session.u1', '{"sessionId":3}');
    expect(readSession('u1')).toBe(null);
  });
});

describe('the deck to open on', () => {
  beforeEach(() => localStorage.clear());

  it('is the one last studied, else the preference, reset to database when invalid (§5)', () => {
    expect(readDeck('u1', 'level-z9')).toBe('database');
    expect(readDeck('u1', undefined)).toBe('database');
    expect(readDeck('u1', 'level-b1')).toBe('level-b1');
    writeDeck('u1', 'saved+level-a1+level-a2');
    expect(readDeck('u1', 'level-b1')).toBe('saved+level-a1+level-a2');
    writeDeck('u1', 'saved+nonsense');
    expect(readDeck('u1', 'level-b1')).toBe('level-b1');
  });

  it('is the saved words for a learner with saved words who has not chosen a deck', () => {
    expect(readDeck('u1', 'database', false)).toBe('database');
    expect(readDeck('u1', 'database', true)).toBe('saved');
    // A preference of the learner's own stays theirs.
    expect(readDeck('u2', 'level-a2', true)).toBe('level-a2');
    // So does a deck chosen on the screen, all words included.
    writeDeck('u1', 'database');
    expect(readDeck('u1', 'database', true)).toBe('database');
  });

  it('follows a preference the learner changes, even back to all words', () => {
    writeDeck('u1', 'level-a1');
    expect(readDeck('u1', 'database', true)).toBe('level-a1');
    // Changed in the settings: it wins over the deck last studied here …
    expect(readDeck('u1', 'saved', true)).toBe('saved');
    // … and a change back to all words is a choice too, not the default.
    expect(readDeck('u1', 'database', true)).toBe('database');
  });
});
