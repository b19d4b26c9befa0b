import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATINGS } from './scheduler.ts';
import {
  appendToSession,
  autoFillOnResume,
  buildSessionQueue,
  completeCard,
  createSession,
  isCorrect,
  isSessionExpired,
  keepsStableNewIds,
  mixProportionally,
  remainingCardIds,
  remapSessionCardId,
  removeFromSession,
  resumableSession,
  SESSION_RULES,
  type SessionCard,
  type SessionState,
  seededShuffle,
  stableNewIdsAfterDeckChange,
  uncompleteCard,
} from './session.ts';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const newCard = (id: number): SessionCard => ({
  id,
  card_state: 'new',
  due_at: iso(NOW - 1000),
  repetitions: 0,
  last_reviewed_at: null,
});
const dueCard = (id: number, minutesAgo = 60): SessionCard => ({
  id,
  card_state: 'review',
  due_at: iso(NOW - minutesAgo * 60_000),
  repetitions: 3,
  last_reviewed_at: iso(NOW - 10 * 24 * HOUR),
});
const learningCard = (id: number, dueInMinutes: number): SessionCard => ({
  id,
  card_state: 'learning',
  due_at: iso(NOW + dueInMinutes * 60_000),
  repetitions: 0,
  last_reviewed_at: iso(NOW - 60_000),
});
const identity = <T>(items: readonly T[]) => [...items];
const ids = (cards: readonly SessionCard[]) => cards.map((card) => card.id);
const params = {
  newCardsTarget: 20,
  reviewCardsTarget: 50,
  options: { includeLeeches: false, includeSuspended: false },
};

function session(queue: SessionCard[], overrides: Partial<SessionState> = {}): SessionState {
  return {
    ...createSession({
      sessionId: 's1',
      userId: 'u1',
      deckName: 'level-a1',
      queue,
      studyParams: params,
      now: NOW,
    }),
    ...overrides,
  };
}

describe('the session rules', () => {
  it('are the spec numbers', () => {
    expect(SESSION_RULES).toEqual({
      timeoutMs: 57_600_000,
      autoFillBelow: 3,
      autoFillNew: 10,
      autoFillReview: 20,
      newCardsTarget: 20,
      reviewCardsTarget: 50,
    });
  });
});

describe('seededShuffle', () => {
  it('is a permutation, the same for the same seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = seededShuffle(42)(items);
    expect(a).toEqual(seededShuffle(42)(items));
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(a).not.toEqual(items);
    expect(seededShuffle(7)(items)).not.toEqual(a);
  });
});

describe('mixProportionally', () => {
  it('spreads the shorter list evenly, the first list winning a tie', () => {
    const due = ['d1', 'd2', 'd3', 'd4'];
    const fresh = ['n1', 'n2'];
    expect(mixProportionally(due, fresh)).toEqual(['d1', 'n1', 'd2', 'd3', 'n2', 'd4']);
    expect(mixProportionally(['d1'], ['n1'])).toEqual(['d1', 'n1']);
    expect(mixProportionally([], ['n1', 'n2'])).toEqual(['n1', 'n2']);
  });

  it('property: keeps every item and each list in its order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.array(fc.integer()), (a, b) => {
        const first = a.map((v) => ({ list: 0, v }));
        const second = b.map((v) => ({ list: 1, v }));
        const mixed = mixProportionally(first, second);
        expect(mixed).toHaveLength(a.length + b.length);
        expect(mixed.filter((x) => x.list === 0)).toEqual(first);
        expect(mixed.filter((x) => x.list === 1)).toEqual(second);
      }),
    );
  });
});

