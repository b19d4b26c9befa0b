import {
  offsetParamSchema,
  savedWordChangeSchema,
  savedWordMigrationSchema,
} from '@lesefuchs/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { parseJsonBody, queryOf } from '../http/validate.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import {
  changeSavedWords,
  listSavedWords,
  migrateSavedWords,
  NotFoundError,
  vocabularyChunk,
  vocabularyVersion,
} from '../services/saved-words.service.ts';
import { entriesOfForm, formsVersion } from '../services/vocabulary.service.ts';

/** Vocabulary chunks are at most this long (spec 2 §9: chunk size 1000). */
const CHUNK = 1000;
const chunkQuery = z.object({
  offset: offsetParamSchema.default(0),
  limit: z.coerce.number().int().min(1).max(CHUNK).default(CHUNK),
});

/** The longest written form looked up (the longest in the table is under 40 characters). */
const FORM_MAX_LENGTH = 64;
const formQuery = z.object({
  /** A written form as typed: "ging", "Häuser", "wusste". */
  q: z.string().trim().min(1).max(FORM_MAX_LENGTH),
});
/**
 * Form answers change only with the content, and entry ids are kept across imports: an hour
 * in the browser's cache spares a slow network the round trip while a learner refines a search.
 */
const FORMS_CACHE = 'public, max-age=3600';

/**
 * `/api/vocabulary`, open to everyone: the word list in chunks, with its version, and the
 * entries a written form belongs to (for the vocabulary search: "ging" → gehen).
 */
export function vocabularyRoutes(deps: { db: Database }) {
  return new Hono()
    .get('/version', async (c) => c.json(await vocabularyVersion(deps.db)))
    .get('/forms', async (c) => {
      const { q } = queryOf(formQuery, c.req.query());
      const etag = `W/"forms-${await formsVersion(deps.db)}"`;
      c.header('ETag', etag);
      c.header('Cache-Control', FORMS_CACHE);
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
      return c.json({ form: q, ids: await entriesOfForm(deps.db, q) });
    })
    .get('/', async (c) => {
      const { offset, limit } = queryOf(chunkQuery, c.req.query());
      const version = await vocabularyVersion(deps.db);
      const etag = `W/"vocabulary-${version.count}-${version.latestUpdatedAt}-${offset}-${limit}"`;
      c.header('ETag', etag);
      c.header('Cache-Control', 'no-cache');
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
      const entries = await vocabularyChunk(deps.db, offset, limit);
      return c.json({ ...version, offset, entries });
    });
}

/**
 * `/api/saved-words`: the signed-in user's saved words: list newest first, save (a second
 * save changes nothing), remove by id (falling back to the entry id), clear, migrate a guest
 * list at sign-in.
 */
export function savedWordRoutes(deps: { auth: Auth; db: Database; hub: RealtimeHub }) {
  const change = async (userId: string, body: Parameters<typeof changeSavedWords>[3]) => {
    await enforceRateLimit(deps.db, userId, 'vocabulary');
    try {
      await changeSavedWords(deps.db, deps.hub, userId, body);
    } catch (error) {
      if (error instanceof NotFoundError) throw new ApiError(404, 'not_found', error.message);
      throw error;
    }
  };
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) => c.json({ words: await listSavedWords(deps.db, c.get('user').id) }))
    .post('/', async (c) => {
      const body = await parseJsonBody(c, savedWordChangeSchema);
      await change(c.get('user').id, body);
      return c.json({ words: await listSavedWords(deps.db, c.get('user').id) });
    })
    .delete('/:id', async (c) => {
      const id = Number(c.req.param('id'));
      const vocabularyId = c.req.query('vocabularyId');
      const body = {
        action: 'remove' as const,
        id: Number.isInteger(id) && id > 0 ? id : undefined,
        vocabularyId: vocabularyId ? Number(vocabularyId) : undefined,
      };
      const parsed = savedWordChangeSchema.safeParse(body);
      if (!parsed.success) {
        throw new ApiError(
          400,
          'validation_failed',
          parsed.error.issues[0]?.message ?? 'Invalid input provided',
        );
      }
      await change(c.get('user').id, parsed.data);
      return c.json({ words: await listSavedWords(deps.db, c.get('user').id) });
    })
    .delete('/', async (c) => {
      await change(c.get('user').id, { action: 'clear' });
      return c.json({ words: [] });
    })
    .post('/migrate', async (c) => {
      const { words } = await parseJsonBody(c, savedWordMigrationSchema);
      const migrated = await migrateSavedWords(deps.db, deps.hub, c.get('user').id, words);
      return c.json({ migrated, words: await listSavedWords(deps.db, c.get('user').id) });
    });
}
