/**
 * The flashcard study session (spec 3 §3 "Session state", §4 "Session", §9 "Batches and
 * sessions"): building its queue, completing cards, expiry, the top-up on resume and the
 * stable new-card ids. Pure: the clock and the shuffle are passed in.
 *
 * Decisions where the spec is silent:
 * - "Never reviewed" is last_reviewed_at null and no repetitions; such a card found among both
 *   the due and the new cards is kept once, as new; any other is kept as due.
 * - The proportional mix spreads the new cards evenly between the due cards: each card of a list
 *   of n sits at (i + ½) / n, and the two lists are merged by that position, due first on a tie
 *   (10 due and 5 new give D N D D N D …).
 * - New cards already in stableNewIds keep their place ahead of the others, so a rebuilt or
 *   topped-up queue does not swap the new cards the learner has started on; only the rest is
 *   shuffled. sessionNewCap caps the new cards of one build.
 * - A card completed in this session is not added to its queue again by a top-up.
 * - Inactivity is measured from lastAccessed; a session of another user or another deck is not
 *   resumed.
 */

import { seededRandom } from '../random.ts';
import { parseFlashcardDeck } from './decks.ts';
import type { CardState, Rating } from './scheduler.ts';

/** The session rules of §4 and §9. */
export const SESSION_RULES = {
  /** A session not touched for 16 hours is over. */
  timeoutMs: 16 * 3_600_000,
  /** On resume with fewer cards than this left, the session is topped up … */
  autoFillBelow: 3,
  /** … with 10 new and 20 review cards. */
  autoFillNew: 10,
  autoFillReview: 20,
  /** Default session targets. */
  newCardsTarget: 20,
  reviewCardsTarget: 50,
} as const;

export type SessionCardId = number | string;

/** What the session builder reads of a card: a whole FlashcardCard will do. */
export interface SessionCard {
  id: SessionCardId;
  card_state: CardState;
  due_at: string | Date;
  repetitions: number;
  last_reviewed_at: string | Date | null;
}

export interface SessionStats {
  cardsAnswered: number;
  correctAnswers: number;
  /** Milliseconds since startTime at the last answer. */
  sessionDuration: number;
  startTime: number;
}

export interface StudyParams {
  newCardsTarget: number;
  reviewCardsTarget: number;
  options: { includeLeeches: boolean; includeSuspended: boolean };
}

/** The local session state of §3. */
export interface SessionState {
  sessionId: string;
  lastAccessed: number;
  created: number;
  /** Card ids in the order they are studied. */
  currentQueue: SessionCardId[];
  activeCardIndex: number;
  completedCardIds: SessionCardId[];
  /** The new cards this session has drawn, kept across rebuilds. */
  stableNewIds: SessionCardId[];
  /** Most new cards one build takes. */
  sessionNewCap: number;
  sessionStats: SessionStats;
  studyParams: StudyParams;
  /** The deck selection, e.g. "level-a1". */
  deckName: string;
  userId: string;
}

/** The cards a build draws from, as the server answers them. */
export interface SessionSources<C extends SessionCard> {
  learning: readonly C[];
  due: readonly C[];
  new: readonly C[];
}

export type Shuffle = <T>(items: readonly T[]) => T[];

/** A Fisher–Yates shuffle driven by a seeded generator, for tests and replays. */
export function seededShuffle(seed: number): Shuffle {
  const random = seededRandom(seed);
  return <T>(items: readonly T[]) => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
}

const neverReviewed = (card: SessionCard) =>
  card.last_reviewed_at === null && card.repetitions === 0;
const dueTime = (card: SessionCard) => new Date(card.due_at).getTime();

/** Two lists merged so each is spread evenly over the result; `first` wins a tie. */
export function mixProportionally<T>(first: readonly T[], second: readonly T[]): T[] {
  const place = (list: readonly T[], rank: number) =>
    list.map((item, i) => ({ item, rank, at: (i + 0.5) / list.length }));
  return [...place(first, 0), ...place(second, 1)]
    .sort((a, b) => a.at - b.at || a.rank - b.rank)
    .map(({ item }) => item);
}

