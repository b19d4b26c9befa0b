import { scheduleCard } from '@lesefuchs/core/srs/fsrs';
import { queueCards } from '@lesefuchs/core/srs/live-queue';
import { DEFAULT_SRS_SETTINGS, RATINGS } from '@lesefuchs/core/srs/scheduler';
import { SESSION_RULES, seededShuffle } from '@lesefuchs/core/srs/session';
import { describe, expect, it } from 'vitest';
import {
  addCards,
  applyGrade,
  applyServerCard,
  currentCard,
  dropCard,
  fillBuffer,
  remapCard,
  restoreCard,
  type StudyState,
  schedulable,
  startStudy,
  studyCounts,
  withLocalProgress,
} from './study-state';
import { testCard } from './test-cards';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const PAST = '2026-11-22T08:00:00.000Z';
const params = {
  newCardsTarget: SESSION_RULES.newCardsTarget,
  reviewCardsTarget: SESSION_RULES.reviewCardsTarget,
  options: { includeLeeches: false, includeSuspended: false },
};
const identity = <T>(items: readonly T[]) => [...items];

function start(news: number, reviews = 0, learning: StudyState['pool'] = []): StudyState {
  return startStudy({
    deck: 'level-a1',
    userId: 'u1',
    sessionId: 's1',
    cards: {
      learning,
      review: Array.from({ length: reviews }, (_, i) => testCard(100 + i, 'review', PAST)),
      new: Array.from({ length: news }, (_, i) => testCard(i + 1, 'new', PAST)),
    },
    studyParams: params,
    stableNewIds: [],
    shuffle: identity,
    now: NOW,
  });
}

describe('startStudy', () => {
  it('puts 12 cards in play and keeps the rest in the session order', () => {
    const state = start(20);
    expect(queueCards(state.live)).toHaveLength(12);
    expect(state.pool.map((c) => c.id)).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    expect(state.session?.currentQueue).toHaveLength(20);
    expect(currentCard(state, NOW)?.id).toBe(1);
  });

  it('mixes due and new cards and puts learning cards first', () => {
    const state = start(2, 4, [testCard(50, 'learning', PAST)]);
    expect(state.session?.currentQueue).toEqual([50, 100, 1, 101, 102, 2, 103]);
  });

  it('uses the shuffle it is given for the new cards', () => {
    const cards = Array.from({ length: 10 }, (_, i) => testCard(i + 1, 'new', PAST));
    const build = () =>
      startStudy({
        deck: 'level-a1',
        userId: 'u1',
        sessionId: 's',
        cards: { learning: [], review: [], new: cards },
        studyParams: params,
        stableNewIds: [],
        shuffle: seededShuffle(9),
        now: NOW,
      }).session?.currentQueue;
    expect(build()).toEqual(build());
    expect(build()).not.toEqual(cards.map((c) => c.id));
  });
});

describe('applyGrade', () => {
  it.each(RATINGS)(
    '%s: the card leaves at once, comes back as the scheduler says, is counted',
    (rating) => {
      const state = start(20);
      const card = currentCard(state, NOW);
      if (!card) throw new Error('no card');
      const { state: next, scheduled } = applyGrade(state, card, rating, NOW, DEFAULT_SRS_SETTINGS);
      const expected = scheduleCard(schedulable(card), rating, NOW, DEFAULT_SRS_SETTINGS);
      expect(scheduled).toMatchObject({
        card_state: expected.card_state,
        due_at: expected.due_at.toISOString(),
        interval_days: expected.interval_days,
        ease_factor: expected.ease_factor,
        learning_step: expected.learning_step,
        repetitions: expected.repetitions,
        last_reviewed_at: NOW.toISOString(),
      });
      expect(currentCard(next, NOW)?.id).not.toBe(card.id);
      expect(queueCards(next.live).find((c) => c.id === card.id)?.due_at).toBe(scheduled.due_at);
      expect(next.session?.completedCardIds).toEqual([card.id]);
      expect(next.session?.sessionStats.correctAnswers).toBe(
        rating === 'good' || rating === 'easy' ? 1 : 0,
      );
      // The buffer is topped up from the pool.
      expect(next.pool).toHaveLength(7);
    },
  );

  it('a card graded again comes back after its learning step', () => {
    const state = start(1);
    const card = currentCard(state, NOW);
    if (!card) throw new Error('no card');
    const { state: next } = applyGrade(state, card, 'again', NOW, DEFAULT_SRS_SETTINGS);
    expect(currentCard(next, NOW)).toBe(null);
    expect(currentCard(next, new Date(NOW.getTime() + 46_000))?.id).toBe(card.id);
  });

  it('a refused grade puts the card back and takes the answer back', () => {
    const state = start(3);
    const card = currentCard(state, NOW);
    if (!card) throw new Error('no card');
    const { state: graded } = applyGrade(state, card, 'good', NOW, DEFAULT_SRS_SETTINGS);
    const restored = restoreCard(graded, card, 'good');
    expect(currentCard(restored, NOW)?.id).toBe(card.id);
    expect(restored.session?.completedCardIds).toEqual([]);
    expect(restored.session?.sessionStats.cardsAnswered).toBe(0);
  });
});

