import type { FlashcardCard } from '@lesefuchs/core';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../src/content/importer.ts';
import { flashcardSeedings, flashcards, vocabulary } from '../../src/db/schema/index.ts';
import {
  insertCards,
  type NewCardRow,
  vocabularyIdsWithCards,
} from '../../src/services/flashcards/cards.repository.ts';
import { json, signUp, targets, testServerFor } from '../harness.ts';
import { flashcardHelpers } from './helpers.ts';

const MINUTE = 60_000;
const ids = (cards: FlashcardCard[]) => cards.map((card) => card.id);

describe.each(targets)('flashcard creation and queues on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const h = flashcardHelpers(server);
  const create = (cookie: string, body: Record<string, unknown>) =>
    h.call(cookie, 'POST', '/api/flashcards/cards', body);

  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  it.skipIf(!available)(
    'inserts cards with every field as given, in one statement for any count, and leaves a card the user has',
    async () => {
      const user = await signUp(server, 'Einfueger');
      const db = server.database.db;
      const first = await h.idOf('der Vater');
      const second = await h.idOf('die Mutter');
      const third = await h.idOf('der Cousin');
      const row = (vocabularyId: number, at: Date, ease: number): NewCardRow => ({
        userId: user.id,
        vocabularyId,
        deckName: 'default',
        difficultyLevel: 'A1',
        cardState: 'learning',
        dueAt: new Date(at.getTime() + 61_234),
        easeFactor: ease,
        intervalDays: 3,
        repetitions: 2,
        lapses: 1,
        learningStep: 1,
        createdAt: at,
        updatedAt: at,
      });
      const at = new Date('2026-11-20T10:11:12.345Z');
      const made = await insertCards(db, [row(first, at, 2.15), row(second, at, 1.3)]);
      expect(made).toHaveLength(2);
      const stored = await db.select().from(flashcards).where(inArray(flashcards.id, made));
      expect(
        stored.map(({ id: _id, ...card }) => card).sort((a, b) => a.vocabularyId - b.vocabularyId),
      ).toEqual(
        [
          { ...row(first, at, 2.15), lastReviewedAt: null, isLeech: false, isSuspended: false },
          { ...row(second, at, 1.3), lastReviewedAt: null, isLeech: false, isSuspended: false },
        ]
          .map((card) => ({ ...card, fsrsStability: null, fsrsDifficulty: null }))
          .sort((a, b) => a.vocabularyId - b.vocabularyId),
      );
      // A word with a card keeps it; the new one beside it is made.
      const later = new Date(at.getTime() + 3_600_000);
      const again = await insertCards(db, [row(first, later, 2.5), row(third, later, 2.5)]);
      expect(again).toHaveLength(1);
      const [kept] = await db
        .select()
        .from(flashcards)
        .where(and(eq(flashcards.userId, user.id), eq(flashcards.vocabularyId, first)));
      expect(kept).toMatchObject({ easeFactor: 2.15, createdAt: at });
      expect(await insertCards(db, [])).toEqual([]);
    },
  );

  it.skipIf(!available)('never draws from the whole vocabulary in saved-only mode', async () => {
    const user = await signUp(server, 'Sparsam');
    for (const deck of ['saved', 'saved+level-a1', 'saved+database']) {
      for (const strategy of ['random', 'level', 'unified']) {
        const response = await create(user.cookie, { deck, count: 20, strategy });
        expect(response.status).toBe(200);
        expect((await json(response)).created).toEqual([]);
      }
    }
    const session = await json(
      await h.call(user.cookie, 'POST', '/api/flashcards/session', {
        deck: 'saved',
        newCount: 20,
        reviewCount: 20,
      }),
    );
    expect(session).toMatchObject({ created: 0, vocabularyLeft: false, new: [] });
    expect(await h.cardCount(user.id)).toBe(0);

    const words = ['der Vater', 'die Mutter', 'der Cousin'];
    for (const word of words) {
      await h.call(user.cookie, 'POST', '/api/saved-words', {
        action: 'save',
        vocabularyId: await h.idOf(word),
      });
    }
    const a1 = await json(await create(user.cookie, { deck: 'saved+level-a1', count: 50 }));
    expect(a1.created.map((card: FlashcardCard) => card.word).sort()).toEqual([
      'der Vater',
      'die Mutter',
    ]);
    expect(a1.created[0]).toMatchObject({
      deck_name: 'default',
      card_state: 'new',
      difficulty_level: 'A1',
      ease_factor: 2.5,
      is_leech: false,
    });
    const rest = await json(await create(user.cookie, { deck: 'saved', count: 50 }));
    expect(rest.created.map((card: FlashcardCard) => card.word)).toEqual(['der Cousin']);
    expect(rest.vocabularyLeft).toBe(false);
    // A given id outside the saved words is not made either.
    const outside = await json(
      await create(user.cookie, {
        deck: 'saved',
        count: 5,
        strategy: 'unified',
        vocabularyIds: [await h.idOf('der Bruder')],
      }),
    );
    expect(outside.created).toEqual([]);
    expect(await h.cardCount(user.id)).toBe(3);
  });

  it.skipIf(!available)(
    "clamps counts to the batch limit and today's quota; level order; the 10 s level throttle",
    async () => {
      const user = await signUp(server, 'Viele');
      const many = await json(await create(user.cookie, { deck: 'database', count: 500 }));
      expect(many.created).toHaveLength(50);
      expect(new Set(many.created.map((card: FlashcardCard) => card.vocabulary_id)).size).toBe(50);

      await h.call(user.cookie, 'PUT', '/api/flashcards/settings', { daily_new_cards: 0 });
      expect(
        (await json(await create(user.cookie, { deck: 'database', count: 5 }))).created,
      ).toEqual([]);
      const forced = await json(
        await create(user.cookie, { deck: 'database', count: 5, forceIgnoreDailyLimit: true }),
      );
      expect(forced.created).toHaveLength(5);
      await h.call(user.cookie, 'PUT', '/api/flashcards/settings', { daily_new_cards: 1000 });

      const seeding = await create(user.cookie, {
        deck: 'level-a2+level-a1',
        count: 4,
        strategy: 'level',
      });
      const seeded = (await json(seeding)).created as FlashcardCard[];
      expect(seeded).toHaveLength(4);
      // Level order: A1 before A2, then by word as the database orders words, passing over
      // the words the 55 random cards above already took.
      const a1 = await server.database.db
        .select({ id: vocabulary.id })
        .from(vocabulary)
        .where(eq(vocabulary.difficultyLevel, 'A1'))
        .orderBy(vocabulary.word, vocabulary.id)
        .limit(100);
      const before = new Set(
        [...many.created, ...forced.created].map((card) => card.vocabulary_id),
      );
      const firstA1 = a1.filter((row) => !before.has(row.id)).slice(0, 4);
      expect(seeded.map((card) => card.vocabulary_id)).toEqual(firstA1.map((row) => row.id));

      const throttled = await json(
        await create(user.cookie, { deck: 'level-a1+level-a2', count: 4, strategy: 'level' }),
      );
      expect(throttled).toMatchObject({ created: [], throttled: true });
      const otherDeck = await json(
        await create(user.cookie, { deck: 'level-c2', count: 2, strategy: 'level' }),
      );
      expect(otherDeck.created).toHaveLength(2);
      // Ten seconds later it may seed again.
      await server.database.db
        .update(flashcardSeedings)
        .set({ seededAt: new Date(Date.now() - 10_001) })
        .where(eq(flashcardSeedings.userId, user.id));
      const later = await json(
        await create(user.cookie, { deck: 'level-a1+level-a2', count: 4, strategy: 'level' }),
      );
      expect(later.created).toHaveLength(4);
      expect(ids(later.created).some((id) => ids(seeded).includes(id))).toBe(false);
    },
  );

  it.skipIf(!available)(
    'skips words that already have a card, checked 900 ids at a time',
    async () => {
      const user = await signUp(server, 'Sammlung');
      const entries = await server.database.db
        .select({ id: vocabulary.id, level: vocabulary.difficultyLevel })
        .from(vocabulary)
        .where(inArray(vocabulary.difficultyLevel, ['A1', 'A2']));
      const now = new Date();
      const owned = entries.slice(0, entries.length - 3);
      await server.database.db.insert(flashcards).values(
        owned.map((entry) => ({
          userId: user.id,
          vocabularyId: entry.id,
          difficultyLevel: entry.level,
          dueAt: now,
          easeFactor: 2.5,
        })),
      );
      const found = await vocabularyIdsWithCards(
        server.database.db,
        user.id,
        entries.map((entry) => entry.id),
      );
      expect(found.size).toBe(owned.length);
      expect(owned.length).toBeGreaterThan(900);

      const made = await json(
        await create(user.cookie, { deck: 'level-a1+level-a2', count: 50, strategy: 'random' }),
      );
      expect(made.created.map((card: FlashcardCard) => card.vocabulary_id).sort()).toEqual(
        entries
          .slice(-3)
          .map((entry) => entry.id)
          .sort(),
      );
      expect(made.vocabularyLeft).toBe(false);
      const none = await json(await create(user.cookie, { deck: 'level-a1', count: 10 }));
      expect(none).toMatchObject({ created: [], vocabularyLeft: false });
    },
  );

  it.skipIf(!available)(
    'makes the given words (unified), upserts cards made offline, refuses bad bodies',
    async () => {
      const user = await signUp(server, 'Einheit');
      const [vater, cousin, konjunktur] = await Promise.all(
        ['der Vater', 'der Cousin', 'die Konjunktur'].map(h.idOf),
      );
      const unified = await json(
        await create(user.cookie, {
          deck: 'level-a1+level-a2',
          count: 10,
          strategy: 'unified',
          vocabularyIds: [cousin, konjunktur, vater],
        }),
      );
      expect(unified.created.map((card: FlashcardCard) => card.vocabulary_id)).toEqual([
        cousin,
        vater,
      ]);
      const upserted = await json(
        await h.call(user.cookie, 'POST', '/api/flashcards/cards/upsert', {
          cards: [
            { localId: 'local-1', vocabularyId: vater },
            { localId: 'local-2', vocabularyId: konjunktur },
            { localId: 'local-3', vocabularyId: 999_999 },
          ],
        }),
      );
      expect(upserted.cards).toHaveLength(2);
      expect(upserted.cards[0]).toMatchObject({ localId: 'local-1' });
      expect(upserted.cards[0].card.id).toBe(
        unified.created.find((card: FlashcardCard) => card.vocabulary_id === vater).id,
      );
      expect(upserted.cards[1].card).toMatchObject({
        vocabulary_id: konjunktur,
        difficulty_level: 'C1',
        card_state: 'new',
      });

      // Another user's upsert of the same word makes their own card, never answers this one.
      const other = await signUp(server, 'Zweiter');
      const theirs = await json(
        await h.call(other.cookie, 'POST', '/api/flashcards/cards/upsert', {
          cards: [{ localId: 'local-9', vocabularyId: vater }],
        }),
      );
      expect(theirs.cards[0].card.id).not.toBe(upserted.cards[0].card.id);
      expect(await h.cardCount(other.id)).toBe(1);

      const before = await h.cardCount(user.id);
      for (const [path, body] of [
        ['/api/flashcards/cards', { deck: 'database', count: -1 }],
        ['/api/flashcards/cards', { deck: '', count: 1 }],
        ['/api/flashcards/cards', { deck: 'database', count: 1, strategy: 'weighted' }],
        ['/api/flashcards/cards', { deck: 'database', count: 1, timeZone: 'Mars/Base' }],
        ['/api/flashcards/cards', { deck: 'database', count: 1, userId: 'someone' }],
        ['/api/flashcards/cards/upsert', { cards: [{ localId: 'x-1', vocabularyId: vater }] }],
        ['/api/flashcards/cards/upsert', { cards: [] }],
        ['/api/flashcards/session', { deck: 'database', newCount: 5 }],
        ['/api/flashcards/session', { deck: 'database', newCount: 5, reviewCount: 1.5 }],
      ] as const) {
        const response = await h.call(user.cookie, 'POST', path, body);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      }
      expect(await h.cardCount(user.id)).toBe(before);
      const post = (headers: Record<string, string>) =>
        server.app.request('/api/flashcards/cards', {
          method: 'POST',
          headers: { Cookie: user.cookie, ...headers },
          body: 'not json',
        });
      // Said to be JSON but is not: 400. Not said to be JSON (text/plain): 415.
      expect((await post({ 'Content-Type': 'application/json' })).status).toBe(400);
      expect((await post({})).status).toBe(415);
      expect(await h.cardCount(user.id)).toBe(before);
    },
  );

  it.skipIf(!available)(
    'builds sessions and queues: learning first, due reviews, new cards in pages; upcoming',
    async () => {
      const user = await signUp(server, 'Lerner');
      const other = await signUp(server, 'Nachbar');
      const session = await json(
        await h.call(user.cookie, 'POST', '/api/flashcards/session', {
          deck: 'level-b1',
          newCount: 500,
          reviewCount: 20,
        }),
      );
      expect(session.created).toBe(50);
      expect(session.new).toHaveLength(50);
      expect(session.vocabularyLeft).toBe(true);
      expect(session.quota).toEqual({ remaining_new_cards: 1000, remaining_review_cards: 200 });
      expect(session.new.every((card: FlashcardCard) => card.difficulty_level === 'B1')).toBe(true);
      // A second session tops up to the new count: nothing more is made.
      const again = await json(
        await h.call(user.cookie, 'POST', '/api/flashcards/session', {
          deck: 'level-b1',
          newCount: 10,
          reviewCount: 20,
        }),
      );
      expect(again.created).toBe(0);
      expect(ids(again.new)).toEqual(ids(session.new).slice(0, 10));

      const [learning, due, notDue, leech, suspended, soon, later] = session.new as FlashcardCard[];
      const now = Date.now();
      const set = h.setCard;
      await set(learning?.id ?? 0, {
        cardState: 'learning',
        learningStep: 1,
        dueAt: new Date(now + 5 * MINUTE),
      });
      await set(due?.id ?? 0, {
        cardState: 'review',
        intervalDays: 3,
        dueAt: new Date(now - MINUTE),
      });
      await set(notDue?.id ?? 0, {
        cardState: 'review',
        intervalDays: 3,
        dueAt: new Date(now + 2 * 86_400_000),
      });
      await set(leech?.id ?? 0, {
        cardState: 'review',
        dueAt: new Date(now - MINUTE),
        isLeech: true,
      });
      await set(suspended?.id ?? 0, {
        cardState: 'relearning',
        dueAt: new Date(now - MINUTE),
        isSuspended: true,
      });
      await set(soon?.id ?? 0, {
        cardState: 'review',
        intervalDays: 2,
        dueAt: new Date(now + 30 * MINUTE),
      });
      await set(later?.id ?? 0, {
        cardState: 'review',
        intervalDays: 2,
        dueAt: new Date(now + 300 * MINUTE),
      });

      const queue = await json(
        await h.call(
          user.cookie,
          'GET',
          '/api/flashcards/queue?deck=level-b1&newLimit=3&dueLimit=10',
        ),
      );
      expect(ids(queue.learning)).toEqual([learning?.id]);
      expect(ids(queue.review)).toEqual([due?.id]);
      expect(ids(queue.new)).toEqual(ids(session.new).slice(7, 10));
      const page2 = await json(
        await h.call(
          user.cookie,
          'GET',
          '/api/flashcards/queue?deck=level-b1&newLimit=3&newOffset=3',
        ),
      );
      expect(ids(page2.new)).toEqual(ids(session.new).slice(10, 13));
      const elsewhere = await json(
        await h.call(user.cookie, 'GET', '/api/flashcards/queue?deck=level-a1'),
      );
      expect([...elsewhere.learning, ...elsewhere.review, ...elsewhere.new]).toEqual([]);
      expect((await h.call(user.cookie, 'GET', '/api/flashcards/queue?dueLimit=500')).status).toBe(
        400,
      );

      const withLeeches = await json(
        await h.call(user.cookie, 'POST', '/api/flashcards/session', {
          deck: 'level-b1',
          newCount: 0,
          reviewCount: 10,
          includeLeeches: true,
          includeSuspended: true,
        }),
      );
      expect(ids(withLeeches.review)).toEqual([due?.id, leech?.id]);
      expect(ids(withLeeches.learning)).toEqual([suspended?.id, learning?.id]);

      // Within 240 minutes by default: the learning card (5 min) and the review card (30 min).
      const upcoming = await json(await h.call(user.cookie, 'GET', '/api/flashcards/upcoming'));
      expect(ids(upcoming.cards)).toEqual([learning?.id, soon?.id]);
      const wider = await json(
        await h.call(user.cookie, 'GET', '/api/flashcards/upcoming?deck=level-b1&minutes=400'),
      );
      expect(ids(wider.cards)).toEqual([learning?.id, soon?.id, later?.id]);

      // Another user sees none of it, and their session makes only their own cards.
      const theirs = await json(await h.call(other.cookie, 'GET', '/api/flashcards/queue'));
      expect([...theirs.learning, ...theirs.review, ...theirs.new]).toEqual([]);
      const theirSession = await json(
        await h.call(other.cookie, 'POST', '/api/flashcards/session', {
          deck: 'level-b1',
          newCount: 2,
          reviewCount: 50,
          includeLeeches: true,
          includeSuspended: true,
        }),
      );
      expect(theirSession.created).toBe(2);
      expect([...theirSession.learning, ...theirSession.review]).toEqual([]);
      expect(ids(theirSession.new).some((id) => ids(session.new).includes(id))).toBe(false);
      expect(
        (await json(await h.call(other.cookie, 'GET', '/api/flashcards/upcoming'))).cards,
      ).toEqual([]);
      const [anyCard] = await server.database.db
        .select()
        .from(flashcards)
        .where(and(eq(flashcards.userId, user.id), eq(flashcards.id, due?.id ?? 0)));
      expect(anyCard?.cardState).toBe('review');
    },
  );
});
