import { sanitizeDeckPreference } from '@lesefuchs/core/srs/decks';
import { buildLiveQueue } from '@lesefuchs/core/srs/live-queue';
import { resumableSession, type SessionState } from '@lesefuchs/core/srs/session';
import { readCachedQueue } from './live-queue-store';
import { emptyStudy, type StudyState } from './study-state';

// The study session kept on the device (spec 3 §3 "Session state (local)"): one per signed-in
// user, resumed when the page opens again within 16 hours on the same deck. The deck last
// studied is kept too, so the page opens on it.

const sessionKey = (userId: string) => `lesefuchs.flashcards.session.${userId}`;
const deckKey = (userId: string) => `lesefuchs.flashcards.deck.${userId}`;
/** The deck preference as last seen here, and whether the learner has changed it since. */
const preferenceKey = (userId: string) => `lesefuchs.flashcards.deckPreference.${userId}`;
const pickedKey = (userId: string) => `lesefuchs.flashcards.deckPreferencePicked.${userId}`;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isSession = (value: unknown): value is SessionState => {
  const s = value as Partial<SessionState> | null;
  return (
    !!s &&
    typeof s.sessionId === 'string' &&
    typeof s.userId === 'string' &&
    typeof s.deckName === 'string' &&
    typeof s.lastAccessed === 'number' &&
    Array.isArray(s.currentQueue) &&
    Array.isArray(s.completedCardIds) &&
    Array.isArray(s.stableNewIds) &&
    !!s.sessionStats &&
    !!s.studyParams
  );
};

export function readSession(userId: string, storage: Store = localStorage): SessionState | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(sessionKey(userId)) ?? 'null');
    return isSession(parsed) && parsed.userId === userId ? parsed : null;
  } catch {
    return null;
  }
}

export function writeSession(state: SessionState, storage: Store = localStorage): void {
  try {
    storage.setItem(sessionKey(state.userId), JSON.stringify(state));
  } catch {
    // Storage full: the session still runs for this visit.
  }
}

export function clearSession(userId: string, storage: Store = localStorage): void {
  storage.removeItem(sessionKey(userId));
}

/**
 * The deck selection to open on: the one the learner last chose on this screen; else the deck
 * preference once the learner has set one (§5: reset to database when it is not a valid value);
 * else, for a learner with saved words, the saved words. The spec's default, database, left
 * saved words out of every session until the learner found the deck picker. A preference the
 * learner changes (in the settings, on any device) wins over the deck last chosen here.
 */
export function readDeck(
  userId: string,
  preference: unknown,
  hasSavedWords = false,
  storage: Store = localStorage,
): string {
  const wanted = sanitizeDeckPreference(preference);
  const seen = storage.getItem(preferenceKey(userId));
  try {
    if (seen !== wanted) storage.setItem(preferenceKey(userId), wanted);
    if (seen !== null && seen !== wanted) {
      storage.removeItem(deckKey(userId));
      storage.setItem(pickedKey(userId), 'true');
    }
  } catch {
    // Storage full: the preference is read as it is.
  }
  const stored = storage.getItem(deckKey(userId));
  if (stored && stored.split('+').every((part) => sanitizeDeckPreference(part) === part))
    return stored;
  return openingDeck(wanted, hasSavedWords, storage.getItem(pickedKey(userId)) === 'true');
}

/** The preference's deck, or the saved words in place of the default one not chosen. */
export function openingDeck(preference: string, hasSavedWords: boolean, picked = false): string {
  return preference === 'database' && hasSavedWords && !picked ? 'saved' : preference;
}

export function writeDeck(userId: string, deck: string, storage: Store = localStorage): void {
  try {
    storage.setItem(deckKey(userId), deck);
  } catch {
    // Storage full: the deck is chosen for this visit.
  }
}

/**
 * The study state to open a deck on: the saved session and its queue when they may be resumed
 * (same user and deck, touched within 16 hours), otherwise an empty one.
 */
export function resumeStudy(userId: string, deck: string, now: number): StudyState {
  const session = resumableSession(readSession(userId), userId, deck, now);
  const cached = session ? readCachedQueue(userId, deck, now) : null;
  if (!session || !cached) return emptyStudy(deck);
  return {
    deck,
    live: buildLiveQueue([...cached.learning, ...cached.review]),
    pool: cached.pool,
    session,
  };
}
