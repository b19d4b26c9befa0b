import {
  bufferDeficit,
  isServerTypeError,
  LIVE_QUEUE,
  prefetchBackoffMs,
  refreshDelayMs,
} from '@lesefuchs/core/srs/live-queue';
import { LOCAL_CARD_SYNC } from '@lesefuchs/core/srs/local-cards';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { fetchQueue } from './flashcards-api';
import { syncLocalCards } from './local-cards';
import { onOutboxChange, pendingReviews } from './review-outbox';
import { addCards, remapCard, type StudyState, withLocalProgress } from './study-state';
import type { useStudy } from './use-study';

// The live queue's clocks (spec 3 §4): the refresh timer at the earliest due card (at most
// 10 minutes), the prefetch that tops the buffer up to 12 with its backoff after server type
// errors, the local-card sync (15 s, and on online), and the reload of a deck that could not
// load while offline.

type Study = ReturnType<typeof useStudy>;

/** Re-reads the clock when the earliest waiting card becomes due (at most 10 minutes ahead). */
function useRefreshTimer(study: Study) {
  const { state, now, setNow } = study;
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), refreshDelayMs(state.live, now));
    return () => clearTimeout(timer);
  }, [state.live, now, setNow]);
}

/** Tops the buffer up from the server once the session's own cards are all in play. */
function usePrefetch(study: Study, online: boolean) {
  const { state, now, update } = study;
  const inFlight = useRef(false);
  const attempts = useRef(0);
  const nextAt = useRef(0);

  useEffect(() => {
    if (online) nextAt.current = Math.min(nextAt.current, Date.now());
  }, [online]);

  useEffect(() => {
    const session = state.session;
    if (!session || !online || inFlight.current || state.pool.length > 0) return;
    if (bufferDeficit(state.live, now) === 0 || Date.now() < nextAt.current) return;
    const deck = state.deck;
    const newLeft = Math.max(0, session.sessionNewCap - session.stableNewIds.length);
    inFlight.current = true;
    fetchQueue(deck, {
      dueLimit: LIVE_QUEUE.dueFetch,
      newLimit: Math.min(LIVE_QUEUE.newBatch, newLeft),
    })
      .then((answer) => {
        attempts.current = 0;
        const before = study.ref.current;
        if (before.deck !== deck) return;
        const local = withLocalProgress(before);
        update((current) =>
          addCards(
            current,
            [...answer.learning, ...answer.review, ...answer.new].map(local),
            new Date(),
          ),
        );
        // Nothing new: wait for the refresh timer's next turn rather than ask again at once.
        if (study.ref.current === before) nextAt.current = Date.now() + LIVE_QUEUE.refreshMaxMs;
      })
      .catch((error: unknown) => {
        const serverType =
          error instanceof ApiRequestError &&
          isServerTypeError({ status: error.status, message: error.message });
        if (serverType) {
          attempts.current += 1;
          nextAt.current = Date.now() + prefetchBackoffMs(attempts.current);
        } else nextAt.current = Date.now() + LIVE_QUEUE.refreshMaxMs;
      })
      .finally(() => {
        inFlight.current = false;
      });
  }, [state, now, online, update, study.ref]);
}

/** Sends local-only cards (every 15 s and when the browser comes online) and remaps their ids. */
function useLocalCardSync(study: Study, userId: string, online: boolean) {
  const { update } = study;
  useEffect(() => {
    if (!online) return;
    const run = (force: boolean) =>
      void syncLocalCards(
        userId,
        (localId, card) => update((current: StudyState) => remapCard(current, localId, card)),
        { force },
      );
    run(true);
    const timer = setInterval(() => run(false), LOCAL_CARD_SYNC.flushAfterMs);
    return () => clearInterval(timer);
  }, [online, update, userId]);
}

/** How many grades wait in the outbox. */
export function usePendingReviewCount(userId: string): number {
  const [count, setCount] = useState(() => pendingReviews(userId).length);
  useEffect(() => {
    const read = () => setCount(pendingReviews(userId).length);
    read();
    return onOutboxChange(read);
  }, [userId]);
  return count;
}

export function useStudyTimers(study: Study, userId: string, online: boolean) {
  useRefreshTimer(study);
  usePrefetch(study, online);
  useLocalCardSync(study, userId, online);
  const { load, retryLoad } = study;
  useEffect(() => {
    if (online && load === 'offline') retryLoad();
  }, [online, load, retryLoad]);
}
