import type { Level } from '@lesefuchs/core/content/taxonomy';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The community's reads and writes (/api/community): the boards, public profiles and shared
// collections. Every read of something that differs by learner (the own row, "mine", a hidden
// collection its creator still sees) is keyed by the user, so a second account on the device
// never sees the first one's.

export type Board = 'week' | 'all' | 'streak';
export type CollectionKind = 'word_list' | 'story_words';
export type CollectionVisibility = 'public' | 'link';
export type CollectionSort = 'newest' | 'popular';
export type ReportReason = 'offensive' | 'spam' | 'other';

export interface BoardRow {
  rank: number;
  nickname: string;
  avatarUrl: string | null;
  level: Level;
  value: number;
}

/** The signed-in learner's own row; `rank` is null when not public or at 0. */
export interface OwnRow {
  public: boolean;
  rank: number | null;
  value: number;
  nickname: string;
  avatarUrl: string | null;
  level: Level;
}

export interface LeaderboardPage {
  board: Board;
  /** The first day of the ISO week in UTC, YYYY-MM-DD. */
  weekStart: string;
  page: number;
  pageSize: number;
  total: number;
  rows: BoardRow[];
  me: OwnRow | null;
}

export interface CollectionSummary {
  id: string;
  name: string;
  description: string;
  kind: CollectionKind;
  visibility: CollectionVisibility;
  level: Level;
  wordCount: number;
  uses: number;
  createdAt: string;
  creator: { nickname: string; avatarUrl: string | null } | null;
  mine: boolean;
  hidden: boolean;
}

export interface CollectionWord {
  id: number;
  lemma: string;
  article: string | null;
  partOfSpeech: string;
  level: Level;
  translations: { en: string; es: string; kr: string };
}

export type CollectionDetail = CollectionSummary & { words: CollectionWord[] };

export interface PublicProfile {
  nickname: string;
  avatarUrl: string | null;
  level: Level;
  streak: { current: number; best: number };
  storiesRead: number;
  wordsKnown: number;
  points: { week: number; all: number };
  collections: CollectionSummary[];
}

export interface NewCollection {
  name: string;
  description: string;
  kind: CollectionKind;
  visibility: CollectionVisibility;
  vocabularyIds: number[];
}

export type CollectionChange = Partial<Pick<NewCollection, 'name' | 'description' | 'visibility'>>;

/** The server keeps a board for 30 s (and recomputes at once on an opt-in or opt-out). */
export const BOARD_STALE_MS = 30_000;
/** Profiles and collections change rarely; a minute is fresh enough. */
export const COMMUNITY_STALE_MS = 60_000;

const BASE = '/api/community';
const SIGNED_OUT = 'signed-out';

export const communityKeys = {
  /** Everything of the community, for every user: dropped after an opt-in or opt-out. */
  all: ['community'] as const,
  me: (userId: string) => ['community', 'me', userId] as const,
  boards: ['community', 'board'] as const,
  board: (userId: string, board: Board, page: number) =>
    ['community', 'board', userId, board, page] as const,
  profile: (nickname: string) => ['community', 'profile', nickname.toLowerCase()] as const,
  collections: ['community', 'collections'] as const,
  browse: (sort: CollectionSort, level: Level | 'all', page: number) =>
    ['community', 'collections', 'browse', sort, level, page] as const,
  mine: (userId: string) => ['community', 'collections', 'mine', userId] as const,
  collection: (id: string, userId: string) =>
    ['community', 'collections', 'one', id, userId] as const,
};

export function useVisibilityQuery(userId: string | undefined) {
  return useQuery({
    queryKey: communityKeys.me(userId ?? SIGNED_OUT),
    queryFn: () => api<{ public: boolean; nickname: string }>(`${BASE}/me`),
    enabled: Boolean(userId),
    staleTime: COMMUNITY_STALE_MS,
  });
}

/** Sets the own row of every board the cache holds to public or not (shown before the answer). */
function showVisibility(client: QueryClient, userId: string, visible: boolean): void {
  client.setQueryData<{ public: boolean; nickname: string }>(communityKeys.me(userId), (old) =>
    old ? { ...old, public: visible } : old,
  );
  client.setQueriesData<LeaderboardPage>({ queryKey: [...communityKeys.boards, userId] }, (old) =>
    old?.me ? { ...old, me: { ...old.me, public: visible } } : old,
  );
}

