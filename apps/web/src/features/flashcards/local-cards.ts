import {
  afterUpsert,
  type FailedInsert,
  LOCAL_CARD_SYNC,
  type LocalCardOutbox,
  localCardId,
  nextInsertBatch,
  pruneFailedInserts,
  shouldFlushLocalCards,
} from '@lesefuchs/core/srs/local-cards';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import { userTimeZone } from '../../lib/time-zone';
import type { SavedWord } from '../vocabulary/saved-words-model';
import { upsertLocalCards } from './flashcards-api';
import { flushReviews, queueReview } from './review-outbox';
import type { StudyCard } from './study-state';

// Cards made on the device while the server cannot be reached (spec 3 §4 "Local cards and
// sync"): Get Cards on the saved deck while offline makes them from the saved words. Each is
// a pending insert sent by upsert (5 pending or 15 s, 100 per call); the server's id then
// replaces the local one, and the reviews made meanwhile go to the review outbox under it.
// After 5 failed attempts an insert moves to the failed list, pruned after 720 hours.

interface LocalReview {
  localId: string;
  reviewId: string;
  rating: Rating;
  reviewedAt: number;
}

interface Stored extends LocalCardOutbox {
  reviews: LocalReview[];
}

const keyOf = (userId: string) => `lesefuchs.flashcards.localCards.${userId}`;

function read(userId: string): Stored {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Stored | null;
    if (stored && Array.isArray(stored.pending) && Array.isArray(stored.failed))
      return { ...stored, reviews: Array.isArray(stored.reviews) ? stored.reviews : [] };
  } catch {
    // A damaged entry starts over.
  }
  return { pending: [], failed: [], reviews: [] };
}

function write(userId: string, stored: Stored): void {
  try {
    if (stored.pending.length + stored.failed.length + stored.reviews.length === 0)
      localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(stored));
  } catch {
    // Storage full: the cards still work for this visit.
  }
}

/** A new local card for a saved word, due now (§3 local-only card). */
export function localCardFromWord(word: SavedWord, now: Date, random: string): StudyCard {
  const at = now.toISOString();
  return {
    id: localCardId(random),
    vocabulary_id: word.vocabularyId,
    deck_name: 'default',
    difficulty_level: (word.level || 'A1') as StudyCard['difficulty_level'],
    card_state: 'new',
    due_at: at,
    ease_factor: 2.5,
    interval_days: 0,
    repetitions: 0,
    lapses: 0,
    learning_step: 0,
    last_reviewed_at: null,
    created_at: at,
    updated_at: at,
    is_leech: false,
    is_suspended: false,
    fsrs_stability: null,
    fsrs_difficulty: null,
    word: word.word,
    base_word: word.word,
    translation_en: word.translationEn,
    translation_es: word.translationEs,
    translation_kr: word.translationKr,
    example_sentence: word.example,
    gender: word.gender,
    plural: word.plural,
    part_of_speech: word.partOfSpeech,
  };
}

/** Keeps new local cards as pending inserts. */
export function addLocalCards(userId: string, cards: readonly StudyCard[], now: number): void {
  const stored = read(userId);
  for (const card of cards)
    if (typeof card.id === 'string')
      stored.pending.push({
        localId: card.id,
        vocabularyId: card.vocabulary_id,
        createdAt: now,
        attempts: 0,
      });
  write(userId, stored);
}

/** A review of a local card waits beside it until the card has a server id. */
export function queueLocalReview(userId: string, review: LocalReview): void {
  const stored = read(userId);
  stored.reviews.push(review);
  write(userId, stored);
}

export function hasLocalCards(userId: string): boolean {
  return read(userId).pending.length > 0;
}

/**
 * Sends pending inserts when due (or when `force`d): each synced card is remapped through
 * `onRemap` and its waiting reviews go to the review outbox. Returns the inserts that failed
 * for good in this attempt.
 */
export async function syncLocalCards(
  userId: string,
  onRemap: (localId: string, card: StudyCard) => void,
  options: { now?: number; force?: boolean } = {},
): Promise<FailedInsert[]> {
  const now = options.now ?? Date.now();
  let stored = read(userId);
  const pruned = pruneFailedInserts(stored, now);
  const failedIds = new Set(pruned.failed.map((entry) => entry.localId));
  stored = {
    ...pruned,
    reviews: stored.reviews.filter(
      (review) =>
        failedIds.has(review.localId) || stored.pending.some((p) => p.localId === review.localId),
    ),
  };
  if (!(options.force ? stored.pending.length > 0 : shouldFlushLocalCards(stored, now))) {
    write(userId, stored);
    return [];
  }
  const batch = nextInsertBatch(stored).slice(0, LOCAL_CARD_SYNC.insertBatch);
  let synced = new Map<string, StudyCard>();
  try {
    const answer = await upsertLocalCards(
      batch.map(({ localId, vocabularyId }) => ({ localId, vocabularyId })),
    );
    synced = new Map(answer.cards.map(({ localId, card }) => [localId, card]));
  } catch {
    // Counted as a failed attempt below.
  }
  stored = read(userId);
  const result = afterUpsert(
    stored,
    batch,
    new Map([...synced].map(([localId, card]) => [localId, Number(card.id)])),
    now,
  );
  const reviews: LocalReview[] = [];
  for (const review of stored.reviews) {
    const card = synced.get(review.localId);
    if (!card) reviews.push(review);
    else
      queueReview(userId, review.reviewId, {
        cardId: Number(card.id),
        rating: review.rating,
        reviewedAt: review.reviewedAt,
        timeZone: userTimeZone(),
      });
  }
  write(userId, { ...result.outbox, reviews });
  for (const [localId, card] of synced) onRemap(localId, card);
  // The server just answered: the reviews made meanwhile go now, not at the next 30 s turn.
  if (reviews.length < stored.reviews.length) void flushReviews(userId);
  return result.failedNow;
}

/**
 * Local cards for Get Cards while offline: the saved words of the deck's levels that have no
 * card in play yet, at most `count`.
 */
export function localCardsForDeck(
  words: readonly SavedWord[],
  levels: readonly string[],
  known: ReadonlySet<number>,
  count: number,
  now: Date,
): StudyCard[] {
  return words
    .filter((word) => levels.length === 0 || levels.includes(word.level))
    .filter((word) => !known.has(word.vocabularyId))
    .slice(0, Math.max(0, count))
    .map((word) => localCardFromWord(word, now, crypto.randomUUID()));
}
