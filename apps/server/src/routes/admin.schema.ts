import { z } from 'zod';
import { GRANT_MAX_DAYS } from '../services/membership.service.ts';
import { COLLECTION_ID } from './community.schema.ts';

const EMAIL_MESSAGE = 'must be an e-mail address';
const DAYS_MESSAGE = `must be a whole number from 1 to ${GRANT_MAX_DAYS}`;

/** The user's sign-in address (any letter case). */
const email = z
  .string()
  .trim()
  .min(3, EMAIL_MESSAGE)
  .max(254, EMAIL_MESSAGE)
  .includes('@', { message: EMAIL_MESSAGE });

/**
 * POST /premium on the admin hand-off listener, and what `npm run admin -- premium` asks for:
 * the command validates with the same schema, so both say the same about a bad value.
 */
export const adminPremiumRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('grant'),
    /** The user's sign-in address (any letter case). */
    email,
    /** Days of premium to add: from the current expiry when it is still ahead, else from now. */
    days: z.number().int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(GRANT_MAX_DAYS, DAYS_MESSAGE),
  }),
  z.object({
    action: z.literal('revoke'),
    /** The user's sign-in address (any letter case). */
    email,
  }),
]);
export type AdminPremiumRequest = z.infer<typeof adminPremiumRequestSchema>;

/** A collection's id as `npm run admin -- collections hide <id>` names it. */
const collectionId = z
  .string()
  .regex(COLLECTION_ID, 'is not a collection id (12 letters and digits)');

/**
 * POST /collections on the admin hand-off listener, and what `npm run admin -- collections`
 * asks for: hide or show a collection again (for everyone but its creator), or list the
 * reported ones.
 */
export const adminCollectionsRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hide'), id: collectionId }),
  z.object({ action: z.literal('unhide'), id: collectionId }),
  z.object({ action: z.literal('reported') }),
]);
export type AdminCollectionsRequest = z.infer<typeof adminCollectionsRequestSchema>;
