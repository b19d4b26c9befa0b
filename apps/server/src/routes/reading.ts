import { parseStoryId, readingMigrationSchema } from '@lesefuchs/core';
import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { parseJsonBody } from '../http/validate.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import {
  changeReading,
  listReading,
  migrateReading,
  type ReadingList,
  UnknownStoryError,
} from '../services/reading.service.ts';

function storyIdOf(value: string): number {
  const id = parseStoryId(value);
  if (id === null)
    throw new ApiError(400, 'validation_failed', `storyId: "${value}" is not a story id`);
  return id;
}

/**
 * A reading list of the signed-in user (`/api/reading/completions`, `/api/bookmarks`): list
 * newest first, add (duplicates ignored), remove one, clear all, and a guest's list migrated
 * at sign-in when the account has none.
 */
export function readingRoutes(
  deps: { auth: Auth; db: Database; hub: RealtimeHub },
  list: ReadingList,
) {
  const change = async (userId: string, action: Parameters<typeof changeReading>[4]) => {
    await enforceRateLimit(deps.db, userId, list);
    try {
      await changeReading(deps.db, deps.hub, list, userId, action);
    } catch (error) {
      if (error instanceof UnknownStoryError) throw new ApiError(404, 'not_found', error.message);
      throw error;
    }
  };
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json({ entries: await listReading(deps.db, list, c.get('user').id) }))
    .put('/:storyId', async (c) => {
      await change(c.get('user').id, { action: 'add', storyId: storyIdOf(c.req.param('storyId')) });
      return c.json({ entries: await listReading(deps.db, list, c.get('user').id) });
    })
    .delete('/:storyId', async (c) => {
      await change(c.get('user').id, {
        action: 'remove',
        storyId: storyIdOf(c.req.param('storyId')),
      });
      return c.json({ entries: await listReading(deps.db, list, c.get('user').id) });
    })
    .delete('/', async (c) => {
      await change(c.get('user').id, { action: 'clear' });
      return c.json({ entries: [] });
    })
    .post('/migrate', async (c) => {
      const { entries } = await parseJsonBody(c, readingMigrationSchema);
      const result = await migrateReading(deps.db, deps.hub, list, c.get('user').id, entries);
      return c.json({ ...result, entries: await listReading(deps.db, list, c.get('user').id) });
    });
}