describe('buildSessionQueue', () => {
  it('puts learning cards first by due time, then due cards mixed with shuffled new cards', () => {
    const queue = buildSessionQueue(
      {
        learning: [learningCard(30, 10), learningCard(31, -5)],
        due: [dueCard(1), dueCard(2), dueCard(3), dueCard(4)],
        new: [newCard(10), newCard(11)],
      },
      { shuffle: (items) => [...items].reverse() },
    );
    expect(ids(queue)).toEqual([31, 30, 1, 11, 2, 3, 10, 4]);
  });

  it('keeps a card found among both the due and the new cards once: as new if never reviewed', () => {
    const reviewedButNew = { ...newCard(5), repetitions: 1, last_reviewed_at: iso(NOW - HOUR) };
    const queue = buildSessionQueue(
      {
        learning: [],
        due: [newCard(4), dueCard(1), reviewedButNew],
        new: [newCard(4), reviewedButNew],
      },
      { shuffle: identity },
    );
    expect(ids(queue)).toEqual([1, 4, 5]);
    expect(queue.filter((card) => card.id === 4)).toHaveLength(1);
    // 4 sits among the new cards: the mix of due [1, 5] and new [4].
    expect(
      ids(
        buildSessionQueue(
          { learning: [], due: [dueCard(1), dueCard(2)], new: [newCard(4)] },
          { shuffle: identity },
        ),
      ),
    ).toEqual([1, 4, 2]);
  });

  it('caps the new cards, keeping the stable ones first', () => {
    const queue = buildSessionQueue(
      { learning: [], due: [], new: [newCard(1), newCard(2), newCard(3), newCard(4)] },
      { shuffle: identity, newCap: 2, stableNewIds: [3, 99] },
    );
    expect(ids(queue)).toEqual([3, 1]);
    expect(
      ids(
        buildSessionQueue(
          { learning: [], due: [], new: [newCard(1)] },
          { shuffle: identity, newCap: 0 },
        ),
      ),
    ).toEqual([]);
  });

  it('shuffles with the shuffle it is given', () => {
    const sources = {
      learning: [],
      due: [],
      new: Array.from({ length: 10 }, (_, i) => newCard(i + 1)),
    };
    const a = ids(buildSessionQueue(sources, { shuffle: seededShuffle(1) }));
    expect(a).toEqual(ids(buildSessionQueue(sources, { shuffle: seededShuffle(1) })));
    expect([...a].sort((x, y) => Number(x) - Number(y))).toEqual(ids(sources.new));
  });

  it('property: every card at most once, learning cards first', () => {
    const arb = fc.record({
      learning: fc.array(fc.integer({ min: 1, max: 20 }).map((id) => learningCard(id, id - 10))),
      due: fc.array(fc.integer({ min: 1, max: 20 }).map((id) => dueCard(id))),
      new: fc.array(fc.integer({ min: 1, max: 20 }).map((id) => newCard(id))),
    });
    fc.assert(
      fc.property(arb, fc.integer(), (sources, seed) => {
        const queue = buildSessionQueue(sources, { shuffle: seededShuffle(seed) });
        expect(new Set(ids(queue)).size).toBe(queue.length);
        const all = new Set(ids([...sources.learning, ...sources.due, ...sources.new]));
        expect(new Set(ids(queue))).toEqual(all);
        const firstOther = queue.findIndex((card) => card.card_state !== 'learning');
        if (firstOther >= 0)
          expect(queue.slice(firstOther).some((card) => card.card_state === 'learning')).toBe(
            false,
          );
      }),
    );
  });
});