/**
 * "Show me on the boards": written at once through its own endpoint (not the preferences
 * queue), shown at once, then every community read is fetched again (the boards, the profile,
 * whether collections name their creator).
 */
export function useSetVisibility(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (visible: boolean) =>
      api<{ public: boolean }>(`${BASE}/me`, { method: 'PUT', body: { public: visible } }),
    onMutate: (visible) => showVisibility(client, userId, visible),
    onError: (_error, visible) => showVisibility(client, userId, !visible),
    onSettled: () => client.invalidateQueries({ queryKey: communityKeys.all }),
  });
}

/** A page of a board; `enabled` waits for the session check (the own row depends on it). */
export function useLeaderboardQuery(
  userId: string | undefined,
  board: Board,
  page: number,
  enabled = true,
) {
  return useQuery({
    queryKey: communityKeys.board(userId ?? SIGNED_OUT, board, page),
    queryFn: () => api<LeaderboardPage>(`${BASE}/leaderboard?board=${board}&page=${page}`),
    enabled,
    staleTime: BOARD_STALE_MS,
    // Paging keeps the rows in view until the next page is in; another board starts afresh.
    placeholderData: (previous) => (previous?.board === board ? previous : undefined),
  });
}

export function usePublicProfileQuery(nickname: string) {
  return useQuery({
    queryKey: communityKeys.profile(nickname),
    queryFn: () => api<PublicProfile>(`${BASE}/profiles/${encodeURIComponent(nickname)}`),
    staleTime: COMMUNITY_STALE_MS,
    // A profile that is not public stays so until it is asked again.
    retry: false,
  });
}

export function useCollectionsQuery(sort: CollectionSort, level: Level | 'all', page: number) {
  return useQuery({
    queryKey: communityKeys.browse(sort, level, page),
    queryFn: () =>
      api<{ items: CollectionSummary[]; page: number; pageSize: number; total: number }>(
        `${BASE}/collections?sort=${sort}&level=${level}&page=${page}`,
      ),
    staleTime: COMMUNITY_STALE_MS,
    placeholderData: (previous) => previous,
  });
}

export function useMyCollectionsQuery(userId: string | undefined) {
  return useQuery({
    queryKey: communityKeys.mine(userId ?? SIGNED_OUT),
    queryFn: () => api<{ items: CollectionSummary[] }>(`${BASE}/collections/mine`),
    enabled: Boolean(userId),
    staleTime: COMMUNITY_STALE_MS,
  });
}

export function useCollectionQuery(id: string, userId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: communityKeys.collection(id, userId ?? SIGNED_OUT),
    queryFn: () => api<CollectionDetail>(`${BASE}/collections/${encodeURIComponent(id)}`),
    enabled,
    staleTime: COMMUNITY_STALE_MS,
    retry: false,
  });
}

export function useCreateCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (collection: NewCollection) =>
      api<CollectionSummary>(`${BASE}/collections`, { method: 'POST', body: collection }),
    onSuccess: () => client.invalidateQueries({ queryKey: communityKeys.collections }),
  });
}

export function useUpdateCollection(id: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CollectionChange) =>
      api<CollectionSummary>(`${BASE}/collections/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
      }),
    onSuccess: (summary) => {
      client.setQueryData<CollectionDetail>(communityKeys.collection(id, userId), (old) =>
        old ? { ...old, ...summary } : old,
      );
      void client.invalidateQueries({ queryKey: communityKeys.collections });
    },
  });
}

export function useDeleteCollection(id: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<void>(`${BASE}/collections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: communityKeys.collection(id, userId) });
      void client.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}

/** What the server did when a learner added a collection's words. */
export interface CollectionUse {
  uses: number;
  added: number;
  alreadySaved: number;
}

/**
 * Saves the collection's words to the signed-in learner's saved words on the server, in one
 * request (one write for the rate limit, however many words), which also counts the use.
 */
export function useAddCollection(id: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<CollectionUse>(`${BASE}/collections/${encodeURIComponent(id)}/uses`, {
        method: 'POST',
      }),
    onSuccess: ({ uses }) =>
      client.setQueryData<CollectionDetail>(communityKeys.collection(id, userId), (old) =>
        old ? { ...old, uses } : old,
      ),
  });
}

export function useReportCollection(id: string) {
  return useMutation({
    mutationFn: (report: { reason: ReportReason; note?: string }) =>
      api<void>(`${BASE}/collections/${encodeURIComponent(id)}/report`, {
        method: 'POST',
        body: report,
      }),
  });
}
