import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { getMembership } from '../services/membership.service.ts';

/**
 * `/api/membership` (spec 2 §7 get_membership): the signed-in user's own membership as
 * `{ is_premium, subscription_status, premium_expires_at }`; there is no other user's.
 */
export function membershipRoutes(deps: { auth: Auth; db: Database }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json(await getMembership(deps.db, c.get('user').id)));
}
