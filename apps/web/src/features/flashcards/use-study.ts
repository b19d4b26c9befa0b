import type { CardSchedulerSettings } from '@lesefuchs/core/srs/fsrs';
import { isLocalCardId } from '@lesefuchs/core/srs/local-cards';
import { clampCardRequest } from '@lesefuchs/core/srs/quota';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import {
  autoFillOnResume,
  buildSessionQueue,
  SESSION_RULES,
  seededShuffle,
  stableNewIdsAfterDeckChange,
} from '@lesefuchs/core/srs/session';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { userTimeZone } from '../../lib/time-zone';
import {
  fetchQueue,
  isNetworkError,
  postReview,
  startSession,
  suspendCard,
} from './flashcards-api';
import { writeCachedQueue } from './live-queue-store';
import { queueLocalReview } from './local-cards';
import { overviewKeys } from './overview/overview-api';
import {
  beginReview,
  endReview,
  flushReviews,
  pendingReviews,
  queueReview,
  reviewOutbox,
} from './review-outbox';
import { readSession, resumeStudy, writeSession } from './session-store';
import { emitStudyEvent } from './study-events';
import {
  addCards,
  applyGrade,
  applyServerCard,
  dropCard,
  emptyStudy,
  restoreCard,
  type StudyCard,
  type StudyState,
  startStudy,
  withLocalProgress,
} from './study-state';

// The study state of the page and every change to it: loading (resume from the device, or
// build from the server), Get Cards, grading (applied at once, sent in the background, queued
// when the network fails) and suspending. Timers live in use-study-timers.ts.

/** Status of the first load of a deck. */
export type LoadStatus = 'loading' | 'ready' | 'offline' | 'error';

/** Cards as a queue answer lists them (or local cards made on the device). */
type Cards = Record<'learning' | 'review' | 'new', readonly StudyCard[]>;
/** What a session asks for: the learner's counts, or the default targets (20 new, 50 review). */
type Targets = { newCount: number; reviewCount: number };
const DEFAULT_TARGETS: Targets = {
  newCount: SESSION_RULES.newCardsTarget,
  reviewCount: SESSION_RULES.reviewCardsTarget,
};

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;

