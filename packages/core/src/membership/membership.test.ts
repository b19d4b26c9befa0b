import { describe, expect, it } from 'vitest';
import {
  isPremium,
  MEMBERSHIP_STATUSES,
  PREMIUM_STATUSES,
  premiumOnlyAudioChoices,
  premiumRequiredMessage,
  premiumVoiceOfAudioFile,
} from './membership.ts';
import { membershipResponseSchema, NO_MEMBERSHIP } from './membership-schema.ts';

const now = new Date('2026-11-23T12:00:00.000Z');

describe('isPremium', () => {
  it('is premium for trial, active and grace without an expiry, never for none', () => {
    for (const status of MEMBERSHIP_STATUSES) {
      expect(isPremium({ status, expiresAt: null }, now), status).toBe(
        (PREMIUM_STATUSES as readonly string[]).includes(status),
      );
    }
  });
  it('is premium for every premium status until the expiry, not at or after it', () => {
    for (const status of PREMIUM_STATUSES) {
      expect(isPremium({ status, expiresAt: '2026-11-23T12:00:00.001Z' }, now)).toBe(true);
      expect(isPremium({ status, expiresAt: new Date('2026-12-23T00:00:00Z') }, now)).toBe(true);
      expect(isPremium({ status, expiresAt: '2026-11-23T12:00:00.000Z' }, now)).toBe(false);
      expect(isPremium({ status, expiresAt: new Date('2026-11-01T00:00:00Z') }, now)).toBe(false);
    }
  });
  it('is never premium for none, even with a future expiry', () => {
    expect(isPremium({ status: 'none', expiresAt: '2027-01-01T00:00:00Z' }, now)).toBe(false);
  });
  it('reads an expiry with an offset as the same instant', () => {
    expect(isPremium({ status: 'active', expiresAt: '2026-11-23T13:30:00+01:00' }, now)).toBe(true);
    expect(isPremium({ status: 'active', expiresAt: '2026-11-23T12:30:00+01:00' }, now)).toBe(
      false,
    );
  });
  it('is not premium with an expiry that is not a date', () => {
    expect(isPremium({ status: 'active', expiresAt: 'soon' }, now)).toBe(false);
  });
  it('uses the current time when none is given', () => {
    expect(isPremium({ status: 'active', expiresAt: new Date(Date.now() + 60_000) })).toBe(true);
    expect(isPremium({ status: 'active', expiresAt: new Date(Date.now() - 60_000) })).toBe(false);
  });
});

describe('membershipResponseSchema', () => {
  it('accepts the answer for a user without a membership and a dated one', () => {
    expect(membershipResponseSchema.parse(NO_MEMBERSHIP)).toEqual({
      is_premium: false,
      subscription_status: 'none',
      premium_expires_at: null,
    });
    expect(
      membershipResponseSchema.parse({
        is_premium: true,
        subscription_status: 'active',
        premium_expires_at: '2026-12-23T12:00:00.000Z',
      }).premium_expires_at,
    ).toBe('2026-12-23T12:00:00.000Z');
  });
  it('refuses an unknown status, camelCase names and an expiry that is not a date', () => {
    const base = { is_premium: false, subscription_status: 'none', premium_expires_at: null };
    expect(
      membershipResponseSchema.safeParse({ ...base, subscription_status: 'paid' }).success,
    ).toBe(false);
    expect(
      membershipResponseSchema.safeParse({
        isPremium: false,
        subscriptionStatus: 'none',
        premiumExpiresAt: null,
      }).success,
    ).toBe(false);
    expect(
      membershipResponseSchema.safeParse({ ...base, premium_expires_at: 'tomorrow' }).success,
    ).toBe(false);
  });
});

describe('premiumOnlyAudioChoices', () => {
  it('names the premium speeds and the Florian voice', () => {
    expect(premiumOnlyAudioChoices({ audioSpeed: '0.7' })).toEqual(['audio speed 0.7']);
    expect(premiumOnlyAudioChoices({ audioSpeed: '1.5' })).toEqual(['audio speed 1.5']);
    expect(premiumOnlyAudioChoices({ audioVoice: 'Florian' })).toEqual(['the Florian voice']);
    expect(premiumOnlyAudioChoices({ audioSpeed: '1.5', audioVoice: 'Florian' })).toEqual([
      'audio speed 1.5',
      'the Florian voice',
    ]);
  });
  it('is empty for everyone’s choices and for a change without audio', () => {
    expect(premiumOnlyAudioChoices({ audioSpeed: '1.0', audioVoice: 'Amala' })).toEqual([]);
    expect(premiumOnlyAudioChoices({})).toEqual([]);
  });
});

describe('premiumRequiredMessage', () => {
  it('names one choice, or several joined with "and"', () => {
    expect(premiumRequiredMessage(['the Florian voice'])).toBe(
      'A premium membership is required for the Florian voice.',
    );
    expect(premiumRequiredMessage(['audio speed 0.7', 'the Florian voice'])).toBe(
      'A premium membership is required for audio speed 0.7 and the Florian voice.',
    );
  });
});

describe('premiumVoiceOfAudioFile', () => {
  it('is Florian for the Florian files by name or path, in any letter case', () => {
    expect(premiumVoiceOfAudioFile('de-florian.mp3')).toBe('Florian');
    expect(premiumVoiceOfAudioFile('/audio/12/de-florian.json')).toBe('Florian');
    expect(premiumVoiceOfAudioFile('/audio/12/DE-Florian.MP3')).toBe('Florian');
  });
  it('is null for the Amala files and other names', () => {
    expect(premiumVoiceOfAudioFile('/audio/12/de-amala.mp3')).toBeNull();
    expect(premiumVoiceOfAudioFile('/audio/12/de-amala.json')).toBeNull();
    expect(premiumVoiceOfAudioFile('/audio/de-florian/de-amala.mp3')).toBeNull();
    expect(premiumVoiceOfAudioFile('de-florianx.mp3')).toBeNull();
    expect(premiumVoiceOfAudioFile('')).toBeNull();
  });
});
