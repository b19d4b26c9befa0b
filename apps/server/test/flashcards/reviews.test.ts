import {
  DEFAULT_SRS_SETTINGS,
  type FlashcardCard,
  type Rating,
  type SchedulingInput,
  scheduleCard,
  scheduleReview,
} from '@lesefuchs/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { importContent } from '../../src/content/importer.ts';
import type { Database } from '../../src/db/client.ts';
import { flashcards } from '../../src/db/schema/index.ts';
import type { RealtimeEvent } from '../../src/realtime/hub.ts';
import {
  applyReview,
  REVIEW_ATTEMPTS,
  ReviewConflictError,
} from '../../src/services/flashcards/review.service.ts';
import { json, signUp, targets, testServerFor } from '../harness.ts';
import { flashcardHelpers } from './helpers.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The scheduling fields of an API card, as the core scheduler reads them. */
const schedulingOf = (card: FlashcardCard) => ({
  card_state: card.card_state,
  learning_step: card.learning_step,
  ease_factor: card.ease_factor,
  interval_days: card.interval_days,
  repetitions: card.repetitions,
  lapses: card.lapses,
  due_at: new Date(card.due_at),
  last_reviewed_at: card.last_reviewed_at ? new Date(card.last_reviewed_at) : null,
  fsrs_stability: card.fsrs_stability,
  fsrs_difficulty: card.fsrs_difficulty,
});

/** The scheduling fields of the core's result, as the API shows them. */
const asApi = (result: ReturnType<typeof scheduleReview>) => ({
  card_state: result.card_state,
  learning_step: result.learning_step,
  ease_factor: result.ease_factor,
  interval_days: result.interval_days,
  repetitions: result.repetitions,
  lapses: result.lapses,
  due_at: result.due_at.toISOString(),
  last_reviewed_at: result.last_reviewed_at.toISOString(),
});

