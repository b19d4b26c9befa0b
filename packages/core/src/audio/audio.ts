// The audio player's numbers and small rules (spec 2 §4 "Audio playback", §9 "Audio").

/** Nothing playable within this long is the timeout error. */
export const AUDIO_LOAD_TIMEOUT_MS = 10_000;
/** An audio error is shown this long, then cleared. */
export const AUDIO_ERROR_DISPLAY_MS = 8_000;

/** The on-device cache of audio files: its size, the age a file is kept, and the trim target. */
export const AUDIO_CACHE = {
  maxBytes: 100 * 1024 * 1024,
  maxAgeMs: 30 * 24 * 60 * 60 * 1000,
  trimToFraction: 0.8,
} as const;

/** The speed choices of the player; 0.7 and 1.5 are premium (spec 2 §6). */
export const AUDIO_SPEEDS = ['0.7', '1.0', '1.5'] as const;
export type AudioSpeed = (typeof AUDIO_SPEEDS)[number];

/** The next speed of the per-story toggle: 0.7 → 1 → 1.5 → 0.7. */
export function nextAudioSpeed(speed: AudioSpeed): AudioSpeed {
  const index = AUDIO_SPEEDS.indexOf(speed);
  return AUDIO_SPEEDS[(index + 1) % AUDIO_SPEEDS.length] as AudioSpeed;
}

/** A playback rate kept within 0.25–2 (1 when it is not a number). */
export function clampAudioSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1;
  return Math.min(2, Math.max(0.25, speed));
}

/** A speech-synthesis rate kept within 0.5–2. */
export function clampSpeechRate(speed: number): number {
  if (!Number.isFinite(speed)) return 1;
  return Math.min(2, Math.max(0.5, speed));
}

/** The types a file is tried as, in order, after a decode error; then a Web Audio decode. */
export const AUDIO_RETRY_TYPES = ['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/mp4'] as const;

/** Languages normalised to the two the speech voices cover ('de' unless English). */
export function speechLanguage(language: string): 'de-DE' | 'en-US' {
  return language.toLowerCase().startsWith('en') ? 'en-US' : 'de-DE';
}
