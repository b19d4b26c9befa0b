import type {
  FlashcardCard,
  FlashcardStatsResponse,
  OverviewResponse,
  StudiedTodayResponse,
} from '@lesefuchs/core/srs/api';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useRealtimeEvent } from '../../../lib/realtime';
import { userTimeZone } from '../../../lib/time-zone';

// The overview's reads (GET /api/flashcards/overview, /studied-today, /leeches, /stats) and its
// two writes (release a leech, unsuspend a card). Every read is keyed by the user, so a second
// account on the device never sees the first one's cards.

/** Card lists and counts change with every review: refetch after 30 s (spec 3 §9: stats 30 s). */
export const OVERVIEW_STALE_MS = 30_000;
/** The streak, tally and deck statistics (spec 3 §9: SRS stats cache 30 s). */
export const STATS_STALE_MS = 30_000;

/** How many cards GET /overview lists of each kind (spec 3 §9: 100 due, 50 learning, 50 new). */
export const OVERVIEW_LIST_LIMITS = { due: 100, learning: 50, new: 50 } as const;

export const overviewKeys = {
  /** Everything of this module, for every user: invalidated on a realtime "flashcards" event. */
  all: ['flashcard-overview'] as const,
  mine: (userId: string) => ['flashcard-overview', userId] as const,
  overview: (userId: string) => ['flashcard-overview', userId, 'cards'] as const,
  studiedToday: (userId: string, timeZone: string) =>
    ['flashcard-overview', userId, 'studied-today', timeZone] as const,
  leeches: (userId: string) => ['flashcard-overview', userId, 'leeches'] as const,
  stats: (userId: string, timeZone: string) =>
    ['flashcard-overview', userId, 'stats', timeZone] as const,
};

const tz = (timeZone: string) => encodeURIComponent(timeZone);

export function useOverviewQuery(userId: string | undefined) {
  return useQuery({
    queryKey: overviewKeys.overview(userId ?? 'signed-out'),
    queryFn: () => api<OverviewResponse>('/api/flashcards/overview'),
    enabled: Boolean(userId),
    staleTime: OVERVIEW_STALE_MS,
  });
}

export function useStudiedTodayQuery(userId: string | undefined, enabled = true) {
  const timeZone = userTimeZone();
  return useQuery({
    queryKey: overviewKeys.studiedToday(userId ?? 'signed-out', timeZone),
    queryFn: () =>
      api<StudiedTodayResponse>(`/api/flashcards/studied-today?timeZone=${tz(timeZone)}`),
    enabled: Boolean(userId) && enabled,
    staleTime: OVERVIEW_STALE_MS,
  });
}

export function useLeechesQuery(userId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: overviewKeys.leeches(userId ?? 'signed-out'),
    queryFn: () => api<{ cards: FlashcardCard[] }>('/api/flashcards/leeches'),
    enabled: Boolean(userId) && enabled,
    staleTime: OVERVIEW_STALE_MS,
  });
}

export function useFlashcardStatsQuery(userId: string | undefined) {
  const timeZone = userTimeZone();
  return useQuery({
    queryKey: overviewKeys.stats(userId ?? 'signed-out', timeZone),
    queryFn: () => api<FlashcardStatsResponse>(`/api/flashcards/stats?timeZone=${tz(timeZone)}`),
    enabled: Boolean(userId),
    staleTime: STATS_STALE_MS,
  });
}

/** Refetches every overview read of the user (the lists, counts and statistics). */
export function invalidateOverview(client: QueryClient, userId: string) {
  return client.invalidateQueries({ queryKey: overviewKeys.mine(userId) });
}

/**
 * The leeches list after one card changed: a card that is neither a leech nor suspended any
 * more leaves it, any other takes the server's copy.
 */
export function applyCardChange(cards: FlashcardCard[], changed: FlashcardCard): FlashcardCard[] {
  if (!changed.is_leech && !changed.is_suspended)
    return cards.filter((card) => card.id !== changed.id);
  return cards.map((card) => (card.id === changed.id ? changed : card));
}

/** Releases a leech or unsuspends a card; the list changes at once, then everything reloads. */
export function useCardFlagMutation(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      card,
      action,
    }: {
      card: FlashcardCard;
      action: 'release' | 'unsuspend';
    }) =>
      (
        await api<{ card: FlashcardCard }>(`/api/flashcards/cards/${card.id}/${action}`, {
          method: 'POST',
        })
      ).card,
    onSuccess: (changed) => {
      client.setQueryData<{ cards: FlashcardCard[] }>(overviewKeys.leeches(userId), (data) =>
        data ? { cards: applyCardChange(data.cards, changed) } : data,
      );
    },
    onSettled: () => invalidateOverview(client, userId),
  });
}

/** Another tab, device or the session screen changed cards: reload what this screen shows. */
export function useOverviewRealtime(userId: string | undefined) {
  const client = useQueryClient();
  useRealtimeEvent('flashcards', () => {
    if (userId) void invalidateOverview(client, userId);
  });
}
