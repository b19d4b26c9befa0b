import { DEFAULT_SRS_SETTINGS, dayIn, type FlashcardCard } from '@lesefuchs/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../src/content/importer.ts';
import { flashcardReviews, vocabulary } from '../../src/db/schema/index.ts';
import { json, signUp, targets, testServerFor } from '../harness.ts';
import { flashcardHelpers } from './helpers.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const ids = (cards: FlashcardCard[]) => cards.map((card) => card.id);

describe.each(targets)('flashcard overview, stats and settings on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const h = flashcardHelpers(server);

  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  /** A review row written directly, as if made on an earlier day. */
  const pastReview = async (
    userId: string,
    card: FlashcardCard,
    at: number,
    stateBefore = 'new',
  ) => {
    await server.database.db.insert(flashcardReviews).values({
      userId,
      cardId: card.id,
      reviewId: `past-${card.id}-${at}`,
      vocabularyId: card.vocabulary_id,
      difficultyLevel: card.difficulty_level,
      rating: 'good',
      stateBefore,
      stateAfter: 'learning',
      intervalDays: 0,
      easeFactor: 2.5,
      dueAt: new Date(at + 10 * MINUTE),
      scheduler: 'sm2',
      reviewedAt: new Date(at),
    });
  };

  it.skipIf(!available)('counts cards by state for the overview, for the owner only', async () => {
    const user = await signUp(server, 'Ueberblick');
    const other = await signUp(server, 'Fremde');
    const [due, suspended, learning, fresh, leech] = await h.cardsFor(user.cookie, [
      'der Vater',
      'die Mutter',
      'der Bruder',
      'der Cousin',
      'die Cousine',
    ]);
    const now = Date.now();
    await h.setCard(due?.id ?? 0, { cardState: 'review', dueAt: new Date(now - MINUTE) });
    await h.setCard(suspended?.id ?? 0, {
      cardState: 'review',
      dueAt: new Date(now - MINUTE),
      isSuspended: true,
    });
    await h.setCard(learning?.id ?? 0, { cardState: 'relearning', dueAt: new Date(now - MINUTE) });
    await h.setCard(leech?.id ?? 0, { isLeech: true });
    const all = await json(await h.call(user.cookie, 'GET', '/api/flashcards/overview'));
    expect(all.counts).toEqual({
      new: 2,
      learning: 0,
      review: 2,
      relearning: 1,
      due: 2,
      leeches: 1,
      suspended: 1,
      total: 5,
    });
    expect(ids(all.due)).toEqual([due?.id]);
    expect(ids(all.learning)).toEqual([learning?.id]);
    expect(ids(all.new)).toEqual([fresh?.id]);
    const a2 = await json(
      await h.call(user.cookie, 'GET', '/api/flashcards/overview?deck=level-a2'),
    );
    expect(a2.counts).toMatchObject({ new: 2, total: 2, due: 0 });

    const theirs = await json(await h.call(other.cookie, 'GET', '/api/flashcards/overview'));
    expect(theirs.counts.total).toBe(0);
    expect([...theirs.due, ...theirs.learning, ...theirs.new]).toEqual([]);
    expect(
      (await json(await h.call(other.cookie, 'GET', '/api/flashcards/leeches'))).cards,
    ).toEqual([]);
    const leeches = await json(await h.call(user.cookie, 'GET', '/api/flashcards/leeches'));
    expect(ids(leeches.cards).sort()).toEqual([suspended?.id, leech?.id].sort());
  });

  it.skipIf(!available)(
    "counts today's studied cards, quota, limits, streak, tally and decks from the review log",
    async () => {
      const user = await signUp(server, 'Statistik');
      const [first, returning, twice] = await h.cardsFor(user.cookie, [
        'das Kind',
        'die Familie',
        'die Konjunktur',
      ]);
      if (!first || !returning || !twice) throw new Error('cards missing');
      const now = Date.now();
      const today = dayIn(new Date(now), 'UTC');
      // Reviews on days before: the returning card three days ago (from review: not tallied),
      // and the days of a four-day streak from eight to five days ago.
      await pastReview(user.id, returning, now - 3 * DAY, 'review');
      for (const daysAgo of [5, 6, 7, 8]) await pastReview(user.id, twice, now - daysAgo * DAY);
      await h.review(user.cookie, first.id, 'good', { reviewedAt: now - 20 * MINUTE });
      await h.review(user.cookie, returning.id, 'again', { reviewedAt: now - 15 * MINUTE });
      await h.review(user.cookie, twice.id, 'good', { reviewedAt: now - 14 * MINUTE });
      await h.review(user.cookie, twice.id, 'easy', { reviewedAt: now - MINUTE });
      await h.call(user.cookie, 'PUT', '/api/flashcards/settings', {
        daily_new_cards: 5,
        daily_review_cards: 3,
      });

      const { quota, limits } = await json(
        await h.call(user.cookie, 'GET', '/api/flashcards/quota'),
      );
      // Just after midnight (UTC, the default zone) some of these reviews fall on yesterday.
      const earlyToday = dayIn(new Date(now - 20 * MINUTE), 'UTC') === today;
      if (earlyToday) {
        expect(limits).toEqual({
          cards_studied_today: 3,
          first_time_cards_today: 1,
          cards_created_today: 3,
          daily_limit_new: 5,
          daily_limit_review: 3,
        });
        expect(quota).toEqual({ remaining_new_cards: 4, remaining_review_cards: 1 });
        const studied = await json(
          await h.call(user.cookie, 'GET', '/api/flashcards/studied-today'),
        );
        expect(
          studied.cards.map((card: { id: number; reviews_today: number; last_rating: string }) => [
            card.id,
            card.reviews_today,
            card.last_rating,
          ]),
        ).toEqual([
          [twice.id, 2, 'easy'],
          [returning.id, 1, 'again'],
          [first.id, 1, 'good'],
        ]);
      }

      const stats = await json(await h.call(user.cookie, 'GET', '/api/flashcards/stats'));
      if (earlyToday) {
        expect(stats.streak).toEqual({
          current_streak_days: 1,
          longest_streak_days: 4,
          last_study_date: today,
          total_study_days: 6,
        });
      }
      expect(stats.tally).toEqual({
        total: 2,
        levels: { A1: 1, A2: 0, B1: 0, B2: 0, C1: 1, C2: 0 },
      });
      expect(stats.decks).toHaveLength(6);
      expect(stats.decks.find((deck: { level: string }) => deck.level === 'A1')).toEqual({
        level: 'A1',
        total: 2,
        new: 0,
        learning: 2,
        review: 0,
        due: 0,
      });
      expect(stats.decks.find((deck: { level: string }) => deck.level === 'C1')).toMatchObject({
        total: 1,
        review: 1,
      });

      // Another user's numbers are their own.
      const other = await signUp(server, 'Leer');
      const empty = await json(await h.call(other.cookie, 'GET', '/api/flashcards/stats'));
      expect(empty.streak).toEqual({
        current_streak_days: 0,
        longest_streak_days: 0,
        last_study_date: null,
        total_study_days: 0,
      });
      expect(empty.tally.total).toBe(0);
      expect(empty.limits).toMatchObject({ cards_studied_today: 0, cards_created_today: 0 });
      const theirQuota = await json(await h.call(other.cookie, 'GET', '/api/flashcards/quota'));
      expect(theirQuota.quota).toEqual({ remaining_new_cards: 1000, remaining_review_cards: 200 });
      expect(
        (await json(await h.call(other.cookie, 'GET', '/api/flashcards/studied-today'))).cards,
      ).toEqual([]);
      expect(
        (await h.call(user.cookie, 'GET', '/api/flashcards/quota?timeZone=Mars/Base')).status,
      ).toBe(400);
    },
  );

  it.skipIf(!available)('counts study days in the time zone given', async () => {
    const user = await signUp(server, 'Zeitzone');
    const [card] = await h.cardsFor(user.cookie, ['der Onkel']);
    if (!card) throw new Error('card missing');
    // 23:00 UTC yesterday is already today (or later) in Tokyo.
    const startOfUtcDay = Date.parse(`${dayIn(new Date(), 'UTC')}T00:00:00Z`);
    const at = startOfUtcDay - 60 * MINUTE;
    await pastReview(user.id, card, at);
    const utc = await json(await h.call(user.cookie, 'GET', '/api/flashcards/stats?timeZone=UTC'));
    const tokyo = await json(
      await h.call(user.cookie, 'GET', '/api/flashcards/stats?timeZone=Asia%2FTokyo'),
    );
    expect(utc.streak.last_study_date).toBe(dayIn(new Date(at), 'UTC'));
    expect(tokyo.streak.last_study_date).toBe(dayIn(new Date(at), 'Asia/Tokyo'));
    expect(tokyo.streak.last_study_date).not.toBe(utc.streak.last_study_date);
  });

  it.skipIf(!available)(
    "suspends, unsuspends and releases the user's own cards, one or in bulk",
    async () => {
      const user = await signUp(server, 'Pause');
      const intruder = await signUp(server, 'Stoerer');
      const [one, leechA, leechB] = await h.cardsFor(user.cookie, [
        'der Großvater',
        'die Großmutter',
        'der Enkel',
      ]);
      if (!one || !leechA || !leechB) throw new Error('cards missing');
      for (const action of ['suspend', 'unsuspend', 'release']) {
        const response = await h.call(
          intruder.cookie,
          'POST',
          `/api/flashcards/cards/${one.id}/${action}`,
        );
        expect(response.status).toBe(404);
      }
      const suspended = await json(
        await h.call(user.cookie, 'POST', `/api/flashcards/cards/${one.id}/suspend`),
      );
      expect(suspended.card).toMatchObject({ id: one.id, is_suspended: true, is_leech: false });
      const back = await json(
        await h.call(user.cookie, 'POST', `/api/flashcards/cards/${one.id}/unsuspend`),
      );
      expect(back.card.is_suspended).toBe(false);

      await h.setCard(leechA.id, { isLeech: true });
      await h.setCard(leechB.id, { isLeech: true });
      const noBody = await server.app.request('/api/flashcards/leeches/suspend', {
        method: 'POST',
        headers: { Cookie: intruder.cookie },
      });
      expect(await json(noBody)).toEqual({ changed: 0 });
      expect(
        await json(
          await h.call(user.cookie, 'POST', '/api/flashcards/leeches/suspend', { limit: 1 }),
        ),
      ).toEqual({ changed: 1 });
      expect(
        await json(await h.call(user.cookie, 'POST', '/api/flashcards/leeches/suspend', {})),
      ).toEqual({ changed: 1 });
      expect((await h.cardRow(leechB.id))?.isSuspended).toBe(true);
      expect(
        await json(
          await h.call(intruder.cookie, 'POST', '/api/flashcards/unsuspend', {
            cardIds: [leechA.id, leechB.id],
          }),
        ),
      ).toEqual({ changed: 0 });
      expect(
        await json(
          await h.call(user.cookie, 'POST', '/api/flashcards/unsuspend', { cardIds: [leechA.id] }),
        ),
      ).toEqual({ changed: 1 });
      expect(await h.cardRow(leechA.id)).toMatchObject({ isSuspended: false, isLeech: true });
      expect((await h.cardRow(leechB.id))?.isSuspended).toBe(true);
      expect(
        (await h.call(user.cookie, 'POST', '/api/flashcards/unsuspend', { limit: 0 })).status,
      ).toBe(400);
      expect((await h.cardRow(leechB.id))?.isSuspended).toBe(true);
    },
  );

  it.skipIf(!available)(
    'sanitizes cards whose entry changed level: new ones go, reviewed ones follow',
    async () => {
      const user = await signUp(server, 'Ordnung');
      const intruder = await signUp(server, 'Putzteufel');
      const [unseen, studied] = await h.cardsFor(user.cookie, ['die Bilanz', 'die Rezession']);
      if (!unseen || !studied) throw new Error('cards missing');
      await h.review(user.cookie, studied.id, 'good');
      const regrade = (level: string) =>
        server.database.db
          .update(vocabulary)
          .set({ difficultyLevel: level })
          .where(eq(vocabulary.id, unseen.vocabulary_id))
          .then(() =>
            server.database.db
              .update(vocabulary)
              .set({ difficultyLevel: level })
              .where(eq(vocabulary.id, studied.vocabulary_id)),
          );
      await regrade('B2');
      try {
        expect(
          await json(await h.call(intruder.cookie, 'POST', '/api/flashcards/sanitize')),
        ).toEqual({ deleted: 0, relevelled: 0 });
        expect(await h.cardCount(user.id)).toBe(2);
        expect(await json(await h.call(user.cookie, 'POST', '/api/flashcards/sanitize'))).toEqual({
          deleted: 1,
          relevelled: 1,
        });
        expect(await h.cardRow(unseen.id)).toBeUndefined();
        expect(await h.cardRow(studied.id)).toMatchObject({
          difficultyLevel: 'B2',
          cardState: 'learning',
        });
        expect(await json(await h.call(user.cookie, 'POST', '/api/flashcards/sanitize'))).toEqual({
          deleted: 0,
          relevelled: 0,
        });
      } finally {
        await regrade('C1');
      }
    },
  );

  it.skipIf(!available)(
    'answers default settings, merges changes, refuses bad ones, keeps the leech threshold in step',
    async () => {
      const user = await signUp(server, 'Einsteller');
      const other = await signUp(server, 'Andere');
      const initial = await json(await h.call(user.cookie, 'GET', '/api/flashcards/settings'));
      expect(initial.settings).toEqual(DEFAULT_SRS_SETTINGS);
      const changed = await json(
        await h.call(user.cookie, 'PUT', '/api/flashcards/settings', {
          daily_new_cards: 30,
          learning_steps: [1, 5, 15],
        }),
      );
      expect(changed.settings).toEqual({
        ...DEFAULT_SRS_SETTINGS,
        daily_new_cards: 30,
        learning_steps: [1, 5, 15],
      });
      for (const body of [
        { leech_threshold: 0 },
        { scheduler: 'anki' },
        { learning_steps: [] },
        { request_retention: 1.5 },
        { daily_new_cards: 30, user_id: other.id },
      ]) {
        const response = await h.call(user.cookie, 'PUT', '/api/flashcards/settings', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await json(await h.call(user.cookie, 'GET', '/api/flashcards/settings'))).settings,
      ).toEqual(changed.settings);

      await h.call(user.cookie, 'PUT', '/api/flashcards/settings', { leech_threshold: 50 });
      const profile = await json(await h.call(user.cookie, 'GET', '/api/profile'));
      expect(profile.profile.preferences.leechThreshold).toBe('never');
      await h.call(user.cookie, 'PATCH', '/api/profile/preferences', { leechThreshold: 12 });
      expect(
        (await json(await h.call(user.cookie, 'GET', '/api/flashcards/settings'))).settings
          .leech_threshold,
      ).toBe(12);
      // The preferences sync queue keeps it in step too.
      await h.call(user.cookie, 'POST', '/api/sync', {
        type: 'preferences',
        operations: [{ id: `prefs-${user.id}`, payload: { leechThreshold: 6 } }],
      });
      expect(
        (await json(await h.call(user.cookie, 'GET', '/api/flashcards/settings'))).settings
          .leech_threshold,
      ).toBe(6);
      await h.call(user.cookie, 'DELETE', '/api/profile/preferences');
      const reset = await json(await h.call(user.cookie, 'GET', '/api/flashcards/settings'));
      expect(reset.settings).toMatchObject({ leech_threshold: 8, daily_new_cards: 30 });

      expect(
        (await json(await h.call(other.cookie, 'GET', '/api/flashcards/settings'))).settings,
      ).toEqual(DEFAULT_SRS_SETTINGS);
      expect((await server.app.request('/api/flashcards/settings')).status).toBe(401);
    },
  );
});
