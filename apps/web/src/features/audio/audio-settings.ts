import { AUDIO_SPEEDS, type AudioSpeed } from '@lesefuchs/core/audio/audio';
import type { Level } from '@lesefuchs/core/content/taxonomy';
import { premiumOnlyAudioChoices } from '@lesefuchs/core/membership/membership';
import { DEFAULT_PREFERENCES } from '@lesefuchs/core/preferences/preferences';
import { useDeviceUser } from '../../lib/use-device-user';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';
import { useMembership } from './membership';
import type { AudioVoice } from './types';

// The learner's audio settings (spec 1 §4 preferences, spec 2 §6): the speed and voice they
// chose, as far as their membership allows — a non-premium learner always hears 1.0 and Amala,
// whatever was stored (e.g. after a membership ended).

export interface AudioSettings {
  speed: AudioSpeed;
  voice: AudioVoice;
  openTextOnPlay: boolean;
  /** A story's audio starts as the story opens (autoPlayAudio). */
  autoPlay: boolean;
  defaultLevel: 'All' | Level[];
  isPremium: boolean;
  /** The membership and the account's preferences have answered: the voice is the learner's. */
  settled: boolean;
  setSpeed(speed: AudioSpeed): void;
  setVoice(voice: AudioVoice): void;
  setOpenTextOnPlay(open: boolean): void;
  setDefaultLevel(level: 'All' | Level[]): void;
}

/** Whether a speed or voice needs premium. */
export const needsPremium = (choice: { audioSpeed?: AudioSpeed; audioVoice?: AudioVoice }) =>
  premiumOnlyAudioChoices(choice).length > 0;

/** The speed and voice a learner hears: their choice, or 1.0 and Amala where it needs premium. */
export function effectiveAudio(
  preferences: { audioSpeed: AudioSpeed; audioVoice: AudioVoice },
  isPremium: boolean,
): { speed: AudioSpeed; voice: AudioVoice } {
  const speed = AUDIO_SPEEDS.includes(preferences.audioSpeed) ? preferences.audioSpeed : '1.0';
  return {
    speed:
      isPremium || !needsPremium({ audioSpeed: speed }) ? speed : DEFAULT_PREFERENCES.audioSpeed,
    voice:
      isPremium || !needsPremium({ audioVoice: preferences.audioVoice })
        ? preferences.audioVoice
        : DEFAULT_PREFERENCES.audioVoice,
  };
}

export function useAudioSettings(): AudioSettings {
  const { userId, status } = useDeviceUser();
  const profile = useProfileQuery(userId ?? undefined);
  const { preferences, set } = usePreferences(userId ?? GUEST, profile.data?.preferences);
  const membership = useMembership();
  const isPremium = membership.isPremium;
  return {
    ...effectiveAudio(preferences, isPremium),
    openTextOnPlay: preferences.audiosOpenTextOnPlay,
    autoPlay: preferences.autoPlayAudio,
    defaultLevel: preferences.audioDefaultLevel,
    isPremium,
    settled:
      status !== 'checking' && !membership.isLoading && (userId === null || !profile.isPending),
    setSpeed: (next) => {
      if (isPremium || !needsPremium({ audioSpeed: next })) set('audioSpeed', next);
    },
    setVoice: (next) => {
      if (isPremium || !needsPremium({ audioVoice: next })) set('audioVoice', next);
    },
    setOpenTextOnPlay: (open) => set('audiosOpenTextOnPlay', open),
    setDefaultLevel: (level) => set('audioDefaultLevel', level),
  };
}
