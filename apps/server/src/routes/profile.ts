import { AVATARS, preferencesPatchSchema } from '@lesefuchs/core';
import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { premiumRequired } from '../http/errors.ts';
import { parseJsonBody } from '../http/validate.ts';
import { PremiumRequiredError } from '../services/membership.service.ts';
import {
  getProfile,
  resetPreferences,
  updatePreferences,
  updateProfile,
} from '../services/profile.service.ts';
import { profilePatchSchema } from './profile.schema.ts';

/** `/api/profile`: the signed-in user's own profile and preferences; there is no other user's. */
export function profileRoutes(deps: { auth: Auth; db: Database }) {
  return new Hono<{ Variables: AuthVariables }>()
    .get('/avatars', (c) => c.json({ avatars: AVATARS }))
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json({ profile: await getProfile(deps.db, c.get('user').id) }))
    .patch('/', async (c) => {
      const change = await parseJsonBody(c, profilePatchSchema);
      return c.json({ profile: await updateProfile(deps.db, c.get('user').id, change) });
    })
    .patch('/preferences', async (c) => {
      const patch = await parseJsonBody(c, preferencesPatchSchema);
      try {
        return c.json({ profile: await updatePreferences(deps.db, c.get('user').id, patch) });
      } catch (error) {
        if (error instanceof PremiumRequiredError) throw premiumRequired(error.message);
        throw error;
      }
    })
    .delete('/preferences', async (c) =>
      c.json({ profile: await resetPreferences(deps.db, c.get('user').id) }),
    );
}