/**
 * The session's queue (§4): learning cards first (by due time), then the due cards mixed
 * proportionally with the new cards, which are shuffled (stable ones first) and capped.
 */
export function buildSessionQueue<C extends SessionCard>(
  sources: SessionSources<C>,
  options: { shuffle: Shuffle; newCap?: number; stableNewIds?: readonly SessionCardId[] },
): C[] {
  const seen = new Set<SessionCardId>();
  const take = (card: C) => {
    if (seen.has(card.id)) return false;
    seen.add(card.id);
    return true;
  };
  const asNew = new Set(sources.new.filter((card) => neverReviewed(card)).map((card) => card.id));
  const learning = [...sources.learning]
    .filter((card) => !asNew.has(card.id))
    .sort((a, b) => dueTime(a) - dueTime(b))
    .filter(take);
  const due = sources.due.filter((card) => !asNew.has(card.id)).filter(take);
  const stable = new Set(options.stableNewIds ?? []);
  const fresh = sources.new.filter(take);
  const ordered = [
    ...(options.stableNewIds ?? [])
      .map((id) => fresh.find((card) => card.id === id))
      .filter((card): card is C => card !== undefined),
    ...options.shuffle(fresh.filter((card) => !stable.has(card.id))),
  ];
  const newCards = ordered.slice(0, Math.max(0, options.newCap ?? ordered.length));
  return [...learning, ...mixProportionally(due, newCards)];
}

/** A new session over a built queue. */
export function createSession(input: {
  sessionId: string;
  userId: string;
  deckName: string;
  queue: readonly SessionCard[];
  studyParams: StudyParams;
  now: number;
  sessionNewCap?: number;
  stableNewIds?: readonly SessionCardId[];
}): SessionState {
  return {
    sessionId: input.sessionId,
    lastAccessed: input.now,
    created: input.now,
    currentQueue: input.queue.map((card) => card.id),
    activeCardIndex: 0,
    completedCardIds: [],
    stableNewIds: [
      ...new Set([
        ...(input.stableNewIds ?? []),
        ...input.queue.filter((card) => card.card_state === 'new').map((card) => card.id),
      ]),
    ],
    sessionNewCap: input.sessionNewCap ?? input.studyParams.newCardsTarget,
    sessionStats: { cardsAnswered: 0, correctAnswers: 0, sessionDuration: 0, startTime: input.now },
    studyParams: input.studyParams,
    deckName: input.deckName,
    userId: input.userId,
  };
}

/** Whether the session has gone 16 hours without being touched. */
export function isSessionExpired(state: Pick<SessionState, 'lastAccessed'>, now: number): boolean {
  return now - state.lastAccessed >= SESSION_RULES.timeoutMs;
}

/** The saved session if it may be resumed now by this user on this deck, otherwise null. */
export function resumableSession(
  saved: SessionState | null,
  userId: string,
  deckName: string,
  now: number,
): SessionState | null {
  if (!saved || saved.userId !== userId || saved.deckName !== deckName) return null;
  return isSessionExpired(saved, now) ? null : saved;
}

/** Card ids of the queue not completed yet, in order. */
export function remainingCardIds(state: SessionState): SessionCardId[] {
  const done = new Set(state.completedCardIds);
  return state.currentQueue.filter((id) => !done.has(id));
}

/** The top-up asked for on resume (§4 autoFillOnResume): 10 new and 20 review when < 3 are left. */
export function autoFillOnResume(
  state: SessionState,
): { newCount: number; reviewCount: number } | null {
  return remainingCardIds(state).length < SESSION_RULES.autoFillBelow
    ? { newCount: SESSION_RULES.autoFillNew, reviewCount: SESSION_RULES.autoFillReview }
    : null;
}

/** Good or easy counts as a correct answer (§4). */
export function isCorrect(rating: Rating): boolean {
  return rating === 'good' || rating === 'easy';
}

