import {
  isPremium,
  type MembershipResponse,
  NO_MEMBERSHIP,
  premiumOnlyAudioChoices,
  premiumRequiredMessage,
} from '@lesefuchs/core';
import type { Database } from '../db/client.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import {
  extendActive,
  findMembership,
  findUserByEmail,
  type MembershipRow,
  setNone,
} from './membership.repository.ts';

/** The most days one grant may add (about ten years): a typo of a few zeros is refused. */
export const GRANT_MAX_DAYS = 3650;

/** No user has the e-mail address an operator named. */
export class UnknownUserError extends Error {
  override name = 'UnknownUserError';
  constructor(readonly email: string) {
    super(`No user has the e-mail address ${email}.`);
  }
}

/** A non-premium user asked for something only premium members have; `choices` names it. */
export class PremiumRequiredError extends Error {
  override name = 'PremiumRequiredError';
  constructor(readonly choices: string[]) {
    super(premiumRequiredMessage(choices));
  }
}

/** The answer of GET /api/membership: the stored status and expiry, and premium now or not. */
export function presentMembership(row: MembershipRow | null, now = new Date()): MembershipResponse {
  if (!row) return NO_MEMBERSHIP;
  return {
    is_premium: isPremium({ status: row.status, expiresAt: row.premiumExpiresAt }, now),
    subscription_status: row.status,
    premium_expires_at: row.premiumExpiresAt?.toISOString() ?? null,
  };
}

/** The signed-in user's membership. */
export async function getMembership(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<MembershipResponse> {
  return presentMembership(await findMembership(db, userId), now);
}

/** Whether a user is premium now; the gate of premium choices and files. */
export async function isUserPremium(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  return (await getMembership(db, userId, now)).is_premium;
}

/**
 * Refuses a preference change that makes a premium-only audio choice unless the user is
 * premium (spec 2 §6). Call it in the transaction that writes the change.
 */
export async function assertAudioChoicesAllowed(
  db: Database,
  userId: string,
  patch: { audioSpeed?: string; audioVoice?: string },
): Promise<void> {
  const choices = premiumOnlyAudioChoices(patch);
  if (choices.length > 0 && !(await isUserPremium(db, userId))) {
    throw new PremiumRequiredError(choices);
  }
}

/** What an operator's grant or revoke left: the address and the membership as now stored. */
export interface MembershipChange {
  email: string;
  membership: MembershipResponse;
}

/**
 * Grants premium for `days` days (status active). A user whose expiry is still ahead gets the
 * days added to it, so a renewal before the end loses nothing; otherwise they count from now.
 * The user's open apps are told to refetch.
 */
export async function grantPremium(
  db: Database,
  hub: Pick<RealtimeHub, 'publish'>,
  email: string,
  days: number,
  now = new Date(),
): Promise<MembershipChange> {
  if (!Number.isInteger(days) || days < 1 || days > GRANT_MAX_DAYS) {
    throw new RangeError(`days must be a whole number from 1 to ${GRANT_MAX_DAYS}, got ${days}`);
  }
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const user = await findUserByEmail(tx, email);
    if (!user) throw new UnknownUserError(email);
    const row = await extendActive(tx, user.id, days, now);
    await hub.publish(user.id, { type: 'membership' }, tx);
    return { email: user.email, membership: presentMembership(row, now) };
  });
}

/** Ends a user's premium at once (status none, no expiry) and tells their open apps. */
export async function revokePremium(
  db: Database,
  hub: Pick<RealtimeHub, 'publish'>,
  email: string,
  now = new Date(),
): Promise<MembershipChange> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const user = await findUserByEmail(tx, email);
    if (!user) throw new UnknownUserError(email);
    const row = await setNone(tx, user.id);
    await hub.publish(user.id, { type: 'membership' }, tx);
    return { email: user.email, membership: presentMembership(row, now) };
  });
}
