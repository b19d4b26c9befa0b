import type {
  FlashcardCard,
  QueueResponse,
  QuotaResponse,
  ReviewRequest,
  ReviewResponse,
  SavedWordCardsResponse,
  SessionRequest,
  SessionResponse,
} from '@lesefuchs/core/srs/api';
import { LIVE_QUEUE } from '@lesefuchs/core/srs/live-queue';
import { SRS_BATCH } from '@lesefuchs/core/srs/quota';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../lib/api';
import { useRealtimeEvent } from '../../lib/realtime';
import { userTimeZone } from '../../lib/time-zone';

// The session page's calls to /api/flashcards (the contract in core's srs/api.ts). The queue
// itself is not a query: the page keeps it on the device and changes it card by card. Only
// the quota status is a query, polled every 60 s (spec 3 §4, §9).

/** Quota status: polled every 60 s, and fresh for as long (§9 quota status cache 60 s). */
export const QUOTA_POLL_MS = LIVE_QUEUE.quotaPollMs;
export const QUOTA_STALE_MS = 60_000;

export const flashcardKeys = {
  all: ['flashcards'] as const,
  mine: (userId: string) => ['flashcards', userId] as const,
  quota: (userId: string) => ['flashcards', userId, 'quota'] as const,
  savedWords: (userId: string) => ['flashcards', userId, 'saved-words'] as const,
};

const BASE = '/api/flashcards';

/** A failure that means "not reached": queue the grade (§4 network-type errors). */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return error instanceof TypeError;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/** The live queue's fetch: learning, due and new cards of the deck. */
export function fetchQueue(
  deck: string,
  limits: { dueLimit?: number; newLimit?: number; learningLimit?: number } = {},
): Promise<QueueResponse> {
  const query = new URLSearchParams({
    deck,
    dueLimit: String(Math.min(limits.dueLimit ?? LIVE_QUEUE.dueFetch, SRS_BATCH.due)),
    newLimit: String(Math.min(limits.newLimit ?? LIVE_QUEUE.newBatch, SRS_BATCH.new)),
    learningLimit: String(Math.min(limits.learningLimit ?? SRS_BATCH.learning, SRS_BATCH.learning)),
  });
  return api<QueueResponse>(`${BASE}/queue?${query}`);
}

/** Get Cards: makes up to newCount new cards from the deck and answers the session's cards. */
export function startSession(request: Omit<SessionRequest, 'timeZone'>): Promise<SessionResponse> {
  return api<SessionResponse>(`${BASE}/session`, {
    method: 'POST',
    body: { ...request, timeZone: userTimeZone() },
  });
}

export function postReview(request: ReviewRequest): Promise<ReviewResponse> {
  return api<ReviewResponse>(`${BASE}/reviews`, { method: 'POST', body: request });
}

export function suspendCard(cardId: number): Promise<{ card: FlashcardCard }> {
  return api<{ card: FlashcardCard }>(`${BASE}/cards/${cardId}/suspend`, { method: 'POST' });
}

/** Local-only cards, by vocabulary id; the answer pairs each local id with the server's card. */
export function upsertLocalCards(
  cards: { localId: string; vocabularyId: number }[],
): Promise<{ cards: { localId: string; card: FlashcardCard }[] }> {
  return api(`${BASE}/cards/upsert`, { method: 'POST', body: { cards } });
}

/** Today's quota, polled every 60 s while the page is open. */
export function useQuotaQuery(userId: string | null) {
  const timeZone = userTimeZone();
  return useQuery({
    queryKey: flashcardKeys.quota(userId ?? 'signed-out'),
    queryFn: () => api<QuotaResponse>(`${BASE}/quota?timeZone=${encodeURIComponent(timeZone)}`),
    enabled: Boolean(userId),
    staleTime: QUOTA_STALE_MS,
    refetchInterval: QUOTA_POLL_MS,
    retry: false,
  });
}

/** Cards change rarely outside this screen: another device's Get Cards announces itself. */
export const SAVED_WORD_CARDS_STALE_MS = 60_000;

/**
 * Which saved words have a card already (for "n saved words are not cards yet"); fetched again
 * when cards are made (here or on another device) and when saved words change elsewhere.
 */
export function useSavedWordCardsQuery(userId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: flashcardKeys.savedWords(userId) });
  useRealtimeEvent('flashcards', () => void refresh());
  useRealtimeEvent('vocabulary', () => void refresh());
  return useQuery({
    queryKey: flashcardKeys.savedWords(userId),
    queryFn: () => api<SavedWordCardsResponse>(`${BASE}/saved-words`),
    staleTime: SAVED_WORD_CARDS_STALE_MS,
    retry: false,
  });
}
