import type { FlashcardCard } from '@lesefuchs/core/srs/api';
import {
  type CardSchedulerSettings,
  type SchedulableCard,
  scheduleCard,
} from '@lesefuchs/core/srs/fsrs';
import {
  addToQueue,
  buildLiveQueue,
  inLearningList,
  LIVE_QUEUE,
  type LiveQueue,
  nextCard,
  queueCards,
  readyCount,
  removeFromQueue,
  requeueCard,
} from '@lesefuchs/core/srs/live-queue';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import {
  appendToSession,
  buildSessionQueue,
  completeCard,
  createSession,
  remapSessionCardId,
  removeFromSession,
  type SessionState,
  type Shuffle,
  type StudyParams,
  uncompleteCard,
} from '@lesefuchs/core/srs/session';

// The study state of the flashcard page as pure functions: the live queue (the cards in play),
// the pool (the session's cards not yet in play, in the session's order) and the session.
// The page keeps one of these, changes it only through these functions, and stores it.

/** A card as the page holds it: a server card, or a local-only one (id "local-…"). */
export type StudyCard = Omit<FlashcardCard, 'id'> & { id: number | string };

export interface StudyState {
  deck: string;
  live: LiveQueue<StudyCard>;
  /** The session's cards not yet in play, in the session's order. */
  pool: StudyCard[];
  session: SessionState | null;
}

export const emptyStudy = (deck: string): StudyState => ({
  deck,
  live: { learning: [], review: [] },
  pool: [],
  session: null,
});

/** Moves cards from the pool into play until 12 are ready (or the pool is empty). */
export function fillBuffer(state: StudyState, now: Date): StudyState {
  let live = state.live;
  const pool = [...state.pool];
  while (pool.length > 0 && readyCount(live, now) < LIVE_QUEUE.targetBuffer) {
    const card = pool.shift() as StudyCard;
    live = addToQueue(live, [card]);
  }
  return pool.length === state.pool.length ? state : { ...state, live, pool };
}

/**
 * Maps a server card to the device's copy when the device has reviewed it later (a grade still
 * waiting in the outbox): the server's queue would otherwise show it again.
 */
export function withLocalProgress(state: StudyState): (card: StudyCard) => StudyCard {
  const local = new Map([...queueCards(state.live), ...state.pool].map((card) => [card.id, card]));
  const reviewed = (card: StudyCard) => Date.parse(card.last_reviewed_at ?? '') || 0;
  return (card) => {
    const mine = local.get(card.id);
    return mine && reviewed(mine) > reviewed(card) ? mine : card;
  };
}

/**
 * The card to show now, or null. The card on screen stays there until it is graded, suspended
 * or gone from the queue: a refresh or a card that falls due meanwhile never swaps the card
 * the learner is looking at (and may just have turned over).
 */
export function currentCard(
  state: StudyState,
  now: Date,
  shownId: StudyCard['id'] | null = null,
): StudyCard | null {
  if (shownId !== null) {
    const shown = queueCards(state.live).find((card) => card.id === shownId);
    // Still to be answered now (a graded card put back for later is not).
    if (shown && Date.parse(shown.due_at) - now.getTime() < LIVE_QUEUE.earlyGraceMs) return shown;
  }
  return nextCard(state.live, now);
}

/** A new session over the cards the server answered (learning first, due mixed with new). */
export function startStudy(input: {
  deck: string;
  userId: string;
  sessionId: string;
  cards: { learning: StudyCard[]; review: StudyCard[]; new: StudyCard[] };
  studyParams: StudyParams;
  stableNewIds: (number | string)[];
  shuffle: Shuffle;
  now: Date;
}): StudyState {
  const ordered = buildSessionQueue(
    { learning: input.cards.learning, due: input.cards.review, new: input.cards.new },
    {
      shuffle: input.shuffle,
      newCap: input.studyParams.newCardsTarget,
      stableNewIds: input.stableNewIds,
    },
  );
  const session = createSession({
    sessionId: input.sessionId,
    userId: input.userId,
    deckName: input.deck,
    queue: ordered,
    studyParams: input.studyParams,
    now: input.now.getTime(),
    stableNewIds: input.stableNewIds,
  });
  const unsuspended = ordered.filter((card) => !card.is_suspended);
  return fillBuffer(
    { deck: input.deck, live: buildLiveQueue([]), pool: unsuspended, session },
    input.now,
  );
}

