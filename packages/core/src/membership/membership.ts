// Premium membership (spec 2 §3 "Membership", §4 "Membership", §6): who is premium, and which
// audio choices are premium-only. The server enforces these rules; the web app uses the same
// ones to disable what a learner may not choose.
import type { Preferences } from '../preferences/preferences.ts';

/** Every subscription status a membership can have; a user without one is 'none'. */
export const MEMBERSHIP_STATUSES = ['trial', 'active', 'grace', 'none'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** The statuses that make a user premium while the expiry has not passed. */
export const PREMIUM_STATUSES = [
  'trial',
  'active',
  'grace',
] as const satisfies readonly MembershipStatus[];

/** A membership as stored: its status and its expiry (null: no expiry). */
export interface Membership {
  status: MembershipStatus;
  expiresAt: Date | string | null;
}

/** Premium when the status is trial, active or grace and the expiry is absent or in the future. */
export function isPremium(membership: Membership, now: Date = new Date()): boolean {
  if (!(PREMIUM_STATUSES as readonly string[]).includes(membership.status)) return false;
  if (membership.expiresAt === null) return true;
  const expiresAt = new Date(membership.expiresAt).getTime();
  if (Number.isNaN(expiresAt)) return false;
  return expiresAt > now.getTime();
}

/** Audio speeds only premium members may choose (spec 2 §6); 1.0 is everyone's. */
export const PREMIUM_AUDIO_SPEEDS = [
  '0.7',
  '1.5',
] as const satisfies readonly Preferences['audioSpeed'][];
/** Voices only premium members may choose (spec 2 §6); Amala is everyone's. */
export const PREMIUM_AUDIO_VOICES = [
  'Florian',
] as const satisfies readonly Preferences['audioVoice'][];

/**
 * The premium-only choices a preference change makes, named for a message ("audio speed 0.7",
 * "the Florian voice"); empty when it makes none.
 */
export function premiumOnlyAudioChoices(patch: {
  audioSpeed?: string;
  audioVoice?: string;
}): string[] {
  const choices: string[] = [];
  if (patch.audioSpeed !== undefined && includes(PREMIUM_AUDIO_SPEEDS, patch.audioSpeed)) {
    choices.push(`audio speed ${patch.audioSpeed}`);
  }
  if (patch.audioVoice !== undefined && includes(PREMIUM_AUDIO_VOICES, patch.audioVoice)) {
    choices.push(`the ${patch.audioVoice} voice`);
  }
  return choices;
}

/** The message of a `premium_required` refusal naming the choices, e.g. for the Florian voice. */
export function premiumRequiredMessage(choices: readonly string[]): string {
  const named =
    choices.length <= 1
      ? (choices[0] ?? 'this')
      : `${choices.slice(0, -1).join(', ')} and ${choices[choices.length - 1]}`;
  return `A premium membership is required for ${named}.`;
}

/**
 * The premium voice a story audio file belongs to (its name or URL path, any `?v=` left off),
 * whatever the letter case: 'Florian' for `de-florian.mp3` and `de-florian.json`; null for
 * everyone's files.
 */
export function premiumVoiceOfAudioFile(
  fileName: string,
): (typeof PREMIUM_AUDIO_VOICES)[number] | null {
  const name = (fileName.split('/').pop() ?? '').toLowerCase();
  return (
    PREMIUM_AUDIO_VOICES.find((voice) => name.startsWith(`de-${voice.toLowerCase()}.`)) ?? null
  );
}

const includes = (list: readonly string[], value: string) => list.includes(value);
