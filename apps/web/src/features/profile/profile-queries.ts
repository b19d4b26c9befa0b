import type { Avatar } from '@lesefuchs/core/avatars';
import type { Preferences } from '@lesefuchs/core/preferences/preferences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { noteServerPreferences } from './server-reads';

/** The profile as GET /api/profile presents it. */
export interface Profile {
  id: string;
  email: string;
  nickname: string;
  nativeLanguage: string;
  targetLanguage: string;
  userLevel: string;
  avatarUrl: string | null;
  joinedAt: string;
  updatedAt: string;
  preferences: Preferences;
  preferencesUpdatedAt: string | null;
}

/** How long a fetched profile counts as fresh (spec 1 §9: refresh at most once a minute). */
const PROFILE_STALE_MS = 60_000;

export const profileKeys = {
  all: ['profile'] as const,
  mine: (userId: string) => ['profile', userId] as const,
  avatars: ['profile', 'avatars'] as const,
};

export function useProfileQuery(userId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.mine(userId ?? 'signed-out'),
    queryFn: async () => {
      const asked = Date.now();
      const { profile } = await api<{ profile: Profile }>('/api/profile');
      noteServerPreferences(profile.preferences, asked);
      return profile;
    },
    enabled: Boolean(userId),
    staleTime: PROFILE_STALE_MS,
  });
}

export function useAvatarsQuery() {
  return useQuery({
    queryKey: profileKeys.avatars,
    queryFn: async () => (await api<{ avatars: Avatar[] }>('/api/profile/avatars')).avatars,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUpdateProfile(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { avatarUrl?: string | null; userLevel?: string }) =>
      (await api<{ profile: Profile }>('/api/profile', { method: 'PATCH', body: change })).profile,
    onSuccess: (profile) => client.setQueryData(profileKeys.mine(userId), profile),
  });
}