describe('server answers', () => {
  it('the server copy replaces the local one; a suspended one leaves', () => {
    const state = start(2);
    const server = testCard(1, 'learning', '2026-11-22T09:10:00.000Z');
    const next = applyServerCard(state, server);
    expect(queueCards(next.live).find((c) => c.id === 1)?.card_state).toBe('learning');
    const gone = applyServerCard(state, { ...server, is_suspended: true });
    expect(queueCards(gone.live).some((c) => c.id === 1)).toBe(false);
    expect(applyServerCard(state, testCard(99))).toBe(state);
  });

  it('a server card older than the device copy is kept as the device has it', () => {
    const state = start(1);
    const card = currentCard(state, NOW);
    if (!card) throw new Error('no card');
    const { state: graded, scheduled } = applyGrade(state, card, 'easy', NOW, DEFAULT_SRS_SETTINGS);
    const local = withLocalProgress(graded);
    expect(local(card)).toEqual(scheduled);
    const fresher = { ...card, last_reviewed_at: '2026-11-23T00:00:00.000Z' };
    expect(local(fresher)).toBe(fresher);
    expect(local(testCard(77))).toEqual(testCard(77));
  });

  it('added cards skip those already in play, in the pool or done', () => {
    const state = start(14);
    const card = currentCard(state, NOW);
    if (!card) throw new Error('no card');
    const { state: graded } = applyGrade(state, card, 'easy', NOW, DEFAULT_SRS_SETTINGS);
    const more = addCards(graded, [testCard(1), testCard(2), testCard(14), testCard(30)], NOW);
    expect(more.session?.currentQueue.slice(-1)).toEqual([30]);
    expect(more.pool.map((c) => c.id)).toEqual([14, 30]);
  });

  it('a suspended card leaves play, pool and session', () => {
    const state = start(14);
    const next = dropCard(dropCard(state, 1, NOW), 14, NOW);
    expect(queueCards(next.live).some((c) => c.id === 1)).toBe(false);
    expect(next.pool.some((c) => c.id === 14)).toBe(false);
    expect(next.session?.currentQueue).not.toContain(1);
    expect(queueCards(next.live)).toHaveLength(12);
  });

  it('a synced local card takes the server id and keeps what was studied offline', () => {
    const local = testCard('local-abc', 'new', PAST);
    const state = fillBuffer(
      {
        ...start(0),
        pool: [local],
        session: { ...start(1).session!, currentQueue: ['local-abc'] },
      },
      NOW,
    );
    const { state: graded, scheduled } = applyGrade(
      state,
      local,
      'good',
      NOW,
      DEFAULT_SRS_SETTINGS,
    );
    const remapped = remapCard(graded, 'local-abc', testCard(501, 'new', PAST));
    const card = queueCards(remapped.live).find((c) => c.id === 501);
    expect(card?.card_state).toBe('learning');
    expect(card?.due_at).toBe(scheduled.due_at);
    expect(remapped.session?.completedCardIds).toEqual([501]);
  });
});

describe('studyCounts', () => {
  it('counts new, learning and due review cards still to study, and x of y', () => {
    // (No separate total: see StudyCounts.)
    const state = start(3, 2, [testCard(50, 'relearning', PAST)]);
    expect(studyCounts(state, NOW)).toEqual({
      new: 3,
      learning: 1,
      review: 2,
      done: 0,
      inSession: 6,
    });
    const card = currentCard(state, NOW);
    if (!card) throw new Error('no card');
    const { state: graded } = applyGrade(state, card, 'easy', NOW, DEFAULT_SRS_SETTINGS);
    expect(studyCounts(graded, NOW)).toMatchObject({
      learning: 0,
      review: 2,
      done: 1,
      inSession: 6,
    });
  });
});

describe('the card on screen', () => {
  it('stays until it is graded, even when another card would now come first', () => {
    const state = start(3);
    const shown = currentCard(state, NOW);
    expect(shown?.id).toBe(1);
    // A card that fell due earlier arrives (a refresh): the card on screen is not swapped.
    const earlier = testCard(99, 'learning', '2026-11-22T07:00:00.000Z');
    const refreshed = addCards(state, [earlier], NOW);
    expect(currentCard(refreshed, NOW)?.id).toBe(99);
    expect(currentCard(refreshed, NOW, 1)?.id).toBe(1);
    // Once graded, the pinned id no longer holds the screen.
    const graded = applyGrade(
      refreshed,
      shown as NonNullable<typeof shown>,
      'good',
      NOW,
      DEFAULT_SRS_SETTINGS,
    );
    expect(currentCard(graded.state, NOW, 1)?.id).toBe(99);
  });
});
