import type { LiveQueue } from '@lesefuchs/core/srs/live-queue';
import { SESSION_RULES } from '@lesefuchs/core/srs/session';
import type { StudyCard } from './study-state';

// The live queue kept on the device (spec 3 §3 "Local storage holds the card queue (timestamp,
// learning list, review list)"), one per signed-in user, so the page comes back with the same
// cards after a reload, also when the server cannot be reached. The pool (the session's cards
// not yet in play) is kept beside the two lists.

const VERSION = 1;
const keyOf = (userId: string) => `lesefuchs.flashcards.queue.${userId}`;

export interface CachedQueue {
  version: typeof VERSION;
  /** When the queue was stored (ms). */
  timestamp: number;
  deck: string;
  learning: StudyCard[];
  review: StudyCard[];
  pool: StudyCard[];
}

/** The stored queue of this user and deck, unless it is older than the session timeout (16 h). */
export function readCachedQueue(
  userId: string,
  deck: string,
  now: number,
  storage: Pick<Storage, 'getItem'> = localStorage,
): CachedQueue | null {
  try {
    const cached = JSON.parse(storage.getItem(keyOf(userId)) ?? 'null') as CachedQueue | null;
    if (
      !cached ||
      cached.version !== VERSION ||
      cached.deck !== deck ||
      !Array.isArray(cached.learning) ||
      !Array.isArray(cached.review) ||
      !Array.isArray(cached.pool) ||
      now - cached.timestamp >= SESSION_RULES.timeoutMs
    )
      return null;
    return cached;
  } catch {
    return null;
  }
}

export function writeCachedQueue(
  userId: string,
  deck: string,
  queue: LiveQueue<StudyCard>,
  pool: StudyCard[],
  now: number,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  const cached: CachedQueue = {
    version: VERSION,
    timestamp: now,
    deck,
    learning: queue.learning,
    review: queue.review,
    pool,
  };
  try {
    storage.setItem(keyOf(userId), JSON.stringify(cached));
  } catch {
    // Storage full: the queue still works for this visit.
  }
}

export function clearCachedQueue(
  userId: string,
  storage: Pick<Storage, 'removeItem'> = localStorage,
): void {
  storage.removeItem(keyOf(userId));
}

/**
 * Cards due and new in the queue kept on the device, whatever its deck or age: what the study
 * hub shows while the server cannot be reached. Null when the device holds no queue.
 */
export function countQueuedCards(
  userId: string,
  now: number,
  storage: Pick<Storage, 'getItem'> = localStorage,
): { due: number; new: number } | null {
  try {
    const cached = JSON.parse(storage.getItem(keyOf(userId)) ?? 'null') as CachedQueue | null;
    if (!cached || cached.version !== VERSION) return null;
    const cards = [cached.learning, cached.review, cached.pool].flatMap((list) =>
      Array.isArray(list) ? list : [],
    );
    const seen = new Set<number | string>();
    const counts = { due: 0, new: 0 };
    for (const card of cards) {
      if (seen.has(card.id)) continue;
      seen.add(card.id);
      if (card.card_state === 'new') counts.new++;
      else if (Date.parse(card.due_at) <= now) counts.due++;
    }
    return counts;
  } catch {
    return null;
  }
}
