import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from './membership.ts';

/** `GET /api/membership` (spec 2 §7 get_membership): the names the spec gives, in snake_case. */
export const membershipResponseSchema = z.object({
  /** Whether the user is premium now (status and expiry together). */
  is_premium: z.boolean(),
  /** The stored status; an expired membership keeps its status but is not premium. */
  subscription_status: z.enum(MEMBERSHIP_STATUSES),
  /** When premium ends (ISO 8601), or null for no expiry. */
  premium_expires_at: z.iso.datetime({ offset: true }).nullable(),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

/** The membership of a user who has none. */
export const NO_MEMBERSHIP: MembershipResponse = {
  is_premium: false,
  subscription_status: 'none',
  premium_expires_at: null,
};