/** The state with more cards at the end of the session (a top-up or a prefetch). */
export function addCards(state: StudyState, cards: readonly StudyCard[], now: Date): StudyState {
  if (!state.session) return state;
  const known = new Set([
    ...queueCards(state.live).map((card) => card.id),
    ...state.pool.map((card) => card.id),
    ...state.session.completedCardIds,
  ]);
  const fresh = cards.filter((card) => !known.has(card.id) && !card.is_suspended);
  if (fresh.length === 0) return state;
  return fillBuffer(
    {
      ...state,
      pool: [...state.pool, ...fresh],
      session: appendToSession(state.session, fresh, now.getTime()),
    },
    now,
  );
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The card as the scheduler reads it (dates as Date). */
export function schedulable(card: StudyCard): SchedulableCard {
  return {
    ...card,
    due_at: new Date(card.due_at),
    last_reviewed_at: card.last_reviewed_at ? new Date(card.last_reviewed_at) : null,
  };
}

/** The card as the scheduler would leave it after `rating` (used until the server answers). */
export function scheduledLocally(
  card: StudyCard,
  rating: Rating,
  now: Date,
  settings: CardSchedulerSettings,
): StudyCard {
  const next = scheduleCard(schedulable(card), rating, now, settings);
  return {
    ...card,
    card_state: next.card_state,
    learning_step: next.learning_step,
    ease_factor: next.ease_factor,
    interval_days: next.interval_days,
    repetitions: next.repetitions,
    lapses: next.lapses,
    due_at: next.due_at.toISOString(),
    last_reviewed_at: iso(next.last_reviewed_at),
    fsrs_stability: next.fsrs_stability,
    fsrs_difficulty: next.fsrs_difficulty,
    updated_at: now.toISOString(),
  };
}

/**
 * A grade, applied at once: the card leaves the queue and comes back with its new schedule (a
 * learning card in a few minutes, a review card days ahead), and the session counts it.
 */
export function applyGrade(
  state: StudyState,
  card: StudyCard,
  rating: Rating,
  now: Date,
  settings: CardSchedulerSettings,
): { state: StudyState; scheduled: StudyCard } {
  const scheduled = scheduledLocally(card, rating, now, settings);
  const live = requeueCard(removeFromQueue(state.live, card.id), scheduled);
  const session = state.session
    ? completeCard(state.session, card.id, rating, now.getTime())
    : null;
  return { state: fillBuffer({ ...state, live, session }, now), scheduled };
}

/** The server's copy of a reviewed card replaces the local one. */
export function applyServerCard(state: StudyState, card: StudyCard): StudyState {
  const local = queueCards(state.live).find((queued) => queued.id === card.id);
  if (!local) return state;
  // A review answers the card without its story sentence: the copy in play keeps it.
  const fresh =
    card.context === undefined && local.context ? { ...card, context: local.context } : card;
  return {
    ...state,
    live: card.is_suspended ? removeFromQueue(state.live, card.id) : requeueCard(state.live, fresh),
  };
}

/** A grade the server refused: the card as it was before, and the answer not counted. */
export function restoreCard(state: StudyState, original: StudyCard, rating: Rating): StudyState {
  return {
    ...state,
    live: requeueCard(state.live, original),
    session: state.session ? uncompleteCard(state.session, original.id, rating) : null,
  };
}

/** A suspended (or vanished) card leaves the queue and the session (§4). */
export function dropCard(state: StudyState, id: number | string, now: Date): StudyState {
  return fillBuffer(
    {
      ...state,
      live: removeFromQueue(state.live, id),
      pool: state.pool.filter((card) => card.id !== id),
      session: state.session ? removeFromSession(state.session, id) : null,
    },
    now,
  );
}

/** A local card synced: its id becomes the server's everywhere. */
export function remapCard(state: StudyState, localId: string, card: StudyCard): StudyState {
  const swap = (cards: StudyCard[]) =>
    cards.map((c) => (c.id === localId ? { ...card, ...schedulingOf(c), id: card.id } : c));
  return {
    ...state,
    live: buildLiveQueue(swap(queueCards(state.live))),
    pool: swap(state.pool),
    session: state.session ? remapSessionCardId(state.session, localId, card.id) : null,
  };
}

/** The scheduling fields a local card gathered while offline. */
function schedulingOf(card: StudyCard) {
  const {
    card_state,
    due_at,
    ease_factor,
    interval_days,
    repetitions,
    lapses,
    learning_step,
    last_reviewed_at,
  } = card;
  return {
    card_state,
    due_at,
    ease_factor,
    interval_days,
    repetitions,
    lapses,
    learning_step,
    last_reviewed_at,
  };
}

/**
 * The counters of §2 ("new, review, learning and total, or 'x of y'"): the cards still to study
 * by state, and x of y. There is no separate total: beside "x of y" it read as a second,
 * different total ("Total 12" next to "14 of 14" once 12 cards were back in learning).
 */
export interface StudyCounts {
  new: number;
  learning: number;
  review: number;
  /** Cards of this session answered at least once … */
  done: number;
  /** … of the cards in this session ("x of y"). */
  inSession: number;
}

/** The counters of §2: new, learning and review cards still to study, and x of y. */
export function studyCounts(state: StudyState, now: Date): StudyCounts {
  const soon = now.getTime() + LIVE_QUEUE.earlyGraceMs;
  const cards = [...queueCards(state.live), ...state.pool];
  const isNew = cards.filter((card) => card.card_state === 'new').length;
  const learning = cards.filter(
    (card) => card.card_state !== 'new' && inLearningList(card.card_state),
  ).length;
  const review = cards.filter(
    (card) => card.card_state === 'review' && Date.parse(card.due_at) < soon,
  ).length;
  return {
    new: isNew,
    learning,
    review,
    done: state.session?.completedCardIds.length ?? 0,
    inSession: state.session?.currentQueue.length ?? 0,
  };
}