/** The session after a card was rated: index advanced, card recorded, stats counted. */
export function completeCard(
  state: SessionState,
  cardId: SessionCardId,
  rating: Rating,
  now: number,
): SessionState {
  const completed = state.completedCardIds.includes(cardId)
    ? state.completedCardIds
    : [...state.completedCardIds, cardId];
  return {
    ...state,
    lastAccessed: now,
    completedCardIds: completed,
    activeCardIndex: Math.min(state.activeCardIndex + 1, state.currentQueue.length),
    sessionStats: {
      ...state.sessionStats,
      cardsAnswered: state.sessionStats.cardsAnswered + 1,
      correctAnswers: state.sessionStats.correctAnswers + (isCorrect(rating) ? 1 : 0),
      sessionDuration: Math.max(0, now - state.sessionStats.startTime),
    },
  };
}

/** The session as before a rating the server refused: the card is open again, not counted. */
export function uncompleteCard(
  state: SessionState,
  cardId: SessionCardId,
  rating: Rating,
): SessionState {
  if (!state.completedCardIds.includes(cardId)) return state;
  return {
    ...state,
    completedCardIds: state.completedCardIds.filter((id) => id !== cardId),
    activeCardIndex: Math.max(0, state.activeCardIndex - 1),
    sessionStats: {
      ...state.sessionStats,
      cardsAnswered: Math.max(0, state.sessionStats.cardsAnswered - 1),
      correctAnswers: Math.max(0, state.sessionStats.correctAnswers - (isCorrect(rating) ? 1 : 0)),
    },
  };
}

/** The session with more cards at the end; ids already queued or completed are skipped. */
export function appendToSession(
  state: SessionState,
  cards: readonly SessionCard[],
  now: number,
): SessionState {
  const known = new Set([...state.currentQueue, ...state.completedCardIds]);
  const added = cards.filter((card) => !known.has(card.id) && (known.add(card.id), true));
  return {
    ...state,
    lastAccessed: now,
    currentQueue: [...state.currentQueue, ...added.map((card) => card.id)],
    stableNewIds: [
      ...state.stableNewIds,
      ...added.filter((card) => card.card_state === 'new').map((card) => card.id),
    ],
  };
}

/** The session without a card (suspended): it leaves the queue (§4). */
export function removeFromSession(state: SessionState, cardId: SessionCardId): SessionState {
  const index = state.currentQueue.indexOf(cardId);
  return {
    ...state,
    currentQueue: state.currentQueue.filter((id) => id !== cardId),
    activeCardIndex:
      index >= 0 && index < state.activeCardIndex
        ? state.activeCardIndex - 1
        : state.activeCardIndex,
    stableNewIds: state.stableNewIds.filter((id) => id !== cardId),
  };
}

/** The session with a local card id replaced by the server's (§4 local cards). */
export function remapSessionCardId(
  state: SessionState,
  from: SessionCardId,
  to: SessionCardId,
): SessionState {
  const swap = (ids: SessionCardId[]) => ids.map((id) => (id === from ? to : id));
  return {
    ...state,
    currentQueue: swap(state.currentQueue),
    completedCardIds: swap(state.completedCardIds),
    stableNewIds: swap(state.stableNewIds),
  };
}

/** Changing the level or the saved-only option clears stableNewIds (§4). */
export function keepsStableNewIds(previousDeck: string, nextDeck: string): boolean {
  const before = parseFlashcardDeck(previousDeck);
  const after = parseFlashcardDeck(nextDeck);
  return (
    before.savedOnly === after.savedOnly &&
    before.levels.length === after.levels.length &&
    before.levels.every((level) => after.levels.includes(level))
  );
}

/** The stable new ids to carry from one deck selection to the next. */
export function stableNewIdsAfterDeckChange(
  state: Pick<SessionState, 'stableNewIds' | 'deckName'>,
  nextDeck: string,
): SessionCardId[] {
  return keepsStableNewIds(state.deckName, nextDeck) ? [...state.stableNewIds] : [];
}