describe.each(targets)('flashcard reviews on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const h = flashcardHelpers(server);

  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  it.skipIf(!available)(
    'schedules each rating as worked out by hand, equal to the core scheduler',
    async () => {
      const user = await signUp(server, 'Bewerter');
      const [fresh, easy, good, lapse] = await h.cardsFor(user.cookie, [
        'der Vater',
        'die Mutter',
        'der Bruder',
        'die Schwester',
      ]);
      if (!fresh || !easy || !good || !lapse) throw new Error('cards missing');
      const at = Date.now() - 5 * MINUTE;

      // New, good: second learning step (10 min), nothing else changes.
      const first = await json(await h.review(user.cookie, fresh.id, 'good', { reviewedAt: at }));
      expect(first.outcome).toBe('applied');
      expect(first.card).toMatchObject({
        card_state: 'learning',
        learning_step: 1,
        ease_factor: 2.5,
        interval_days: 0,
        repetitions: 0,
        due_at: new Date(at + 10 * MINUTE).toISOString(),
        last_reviewed_at: new Date(at).toISOString(),
        word: 'der Vater',
        translation_en: 'father',
      });
      expect(first.card).toMatchObject(
        asApi(scheduleReview(schedulingOf(fresh), 'good', new Date(at))),
      );

      // New, easy: review at 4 days, ease +0.15, one repetition.
      const second = await json(await h.review(user.cookie, easy.id, 'easy', { reviewedAt: at }));
      expect(second.card).toMatchObject({
        card_state: 'review',
        interval_days: 4,
        ease_factor: 2.65,
        repetitions: 1,
        due_at: new Date(at + 4 * DAY).toISOString(),
      });

      // Review at 10 days, ease 2.5, good: 25 days.
      const review: SchedulingInput = {
        card_state: 'review',
        learning_step: 0,
        ease_factor: 2.5,
        interval_days: 10,
        repetitions: 3,
        lapses: 0,
      };
      const before = new Date(at - 10 * DAY);
      for (const card of [good, lapse]) {
        await h.setCard(card.id, {
          cardState: 'review',
          easeFactor: 2.5,
          intervalDays: 10,
          repetitions: 3,
          dueAt: new Date(at),
          lastReviewedAt: before,
        });
      }
      const third = await json(await h.review(user.cookie, good.id, 'good', { reviewedAt: at }));
      expect(third.card).toMatchObject({
        card_state: 'review',
        interval_days: 25,
        ease_factor: 2.5,
        repetitions: 4,
        due_at: new Date(at + 25 * DAY).toISOString(),
      });
      expect(third.card).toMatchObject(asApi(scheduleReview(review, 'good', new Date(at))));

      // Review, again: relearning, lapse, ease −0.2, interval halved, due after 10 minutes.
      const fourth = await json(await h.review(user.cookie, lapse.id, 'again', { reviewedAt: at }));
      expect(fourth.card).toMatchObject({
        card_state: 'relearning',
        learning_step: 0,
        interval_days: 5,
        ease_factor: 2.3,
        lapses: 1,
        repetitions: 3,
        due_at: new Date(at + 10 * MINUTE).toISOString(),
        is_leech: false,
      });
      expect(fourth.card).toMatchObject(asApi(scheduleReview(review, 'again', new Date(at))));
      expect(await h.logCount(user.id)).toBe(4);
    },
  );

  it.skipIf(!available)(
    'applies a review id once, ignores the same card within 2 s, keeps time between the last review and now',
    async () => {
      const user = await signUp(server, 'Doppelt');
      const [card] = await h.cardsFor(user.cookie, ['der Sohn']);
      if (!card) throw new Error('card missing');
      const at = Date.now() - 10 * MINUTE;
      const once = await json(
        await h.review(user.cookie, card.id, 'good', { reviewId: 'same-review-1', reviewedAt: at }),
      );
      expect(once.outcome).toBe('applied');
      const again = await json(
        await h.review(user.cookie, card.id, 'again', { reviewId: 'same-review-1' }),
      );
      expect(again).toEqual({ outcome: 'duplicate', card: once.card });
      const close = await json(
        await h.review(user.cookie, card.id, 'easy', { reviewedAt: at + 1_500 }),
      );
      expect(close).toEqual({ outcome: 'ignored', card: null });
      // A grade dated before the card's last review counts as made at that review: ignored.
      const stale = await json(
        await h.review(user.cookie, card.id, 'easy', { reviewedAt: at - 3 * MINUTE }),
      );
      expect(stale.outcome).toBe('ignored');
      expect(await h.logCount(user.id, card.id)).toBe(1);
      expect((await h.cardRow(card.id))?.cardState).toBe('learning');

      // A time in the future is now.
      const future = await json(
        await h.review(user.cookie, card.id, 'good', { reviewedAt: Date.now() + DAY }),
      );
      expect(future.outcome).toBe('applied');
      expect(Date.parse(future.card.last_reviewed_at)).toBeLessThanOrEqual(Date.now());
      expect(future.card.card_state).toBe('review');
      expect(await h.logCount(user.id, card.id)).toBe(2);
    },
  );

  it.skipIf(!available)(
    'applies one of several grades sent at once: the rest are repeats or within the 2-second guard',
    async () => {
      const user = await signUp(server, 'Gleichzeitig');
      const [card, other] = await h.cardsFor(user.cookie, ['der Onkel', 'die Tante']);
      if (!card || !other) throw new Error('cards missing');
      // Four devices (or retries) send their grade of the same card at the same moment: each
      // reads the card before any has written it.
      const outcomes = async (responses: Promise<Response>[]) =>
        (await Promise.all(responses.map(async (r) => (await json(await r)).outcome))).sort();
      const at = Date.now() - MINUTE;
      expect(
        await outcomes(
          ['good', 'easy', 'again', 'hard'].map((r) =>
            h.review(user.cookie, card.id, r, { reviewedAt: at }),
          ),
        ),
      ).toEqual(['applied', 'ignored', 'ignored', 'ignored']);
      expect(await h.logCount(user.id, card.id)).toBe(1);
      const [log] = await json(
        await h.call(user.cookie, 'GET', `/api/flashcards/reviews?cardId=${card.id}`),
      ).then((body) => body.reviews);
      const expected = scheduleReview(schedulingOf(card), log.rating, new Date(at));
      const { card: stored } = await json(
        await h.call(user.cookie, 'GET', `/api/flashcards/cards/${card.id}`),
      );
      expect(stored).toMatchObject(asApi(expected));

      // The same review id four times at once: applied once, the others are repeats.
      expect(
        await outcomes(
          Array.from({ length: 4 }, () =>
            h.review(user.cookie, other.id, 'good', { reviewId: `same-at-once-${user.id}` }),
          ),
        ),
      ).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
      expect(await h.logCount(user.id, other.id)).toBe(1);
    },
  );

  it.skipIf(!available)(
    'gives up with a 503 to retry when another write changes the card before each attempt',
    async () => {
      const user = await signUp(server, 'Wettlauf');
      const [card] = await h.cardsFor(user.cookie, ['der Neffe']);
      if (!card) throw new Error('card missing');
      const { db } = server.database;
      // Another writer (an edit on another device) changes the card between every read and
      // write of the review.
      let writes = 0;
      const touch = () =>
        db.update(flashcards).set({ updatedAt: new Date() }).where(eq(flashcards.id, card.id));
      const session = new Proxy(db._.session, {
        get(target, property, receiver) {
          if (property !== 'prepareQuery') return Reflect.get(target, property, receiver);
          return (...args: Parameters<Database['_']['session']['prepareQuery']>) => {
            const prepared = target.prepareQuery(...args);
            return {
              execute: async (values?: Record<string, unknown>) => {
                writes += 1;
                await touch();
                return prepared.execute(values);
              },
            };
          };
        },
      });
      const racing = new Proxy(db, {
        get(target, property, receiver) {
          if (property === '_') return { ...target._, session };
          return Reflect.get(target, property, receiver);
        },
      });
      const input = { cardId: card.id, rating: 'good' as const, reviewId: `race-${user.id}` };
      await expect(applyReview(racing, user.id, input)).rejects.toBeInstanceOf(ReviewConflictError);
      expect(writes).toBe(REVIEW_ATTEMPTS);
      expect(await h.logCount(user.id, card.id)).toBe(0);
      expect(await h.cardRow(card.id)).toMatchObject({ cardState: 'new', lastReviewedAt: null });
      // Without the race it applies.
      expect((await applyReview(db, user.id, input)).outcome).toBe('applied');
    },
  );

  it.skipIf(!available)(
    'replays offline grades through the sync queue once, exactly as the core schedules them',
    async () => {
      const user = await signUp(server, 'Offline');
      const [card] = await h.cardsFor(user.cookie, ['die Tochter']);
      if (!card) throw new Error('card missing');
      const t0 = Date.now() - 3 * 60 * MINUTE;
      const grades: [Rating, number][] = [
        ['good', t0],
        ['good', t0 + 10 * MINUTE],
        ['again', t0 + 20 * MINUTE],
        ['good', t0 + 40 * MINUTE],
        // Within 2 s of the one before: ignored.
        ['easy', t0 + 40 * MINUTE + 1_000],
      ];
      let expected = scheduleReview(schedulingOf(card), 'good', new Date(t0));
      for (const [rating, at] of grades.slice(1, 4)) {
        expected = scheduleReview(expected, rating, new Date(at));
      }
      const operations = grades.map(([rating, reviewedAt], index) => ({
        id: `offline-grade-${user.id}-${index}`,
        payload: { cardId: card.id, rating, reviewedAt },
      }));
      const first = await json(
        await h.call(user.cookie, 'POST', '/api/sync', { type: 'flashcard-reviews', operations }),
      );
      expect(first.results.map((r: { outcome: string }) => r.outcome)).toEqual(
        Array(5).fill('applied'),
      );
      const replay = await json(
        await h.call(user.cookie, 'POST', '/api/sync', { type: 'flashcard-reviews', operations }),
      );
      expect(replay.results.map((r: { outcome: string }) => r.outcome)).toEqual(
        Array(5).fill('duplicate'),
      );
      expect(await h.logCount(user.id, card.id)).toBe(4);
      const { card: stored } = await json(
        await h.call(user.cookie, 'GET', `/api/flashcards/cards/${card.id}`),
      );
      expect(stored).toMatchObject(asApi(expected));
      expect(stored).toMatchObject({ card_state: 'review', lapses: 1, interval_days: 1 });

      // A grade of a card this user does not have is done, not an error, and changes nothing.
      const other = await signUp(server, 'Fremd');
      const [foreign] = await h.cardsFor(other.cookie, ['das Kind']);
      const stray = await json(
        await h.call(user.cookie, 'POST', '/api/sync', {
          type: 'flashcard-reviews',
          operations: [
            {
              id: `stray-${user.id}`,
              payload: { cardId: foreign?.id, rating: 'easy', reviewedAt: t0 },
            },
            {
              id: `gone-${user.id}`,
              payload: { cardId: 2_000_000_000, rating: 'easy', reviewedAt: t0 },
            },
            { id: `bad-${user.id}`, payload: { cardId: card.id, rating: 'meh', reviewedAt: t0 } },
          ],
        }),
      );
      expect(stray.results.map((r: { outcome: string }) => r.outcome)).toEqual([
        'applied',
        'applied',
        'rejected',
      ]);
      expect((await h.cardRow(foreign?.id ?? 0))?.cardState).toBe('new');
      expect(await h.logCount(other.id)).toBe(0);
    },
  );

  it.skipIf(!available)(
    "answers another user's card with 404 and changes nothing; bad bodies are 400",
    async () => {
      const owner = await signUp(server, 'Besitzer');
      const intruder = await signUp(server, 'Eindringling');
      const [card] = await h.cardsFor(owner.cookie, ['die Familie']);
      if (!card) throw new Error('card missing');
      const response = await h.review(intruder.cookie, card.id, 'easy');
      expect(response.status).toBe(404);
      expect((await json(response)).error.code).toBe('not_found');
      expect(
        (await h.call(intruder.cookie, 'GET', `/api/flashcards/cards/${card.id}`)).status,
      ).toBe(404);
      expect((await h.call(intruder.cookie, 'GET', '/api/flashcards/cards/abc')).status).toBe(404);
      for (const body of [
        { cardId: card.id, rating: 'meh', reviewId: 'bad-rating-1' },
        { cardId: card.id, rating: 'good' },
        { cardId: card.id, rating: 'good', reviewId: 'short' },
        { cardId: -1, rating: 'good', reviewId: 'bad-card-id-1' },
        { cardId: card.id, rating: 'good', reviewId: 'extra-field-1', userId: intruder.id },
      ]) {
        const bad = await h.call(owner.cookie, 'POST', '/api/flashcards/reviews', body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
      }
      expect(await h.logCount(owner.id)).toBe(0);
      expect(await h.logCount(intruder.id)).toBe(0);
      expect(await h.cardRow(card.id)).toMatchObject({ cardState: 'new', lastReviewedAt: null });
      expect((await server.app.request('/api/flashcards/reviews', { method: 'POST' })).status).toBe(
        401,
      );
    },
  );

  it.skipIf(!available)(
    'makes a card a leech at the threshold (suspended), lists it, and releases it',
    async () => {
      const user = await signUp(server, 'Blutegel');
      await h.call(user.cookie, 'PATCH', '/api/profile/preferences', { leechThreshold: 3 });
      const { settings } = await json(await h.call(user.cookie, 'GET', '/api/flashcards/settings'));
      expect(settings.leech_threshold).toBe(3);
      const [card, never] = await h.cardsFor(user.cookie, ['das Haus', 'die Wohnung']);
      if (!card || !never) throw new Error('cards missing');
      const at = Date.now() - MINUTE;
      await h.setCard(card.id, {
        cardState: 'review',
        intervalDays: 6,
        lapses: 2,
        dueAt: new Date(at),
        lastReviewedAt: new Date(at - 6 * DAY),
      });
      const result = await json(await h.review(user.cookie, card.id, 'again', { reviewedAt: at }));
      expect(result.card).toMatchObject({ lapses: 3, is_leech: true, is_suspended: true });
      const leeches = await json(await h.call(user.cookie, 'GET', '/api/flashcards/leeches'));
      expect(leeches.cards.map((c: FlashcardCard) => c.id)).toEqual([card.id]);
      const queue = await json(await h.call(user.cookie, 'GET', '/api/flashcards/queue'));
      expect(queue.learning.map((c: FlashcardCard) => c.id)).not.toContain(card.id);

      const released = await json(
        await h.call(user.cookie, 'POST', `/api/flashcards/cards/${card.id}/release`),
      );
      expect(released.card).toMatchObject({ is_leech: false, is_suspended: false, lapses: 3 });
      expect(
        (await json(await h.call(user.cookie, 'GET', '/api/flashcards/leeches'))).cards,
      ).toEqual([]);

      // 'never' is stored as 50 and marks no leech, even at 50 lapses.
      await h.call(user.cookie, 'PATCH', '/api/profile/preferences', { leechThreshold: 'never' });
      const after = await json(await h.call(user.cookie, 'GET', '/api/flashcards/settings'));
      expect(after.settings.leech_threshold).toBe(50);
      await h.setCard(never.id, {
        cardState: 'review',
        intervalDays: 3,
        lapses: 49,
        dueAt: new Date(at),
        lastReviewedAt: new Date(at - 3 * DAY),
      });
      const fifty = await json(await h.review(user.cookie, never.id, 'again', { reviewedAt: at }));
      expect(fifty.card).toMatchObject({ lapses: 50, is_leech: false, is_suspended: false });
    },
  );

  it.skipIf(!available)(
    'schedules with FSRS when the learner turns it on, and keeps the history when switching back',
    async () => {
      const user = await signUp(server, 'Fsrs');
      const [sm2Card, fsrsCard] = await h.cardsFor(user.cookie, ['der Tisch', 'der Stuhl']);
      if (!sm2Card || !fsrsCard) throw new Error('cards missing');
      const at = Date.now() - 10 * MINUTE;
      const sm2 = await json(await h.review(user.cookie, sm2Card.id, 'easy', { reviewedAt: at }));
      expect(sm2.card.interval_days).toBe(4);
      expect(sm2.card.fsrs_stability).toBeGreaterThan(0);

      const put = await h.call(user.cookie, 'PUT', '/api/flashcards/settings', {
        scheduler: 'fsrs',
      });
      expect((await json(put)).settings).toMatchObject({ scheduler: 'fsrs', leech_threshold: 8 });
      const fsrsSettings = { ...DEFAULT_SRS_SETTINGS, scheduler: 'fsrs' as const };
      const withFsrs = await json(
        await h.review(user.cookie, fsrsCard.id, 'easy', { reviewedAt: at }),
      );
      const expected = scheduleCard(schedulingOf(fsrsCard), 'easy', new Date(at), fsrsSettings);
      expect(withFsrs.card).toMatchObject({
        ...asApi(expected),
        fsrs_stability: expected.fsrs_stability,
        fsrs_difficulty: expected.fsrs_difficulty,
      });
      expect(withFsrs.card.interval_days).not.toBe(sm2.card.interval_days);

      await h.call(user.cookie, 'PUT', '/api/flashcards/settings', { scheduler: 'sm2' });
      const later = at + 5 * MINUTE;
      const back = await json(
        await h.review(user.cookie, fsrsCard.id, 'good', { reviewedAt: later }),
      );
      const expectedBack = scheduleCard(
        schedulingOf(withFsrs.card),
        'good',
        new Date(later),
        DEFAULT_SRS_SETTINGS,
      );
      expect(back.card).toMatchObject({
        ...asApi(expectedBack),
        fsrs_stability: expectedBack.fsrs_stability,
      });
      expect(await h.logCount(user.id, fsrsCard.id)).toBe(2);
    },
  );

  it.skipIf(!available)(
    "publishes a realtime event to the reviewer only, and the stats on the day's first activity",
    async () => {
      const user = await signUp(server, 'Echtzeit');
      const other = await signUp(server, 'Zaungast');
      const [card, next] = await h.cardsFor(user.cookie, ['die Schule', 'der Tisch']);
      if (!card || !next) throw new Error('cards missing');
      const mine: RealtimeEvent[] = [];
      const theirs: RealtimeEvent[] = [];
      const stopMine = server.hub.subscribe(user.id, (event) => mine.push(event));
      const stopTheirs = server.hub.subscribe(other.id, (event) => theirs.push(event));
      // (the cards' creation may still be on its way: only the reviews' events are compared)
      const ofReviews = () =>
        mine.filter(
          (event) =>
            !(
              event.type === 'flashcards' &&
              (event.data as { action?: string }).action === 'created'
            ),
        );
      const reviewed = (cardId: number): RealtimeEvent => ({
        type: 'flashcards',
        data: { action: 'reviewed', cardId },
      });
      try {
        await h.review(user.cookie, card.id, 'good');
        // The card's event, then the stats: the review was the day's first activity.
        await vi.waitFor(() => expect(ofReviews()).toEqual([reviewed(card.id), { type: 'stats' }]));
        await h.review(user.cookie, next.id, 'good');
        await vi.waitFor(() => expect(mine).toContainEqual(reviewed(next.id)));
        expect(ofReviews()).toEqual([reviewed(card.id), { type: 'stats' }, reviewed(next.id)]);
        expect(theirs).toEqual([]);
      } finally {
        stopMine();
        stopTheirs();
      }
    },
  );
  it.skipIf(!available)(
    "lists the learner's review log oldest first, of one card when asked, and nobody else's",
    async () => {
      const user = await signUp(server, 'Protokoll');
      const other = await signUp(server, 'Neugier');
      const [first, second] = await h.cardsFor(user.cookie, ['der Tisch', 'der Stuhl']);
      if (!first || !second) throw new Error('cards missing');
      const at = Date.now() - 10 * MINUTE;
      await h.review(user.cookie, first.id, 'good', { reviewedAt: at, reviewId: 'log-a-0001' });
      await h.review(user.cookie, second.id, 'again', {
        reviewedAt: at + MINUTE,
        reviewId: 'log-b-0001',
      });
      await h.review(user.cookie, first.id, 'easy', {
        reviewedAt: at + 2 * MINUTE,
        reviewId: 'log-a-0002',
      });

      const all = await json(await h.call(user.cookie, 'GET', '/api/flashcards/reviews'));
      expect(all.reviews.map((entry: { review_id: string }) => entry.review_id)).toEqual([
        'log-a-0001',
        'log-b-0001',
        'log-a-0002',
      ]);
      expect(all.reviews[2]).toMatchObject({
        card_id: first.id,
        rating: 'easy',
        state_before: 'learning',
        state_after: 'review',
        interval_days: 4,
        scheduler: 'sm2',
        reviewed_at: new Date(at + 2 * MINUTE).toISOString(),
      });
      const one = await json(
        await h.call(user.cookie, 'GET', `/api/flashcards/reviews?cardId=${second.id}`),
      );
      expect(one.reviews).toHaveLength(1);
      const theirs = await json(await h.call(other.cookie, 'GET', '/api/flashcards/reviews'));
      expect(theirs.reviews).toEqual([]);
      const bad = await h.call(user.cookie, 'GET', '/api/flashcards/reviews?limit=5000');
      expect(bad.status).toBe(400);
    },
  );
});