export function useStudy(userId: string, deck: string, settings: CardSchedulerSettings) {
  const client = useQueryClient();
  const [state, setState] = useState<StudyState>(() => resumeStudy(userId, deck, Date.now()));
  const ref = useRef(state);
  const [now, setNow] = useState(() => new Date());
  const [load, setLoad] = useState<LoadStatus>(state.session ? 'ready' : 'loading');
  const [gradeError, setGradeError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const gradeSeq = useRef(new Map<number | string, number>());
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  const update = useCallback((change: (current: StudyState) => StudyState) => {
    const next = change(ref.current);
    if (next === ref.current) return;
    ref.current = next;
    setState(next);
  }, []);

  // Everything is kept on the device after each change.
  useEffect(() => {
    if (state.session) writeSession(state.session);
    writeCachedQueue(userId, state.deck, state.live, state.pool, Date.now());
  }, [state, userId]);

  const buildFrom = useCallback(
    (answer: Cards, targets: Targets = DEFAULT_TARGETS) => {
      const at = new Date();
      // Nothing to study: no session yet (the first Get Cards starts one with its counts).
      if (answer.learning.length + answer.review.length + answer.new.length === 0) return;
      // New cards drawn before stay first, unless the level or the saved-only option changed.
      const previous = ref.current.session ?? readSession(userId);
      const stable = previous ? stableNewIdsAfterDeckChange(previous, ref.current.deck) : [];
      const local = withLocalProgress(ref.current);
      update((current) =>
        startStudy({
          deck: current.deck,
          userId,
          sessionId: crypto.randomUUID(),
          cards: {
            learning: answer.learning.map(local),
            review: answer.review.map(local),
            new: answer.new.map(local),
          },
          studyParams: {
            newCardsTarget: targets.newCount,
            reviewCardsTarget: targets.reviewCount,
            options: { includeLeeches: false, includeSuspended: false },
          },
          stableNewIds: stable,
          shuffle: seededShuffle(randomSeed()),
          now: at,
        }),
      );
      emitStudyEvent('session-start', { deck: ref.current.deck });
      setNow(at);
    },
    [update, userId],
  );

  /** Cards added to the session in the builder's order, or a session started with them. */
  const addOrStart = useCallback(
    (answer: Cards, targets?: Targets) => {
      if (!ref.current.session) {
        buildFrom(answer, targets);
      } else {
        const local = withLocalProgress(ref.current);
        const ordered = buildSessionQueue(
          {
            learning: answer.learning.map(local),
            due: answer.review.map(local),
            new: answer.new.map(local),
          },
          { shuffle: seededShuffle(randomSeed()) },
        );
        update((current) => addCards(current, ordered, new Date()));
      }
      setLoad('ready');
      setNow(new Date());
    },
    [buildFrom, update],
  );

  // A deck opens on its saved session, else on a queue built from the server's cards.
  useEffect(() => {
    void reloads;
    const at = Date.now();
    const resumed = resumeStudy(userId, deck, at);
    ref.current = resumed.session ? resumed : { ...emptyStudy(deck), session: null };
    setState(ref.current);
    setNow(new Date(at));
    reviewOutbox(userId);
    let cancelled = false;
    if (resumed.session) {
      setLoad('ready');
      const fill = autoFillOnResume(resumed.session);
      if (fill && navigator.onLine)
        void startSession({ deck, ...fill, includeLeeches: false, includeSuspended: false })
          .then((answer) => {
            if (!cancelled) addOrStart(answer);
          })
          .catch(() => undefined);
      return () => {
        cancelled = true;
      };
    }
    setLoad('loading');
    // Grades kept from before go first, so the server's queue already counts them.
    flushReviews(userId)
      .catch(() => undefined)
      .then(() => fetchQueue(deck, { newLimit: SESSION_RULES.newCardsTarget }))
      .then((answer) => {
        if (cancelled) return;
        buildFrom(answer);
        setLoad('ready');
      })
      .catch((error) => {
        if (!cancelled) setLoad(isNetworkError(error) ? 'offline' : 'error');
      });
    return () => {
      cancelled = true;
    };
  }, [userId, deck, buildFrom, addOrStart, reloads]);

  /** Get Cards: new cards made from the deck, added to the session (or starting one). */
  const getCards = useCallback(
    async (request: { newCount: number; reviewCount: number }) => {
      const counts = clampCardRequest(request);
      const answer = await startSession({
        deck: ref.current.deck,
        ...counts,
        includeLeeches: false,
        includeSuspended: false,
      });
      addOrStart(answer, counts);
      emitStudyEvent('cards-fetched', { deck: ref.current.deck, created: answer.created });
      return answer;
    },
    [addOrStart],
  );

  /** Grades the card: the next one shows at once; the grade is sent, or kept for later. */
  const grade = useCallback(
    (card: StudyCard, rating: Rating) => {
      performance.mark('flashcard-graded');
      const at = new Date();
      let scheduledCard: StudyCard | null = null;
      update((current) => {
        const { state: next, scheduled } = applyGrade(
          current,
          card,
          rating,
          at,
          settingsRef.current,
        );
        scheduledCard = scheduled;
        return next;
      });
      setNow(at);
      setGradeError(null);
      if (!scheduledCard) return;
      emitStudyEvent('card-rated', { cardId: card.id, rating, from: card.card_state });
      const session = ref.current.session;
      if (session && session.completedCardIds.length === session.currentQueue.length)
        emitStudyEvent('session-complete', { answered: session.sessionStats.cardsAnswered });
      const seq = (gradeSeq.current.get(card.id) ?? 0) + 1;
      gradeSeq.current.set(card.id, seq);
      const reviewId = crypto.randomUUID();
      const reviewedAt = at.getTime();
      if (isLocalCardId(card.id)) {
        queueLocalReview(userId, { localId: card.id, reviewId, rating, reviewedAt });
        return;
      }
      // The time zone names the learner's day of the review (it counts for the streak).
      const review = { cardId: Number(card.id), rating, reviewedAt, timeZone: userTimeZone() };
      if (!navigator.onLine) {
        queueReview(userId, reviewId, review);
        return;
      }
      beginReview(userId, reviewId, review);
      postReview({ ...review, reviewId })
        .finally(() => endReview(userId, reviewId))
        .then((answer) => {
          if (answer.card && gradeSeq.current.get(card.id) === seq) {
            const fresh = answer.card;
            update((current) => applyServerCard(current, fresh));
          }
          if (pendingReviews(userId).length > 0) void flushReviews(userId);
          void client.invalidateQueries({ queryKey: overviewKeys.mine(userId) });
        })
        .catch((error: unknown) => {
          if (isNetworkError(error)) {
            queueReview(userId, reviewId, review);
            return;
          }
          if (error instanceof ApiRequestError && error.status === 404) {
            update((current) => dropCard(current, card.id, new Date()));
          } else update((current) => restoreCard(current, card, rating));
          setNow(new Date());
          setGradeError(error instanceof Error ? error.message : String(error));
        });
    },
    [client, update, userId],
  );

  /** Suspends the card: it leaves the queue and the session at once (§4). */
  const suspend = useCallback(
    async (card: StudyCard) => {
      update((current) => dropCard(current, card.id, new Date()));
      setNow(new Date());
      emitStudyEvent('card-suspended', { cardId: card.id });
      if (isLocalCardId(card.id)) return;
      try {
        await suspendCard(Number(card.id));
        void client.invalidateQueries({ queryKey: overviewKeys.mine(userId) });
      } catch (error) {
        update((current) => addCards(current, [card], new Date()));
        setNow(new Date());
        throw error;
      }
    },
    [client, update, userId],
  );

  /** Loads the deck again (after coming online, or the learner's retry). */
  const retryLoad = useCallback(() => setReloads((n) => n + 1), []);

  return {
    state,
    now,
    setNow,
    load,
    gradeError,
    dismissGradeError: () => setGradeError(null),
    retryLoad,
    update,
    ref,
    getCards,
    addOrStart,
    grade,
    suspend,
  };
}
