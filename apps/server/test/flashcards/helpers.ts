import type { FlashcardCard } from '@lesefuchs/core';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { flashcardReviews, flashcards, vocabulary } from '../../src/db/schema/index.ts';
import type { CardChange } from '../../src/services/flashcards/cards.repository.ts';
import { caller, json, type TestServer, vocabularyIdOf } from '../harness.ts';

/** Calls and row reads the flashcard tests share. */
export function flashcardHelpers(server: TestServer) {
  const call = caller(server);
  let reviewCounter = 0;

  /** The entry id of a word of the corpus. */
  const idOf = (word: string) => vocabularyIdOf(server, word);

  /** Makes cards for the given words through the API, and answers them in that order. */
  const cardsFor = async (cookie: string, words: string[]): Promise<FlashcardCard[]> => {
    const vocabularyIds = await Promise.all(words.map(idOf));
    const response = await call(cookie, 'POST', '/api/flashcards/cards', {
      deck: 'database',
      count: words.length,
      strategy: 'unified',
      vocabularyIds,
    });
    expect(response.status).toBe(200);
    const { created } = (await json(response)) as { created: FlashcardCard[] };
    expect(created.map((card) => card.vocabulary_id)).toEqual(vocabularyIds);
    return created;
  };

  /** Puts a card into a scheduling state directly (a card in review needs days to get there). */
  const setCard = async (id: number, change: CardChange) => {
    await server.database.db.update(flashcards).set(change).where(eq(flashcards.id, id));
  };

  const review = async (
    cookie: string,
    cardId: number,
    rating: string,
    extra: { reviewId?: string; reviewedAt?: number } = {},
  ) => {
    reviewCounter += 1;
    return call(cookie, 'POST', '/api/flashcards/reviews', {
      cardId,
      rating,
      reviewId: extra.reviewId ?? `review-${Date.now()}-${reviewCounter}`,
      ...(extra.reviewedAt === undefined ? {} : { reviewedAt: extra.reviewedAt }),
    });
  };

  const logCount = async (userId: string, cardId?: number) => {
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(flashcardReviews)
      .where(
        and(
          eq(flashcardReviews.userId, userId),
          cardId === undefined ? undefined : eq(flashcardReviews.cardId, cardId),
        ),
      );
    return row?.n ?? 0;
  };

  const cardCount = async (userId: string) => {
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(flashcards)
      .where(eq(flashcards.userId, userId));
    return row?.n ?? 0;
  };

  const cardRow = async (id: number) => {
    const [row] = await server.database.db.select().from(flashcards).where(eq(flashcards.id, id));
    return row;
  };

  return { call, idOf, cardsFor, setCard, review, logCount, cardCount, cardRow };
}
