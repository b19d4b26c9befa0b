import { LOCAL_CARD_SYNC } from '@lesefuchs/core/srs/local-cards';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userTimeZone } from '../../lib/time-zone';
import type { SavedWord } from '../vocabulary/saved-words-model';
import {
  addLocalCards,
  hasLocalCards,
  localCardsForDeck,
  queueLocalReview,
  syncLocalCards,
} from './local-cards';
import { pendingReviews, stopReviewOutbox } from './review-outbox';
import { testCard } from './test-cards';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');
let answer: () => Promise<Response>;

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/api/sync')) throw new TypeError('offline');
      expect(String(url)).toBe('/api/flashcards/cards/upsert');
      expect(JSON.parse(String(init.body))).toEqual({
        cards: [{ localId: 'local-a', vocabularyId: 11 }],
      });
      return answer();
    }),
  );
});
afterEach(() => {
  stopReviewOutbox();
  vi.unstubAllGlobals();
});

const word = (id: number, level: string): SavedWord => ({
  id: `cloud-${id}`,
  vocabularyId: id,
  word: `Wort ${id}`,
  translationEn: `word ${id}`,
  translationEs: `palabra ${id}`,
  translationKr: `단어 ${id}`,
  partOfSpeech: 'noun',
  level,
  example: '',
  gender: 'feminine',
  plural: null,
  storyTitle: '',
  storyId: null,
  contextSentence: null,
  notes: null,
  dateAdded: NOW,
  lastReviewed: null,
  reviewCount: 0,
  masteryLevel: 0,
  difficultyRating: null,
  isTemporary: false,
});

describe('local cards', () => {
  it('are made from the saved words of the deck levels that have no card yet', () => {
    const words = [word(1, 'A1'), word(2, 'B1'), word(3, 'A1'), word(4, 'A1')];
    const cards = localCardsForDeck(words, ['A1'], new Set([3]), 5, new Date(NOW));
    expect(cards.map((c) => c.vocabulary_id)).toEqual([1, 4]);
    expect(cards.every((c) => String(c.id).startsWith('local-') && c.card_state === 'new')).toBe(
      true,
    );
    expect(localCardsForDeck(words, [], new Set(), 1, new Date(NOW))).toHaveLength(1);
  });

  it('sync by upsert: the id is remapped and the reviews made meanwhile go to the outbox', async () => {
    answer = async () =>
      new Response(JSON.stringify({ cards: [{ localId: 'local-a', card: testCard(501) }] }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    addLocalCards('u1', [testCard('local-a', 'new', undefined, { vocabulary_id: 11 })], NOW);
    queueLocalReview('u1', {
      localId: 'local-a',
      reviewId: 'review-local-1',
      rating: 'good',
      reviewedAt: NOW + 5,
    });
    const remaps: [string, number | string][] = [];
    const failed = await syncLocalCards('u1', (from, card) => remaps.push([from, card.id]), {
      now: NOW,
      force: true,
    });
    expect(failed).toEqual([]);
    expect(remaps).toEqual([['local-a', 501]]);
    expect(hasLocalCards('u1')).toBe(false);
    expect(pendingReviews('u1').map((r) => r.payload)).toEqual([
      { cardId: 501, rating: 'good', reviewedAt: NOW + 5, timeZone: userTimeZone() },
    ]);
  });

  it('move to the failed list after 5 failed attempts, pruned after 720 hours', async () => {
    answer = async () => new Response('{}', { status: 500 });
    addLocalCards('u1', [testCard('local-a', 'new', undefined, { vocabulary_id: 11 })], NOW);
    for (let attempt = 1; attempt < LOCAL_CARD_SYNC.maxAttempts; attempt++)
      expect(await syncLocalCards('u1', () => undefined, { now: NOW, force: true })).toEqual([]);
    const failed = await syncLocalCards('u1', () => undefined, { now: NOW, force: true });
    expect(failed.map((f) => f.localId)).toEqual(['local-a']);
    expect(hasLocalCards('u1')).toBe(false);
    const stored = () =>
      JSON.parse(localStorage.getItem('lesefuchs.flashcards.localCards.u1') ?? 'null');
    expect(stored()?.failed).toHaveLength(1);
    await syncLocalCards('u1', () => undefined, { now: NOW + LOCAL_CARD_SYNC.failedPruneMs });
    expect(stored()).toBe(null);
  });
});
