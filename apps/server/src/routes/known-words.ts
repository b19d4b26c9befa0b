import { knownWordMigrationSchema, rowIdParamSchema } from '@lesefuchs/core';
import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { parseJsonBody } from '../http/validate.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import {
  changeKnownWords,
  listKnownWords,
  migrateKnownWords,
  UnknownEntryError,
} from '../services/known-words.service.ts';

function vocabularyIdOf(value: string): number {
  const parsed = rowIdParamSchema.safeParse(value);
  if (!parsed.success || !/^\d+$/.test(value)) {
    throw new ApiError(400, 'validation_failed', `vocabularyId: "${value}" is not an entry id`);
  }
  return parsed.data;
}

/**
 * `/api/known-words`: the signed-in learner's known words: list (marked, and flashcards in
 * review), mark one known, take the mark back, and a guest's marks brought along at sign-in.
 */
export function knownWordRoutes(deps: { auth: Auth; db: Database; hub: RealtimeHub }) {
  const change = async (userId: string, body: Parameters<typeof changeKnownWords>[3]) => {
    await enforceRateLimit(deps.db, userId, 'known-words');
    try {
      await changeKnownWords(deps.db, deps.hub, userId, body);
    } catch (error) {
      if (error instanceof UnknownEntryError) throw new ApiError(404, 'not_found', error.message);
      throw error;
    }
  };
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json(await listKnownWords(deps.db, c.get('user').id)))
    .put('/:vocabularyId', async (c) => {
      const vocabularyId = vocabularyIdOf(c.req.param('vocabularyId'));
      await change(c.get('user').id, { action: 'add', vocabularyId });
      return c.json(await listKnownWords(deps.db, c.get('user').id));
    })
    .delete('/:vocabularyId', async (c) => {
      const vocabularyId = vocabularyIdOf(c.req.param('vocabularyId'));
      await change(c.get('user').id, { action: 'remove', vocabularyId });
      return c.json(await listKnownWords(deps.db, c.get('user').id));
    })
    .post('/migrate', async (c) => {
      const { vocabularyIds } = await parseJsonBody(c, knownWordMigrationSchema);
      const migrated = await migrateKnownWords(deps.db, deps.hub, c.get('user').id, vocabularyIds);
      return c.json({ migrated, ...(await listKnownWords(deps.db, c.get('user').id)) });
    });
}
