import { syncRequestSchema } from '@lesefuchs/core';
import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { parseJsonBody } from '../http/validate.ts';
import {
  alreadyAppliedIds,
  applySyncBatch,
  type SyncRegistry,
  UnknownSyncTypeError,
} from '../services/sync.service.ts';

/** Queue types whose operations are the learner's own writes (spec 2 §4 rate limiting). */
const RATE_LIMITED_TYPES = new Set(['bookmarks', 'completions', 'vocabulary', 'known-words']);

/** `POST /api/sync`: queued operations, from a regular flush or the page-hide beacon. */
export function syncRoutes(deps: { auth: Auth; db: Database; registry: SyncRegistry }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(deps.auth))
    .post('/', async (c) => {
      const request = await parseJsonBody(c, syncRequestSchema);
      const userId = c.get('user').id;
      // Writes of the learner's lists count against the rate limit, each new operation of a
      // batch once: a retry of ids already applied (a lost answer, a beacon and its queue
      // sending the same items) costs nothing.
      if (RATE_LIMITED_TYPES.has(request.type)) {
        const ids = new Set(request.operations.map((operation) => operation.id));
        const applied = await alreadyAppliedIds(deps.db, userId, [...ids]);
        await enforceRateLimit(deps.db, userId, request.type, ids.size - applied.size);
      }
      try {
        return c.json(await applySyncBatch(deps.db, deps.registry, userId, request));
      } catch (error) {
        if (error instanceof UnknownSyncTypeError) {
          throw new ApiError(400, 'bad_request', error.message);
        }
        throw error;
      }
    });
}
