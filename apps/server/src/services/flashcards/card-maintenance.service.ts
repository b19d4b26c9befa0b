import {
  type CardFlags,
  type FlashcardCard,
  releaseLeech,
  suspendCard,
  unsuspendCard,
} from '@lesefuchs/core';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { flashcards, vocabulary } from '../../db/schema/index.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { leechAndSuspendedCards, lockCard, updateCard } from './cards.repository.ts';
import { presentCard } from './present.ts';
import { CardNotFoundError } from './review.service.ts';

// Suspension, leeches and the sanitizing step (spec 3 §4 "Suspension and leeches", §5, §7
// suspend_leech_cards, unsuspend_cards). Every change is scoped to the session's user: another
// user's card id is not found.

/** The leeches-and-suspensions tab reads at most this many (§9 getAllSrsCards limit 500). */
export const LEECH_LIST_LIMIT = 500;

const FLAG_CHANGES = {
  suspend: suspendCard,
  unsuspend: unsuspendCard,
  release: releaseLeech,
} as const satisfies Record<string, (flags: CardFlags) => CardFlags>;
export type FlagChange = keyof typeof FLAG_CHANGES;

/** Suspends, unsuspends or releases one card of the user, with the core's flag rules. */
export async function changeCardFlags(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  cardId: number,
  change: FlagChange,
): Promise<FlashcardCard> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const card = await lockCard(tx, userId, cardId);
    if (!card) throw new CardNotFoundError(`cardId: no card ${cardId}`);
    const flags = FLAG_CHANGES[change]({ is_leech: card.isLeech, is_suspended: card.isSuspended });
    const changed = {
      isLeech: flags.is_leech,
      isSuspended: flags.is_suspended,
      updatedAt: new Date(),
    };
    await updateCard(tx, userId, card.id, changed);
    await hub.publish(userId, { type: 'flashcards', data: { action: change, cardId } }, tx);
    return presentCard({ ...card, ...changed });
  });
}

/**
 * The user's cards whose flags the bulk change would change, at most `limit`, oldest change
 * first. suspend_leech_cards suspends leeches that are not suspended yet; unsuspend_cards
 * unsuspends suspended cards (those given, or any), leaving is_leech as it is (unsuspendCard).
 */
export async function changeFlagsInBulk(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  change: 'suspend-leeches' | 'unsuspend',
  options: { limit: number; cardIds?: number[] },
): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const which =
      change === 'suspend-leeches'
        ? and(eq(flashcards.isLeech, true), eq(flashcards.isSuspended, false))
        : eq(flashcards.isSuspended, true);
    const picked = tx
      .select({ id: flashcards.id })
      .from(flashcards)
      .where(
        and(
          eq(flashcards.userId, userId),
          which,
          options.cardIds ? inArray(flashcards.id, options.cardIds) : undefined,
        ),
      )
      .orderBy(flashcards.updatedAt, flashcards.id)
      .limit(options.limit);
    const flags =
      change === 'suspend-leeches'
        ? suspendCard({ is_leech: true, is_suspended: false })
        : unsuspendCard({ is_leech: false, is_suspended: true });
    const changed = await tx
      .update(flashcards)
      .set({ isSuspended: flags.is_suspended, updatedAt: new Date() })
      .where(and(eq(flashcards.userId, userId), inArray(flashcards.id, picked)))
      .returning({ id: flashcards.id });
    if (changed.length > 0) {
      await hub.publish(
        userId,
        { type: 'flashcards', data: { action: change, count: changed.length } },
        tx,
      );
    }
    return changed.length;
  });
}

/** GET /leeches: leeches and suspended cards, most recently changed first. */
export async function listLeeches(db: Database, userId: string): Promise<FlashcardCard[]> {
  return (await leechAndSuspendedCards(db, userId, LEECH_LIST_LIMIT)).map(presentCard);
}

/**
 * POST /sanitize: cards whose entry's level is no longer the card's level (§5; the content was
 * re-graded since the card was made). Spec: such cards are deleted. Ours: a card still new
 * (never reviewed) is deleted, as the spec says, and the level deck makes a fresh one when
 * asked; a card with reviews takes the entry's level instead, so no learning is lost.
 */
export async function sanitizeCards(
  db: Database,
  hub: RealtimeHub,
  userId: string,
): Promise<{ deleted: number; relevelled: number }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const mismatched = await tx
      .select({
        id: flashcards.id,
        neverReviewed: sql<boolean>`${flashcards.cardState} = 'new' and ${flashcards.lastReviewedAt} is null`,
        level: vocabulary.difficultyLevel,
      })
      .from(flashcards)
      .innerJoin(vocabulary, eq(vocabulary.id, flashcards.vocabularyId))
      .where(
        and(
          eq(flashcards.userId, userId),
          ne(flashcards.difficultyLevel, vocabulary.difficultyLevel),
        ),
      );
    const doomed = mismatched.filter((card) => card.neverReviewed).map((card) => card.id);
    if (doomed.length > 0) {
      await tx
        .delete(flashcards)
        .where(and(eq(flashcards.userId, userId), inArray(flashcards.id, doomed)));
    }
    const kept = mismatched.filter((card) => !card.neverReviewed);
    for (const card of kept) {
      await updateCard(tx, userId, card.id, { difficultyLevel: card.level });
    }
    if (mismatched.length > 0) {
      await hub.publish(userId, { type: 'flashcards', data: { action: 'sanitized' } }, tx);
    }
    return { deleted: doomed.length, relevelled: kept.length };
  });
}
