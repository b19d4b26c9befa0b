import type { SettingsResponse } from '@lesefuchs/core/srs/api';
import type { SrsSettings, SrsSettingsUpdate } from '@lesefuchs/core/srs/scheduler';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useRealtimeEvent } from '../../../lib/realtime';
import { profileKeys } from '../../profile/profile-queries';
import { overviewKeys } from '../overview/overview-api';

// The learner's SRS settings (one srs_settings row): GET and PUT /api/flashcards/settings.

/** Spec 3 §9: the SRS settings cache lasts 5 minutes. */
export const SETTINGS_STALE_MS = 5 * 60_000;

export const srsSettingsKeys = {
  all: ['srs-settings'] as const,
  mine: (userId: string) => ['srs-settings', userId] as const,
};

export function useSrsSettingsQuery(userId: string | undefined) {
  return useQuery({
    queryKey: srsSettingsKeys.mine(userId ?? 'signed-out'),
    queryFn: async () => (await api<SettingsResponse>('/api/flashcards/settings')).settings,
    enabled: Boolean(userId),
    staleTime: SETTINGS_STALE_MS,
  });
}

/** Saves some settings; the answer (the whole row) replaces the cached one. */
export function useSaveSrsSettings(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (update: SrsSettingsUpdate) =>
      (
        await api<SettingsResponse>('/api/flashcards/settings', {
          method: 'PUT',
          body: update,
        })
      ).settings,
    onSuccess: (settings: SrsSettings, update) => {
      client.setQueryData(srsSettingsKeys.mine(userId), settings);
      // Daily limits change the quota the overview and the hub show.
      void client.invalidateQueries({ queryKey: overviewKeys.mine(userId) });
      // The server writes the leech threshold to the profile preference too (one setting).
      if (update.leech_threshold !== undefined)
        void client.invalidateQueries({ queryKey: profileKeys.mine(userId) });
    },
  });
}

/** Settings changed on another device arrive with the "flashcards" event too. */
export function useSrsSettingsRealtime(userId: string | undefined) {
  const client = useQueryClient();
  useRealtimeEvent('flashcards', () => {
    if (userId) void client.invalidateQueries({ queryKey: srsSettingsKeys.mine(userId) });
  });
}
