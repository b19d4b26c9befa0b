import { syncRequestSchema } from '@lesefuchs/core';
import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { parseJsonBody } from '../http/validate.ts';
import {
  applySyncBatch,
  type SyncRegistry,
  UnknownSyncTypeError,
} from '../services/sync.service.ts';

/** `POST /api/sync`: queued operations, from a regular flush or the page-hide beacon. */
export function syncRoutes(deps: { auth: Auth; db: Database; registry: SyncRegistry }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(deps.auth))
    .post('/', async (c) => {
      const request = await parseJsonBody(c, syncRequestSchema);
      try {
        return c.json(await applySyncBatch(deps.db, deps.registry, c.get('user').id, request));
      } catch (error) {
        if (error instanceof UnknownSyncTypeError) {
          throw new ApiError(400, 'bad_request', error.message);
        }
        throw error;
      }
    });
}