describe('a session', () => {
  it('starts at the first card with the new cards as stable ids', () => {
    const state = session([dueCard(1), newCard(2)]);
    expect(state).toMatchObject({
      currentQueue: [1, 2],
      activeCardIndex: 0,
      completedCardIds: [],
      stableNewIds: [2],
      sessionNewCap: 20,
      lastAccessed: NOW,
      created: NOW,
      sessionStats: { cardsAnswered: 0, correctAnswers: 0, sessionDuration: 0, startTime: NOW },
    });
  });

  it.each(RATINGS)('completing a card rated %s advances, records and counts', (rating) => {
    const state = completeCard(session([dueCard(1), newCard(2)]), 1, rating, NOW + 5000);
    expect(state.activeCardIndex).toBe(1);
    expect(state.completedCardIds).toEqual([1]);
    expect(state.lastAccessed).toBe(NOW + 5000);
    expect(state.sessionStats).toMatchObject({
      cardsAnswered: 1,
      correctAnswers: rating === 'good' || rating === 'easy' ? 1 : 0,
      sessionDuration: 5000,
    });
    expect(isCorrect(rating)).toBe(rating === 'good' || rating === 'easy');
    expect(remainingCardIds(state)).toEqual([2]);
  });

  it.each(RATINGS)('a refused rating %s is taken back', (rating) => {
    const before = session([dueCard(1), newCard(2)]);
    const after = completeCard(before, 1, rating, NOW + 5000);
    const undone = uncompleteCard(after, 1, rating);
    expect(undone.completedCardIds).toEqual([]);
    expect(undone.activeCardIndex).toBe(0);
    expect(undone.sessionStats).toMatchObject({ cardsAnswered: 0, correctAnswers: 0 });
    expect(uncompleteCard(before, 1, rating)).toBe(before);
  });

  it('expires after 16 hours without being touched', () => {
    const state = session([dueCard(1)]);
    expect(isSessionExpired(state, NOW + 16 * HOUR - 1)).toBe(false);
    expect(isSessionExpired(state, NOW + 16 * HOUR)).toBe(true);
    expect(resumableSession(state, 'u1', 'level-a1', NOW + HOUR)).toBe(state);
    expect(resumableSession(state, 'u1', 'level-a1', NOW + 17 * HOUR)).toBe(null);
    expect(resumableSession(state, 'u2', 'level-a1', NOW)).toBe(null);
    expect(resumableSession(state, 'u1', 'level-a2', NOW)).toBe(null);
    expect(resumableSession(null, 'u1', 'level-a1', NOW)).toBe(null);
  });

  it('tops up with 10 new and 20 review cards on resume when fewer than 3 are left', () => {
    const three = session([dueCard(1), dueCard(2), dueCard(3)]);
    expect(autoFillOnResume(three)).toBe(null);
    const two = completeCard(three, 1, 'good', NOW);
    expect(autoFillOnResume(two)).toEqual({ newCount: 10, reviewCount: 20 });
  });

  it('appends cards not already queued or completed', () => {
    const done = completeCard(session([dueCard(1), newCard(2)]), 1, 'good', NOW);
    const more = appendToSession(
      done,
      [dueCard(1), newCard(2), newCard(3), newCard(3), dueCard(4)],
      NOW + 1,
    );
    expect(more.currentQueue).toEqual([1, 2, 3, 4]);
    expect(more.stableNewIds).toEqual([2, 3]);
    expect(more.lastAccessed).toBe(NOW + 1);
  });

  it('drops a suspended card from the queue, keeping the index on the same card', () => {
    const state = completeCard(session([dueCard(1), dueCard(2), newCard(3)]), 1, 'good', NOW);
    const without = removeFromSession(state, 1);
    expect(without.currentQueue).toEqual([2, 3]);
    expect(without.activeCardIndex).toBe(0);
    expect(removeFromSession(state, 3)).toMatchObject({
      currentQueue: [1, 2],
      activeCardIndex: 1,
      stableNewIds: [],
    });
  });

  it('replaces a local card id by the server id everywhere', () => {
    const local = { ...newCard(0), id: 'local-abc' };
    const state = completeCard(session([local, dueCard(2)]), 'local-abc', 'easy', NOW);
    const remapped = remapSessionCardId(state, 'local-abc', 77);
    expect(remapped.currentQueue).toEqual([77, 2]);
    expect(remapped.completedCardIds).toEqual([77]);
    expect(remapped.stableNewIds).toEqual([77]);
  });
});

describe('stableNewIds', () => {
  it('are cleared when the level or the saved-only option changes', () => {
    expect(keepsStableNewIds('level-a1', 'level-a1')).toBe(true);
    expect(keepsStableNewIds('level-a2+level-a1', 'level-a1+level-a2')).toBe(true);
    expect(keepsStableNewIds('level-a1', 'level-a2')).toBe(false);
    expect(keepsStableNewIds('level-a1', 'level-a1+level-a2')).toBe(false);
    expect(keepsStableNewIds('level-a1', 'saved+level-a1')).toBe(false);
    expect(keepsStableNewIds('database', 'saved')).toBe(false);
    expect(
      stableNewIdsAfterDeckChange({ deckName: 'level-a1', stableNewIds: [1, 2] }, 'level-a1'),
    ).toEqual([1, 2]);
    expect(
      stableNewIdsAfterDeckChange({ deckName: 'level-a1', stableNewIds: [1, 2] }, 'level-b1'),
    ).toEqual([]);
  });
});
