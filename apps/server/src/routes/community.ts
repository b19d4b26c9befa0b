import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser, sessionUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { parseJsonBody, queryOf } from '../http/validate.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import {
  collectionsOfCreator,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  reportCollection,
  TooManyCollectionsError,
  UnknownVocabularyError,
  updateCollection,
  useCollection,
} from '../services/collections.service.ts';
import {
  CommunityBoards,
  getVisibility,
  publicProfile,
  setVisibility,
} from '../services/community.service.ts';
import {
  collectionIdParam,
  collectionsQuery,
  createCollectionBody,
  leaderboardQuery,
  nicknameParam,
  reportBody,
  updateCollectionBody,
  visibilityBody,
} from './community.schema.ts';

/** The rate limiter's name for community writes (spec 2 §9: every write counts). */
const WRITE = 'community';

/** A path parameter checked against its schema: a malformed one is a 400. */
function paramOf(schema: z.ZodType<string>, name: string, value: string): string {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(
      400,
      'validation_failed',
      `${name}: ${parsed.error.issues[0]?.message ?? 'not valid'}`,
    );
  }
  return parsed.data;
}

const collectionGone = () => notFound('No such collection.');

/** Signed in: the answer is the learner's own; a guest's may be revalidated by caches. */
function cacheFor(c: Context, signedIn: boolean): void {
  c.header('Cache-Control', signedIn ? 'private, no-store' : 'no-cache');
}

/**
 * `/api/community`: the boards (open to guests, the learner's own row pinned when signed in),
 * the learner's visibility, public profiles and shared vocabulary collections. Nothing of a
 * learner who has not opted in is ever in an answer to someone else; no answer carries a user
 * id. Writes count against the write rate limit.
 */
export function communityRoutes(deps: { auth: Auth; db: Database; hub: RealtimeHub }) {
  const { db } = deps;
  const boards = new CommunityBoards(db);
  const signedIn = requireUser(deps.auth);
  return new Hono<{ Variables: AuthVariables }>()
    .get('/me', signedIn, async (c) => {
      cacheFor(c, true);
      return c.json(await getVisibility(db, c.get('user').id));
    })
    .put('/me', signedIn, async (c) => {
      const body = await parseJsonBody(c, visibilityBody);
      const userId = c.get('user').id;
      await enforceRateLimit(db, userId, WRITE);
      return c.json(await setVisibility(db, userId, body.public));
    })
    .get('/leaderboard', async (c) => {
      const { board, page } = queryOf(leaderboardQuery, c.req.query());
      const user = await sessionUser(deps.auth, c);
      cacheFor(c, user !== null);
      return c.json(await boards.page(board, page, user?.id ?? null));
    })
    .get('/profiles/:nickname', async (c) => {
      const nickname = paramOf(nicknameParam, 'nickname', c.req.param('nickname'));
      const user = await sessionUser(deps.auth, c);
      const profile = await publicProfile(db, nickname, user?.id ?? null);
      // Not found and not public answer alike: a private learner's nickname is not confirmed.
      if (!profile) throw notFound('No public profile has this nickname.');
      cacheFor(c, user !== null);
      return c.json(profile);
    })
    .get('/collections', async (c) => {
      const query = queryOf(collectionsQuery, c.req.query());
      const user = await sessionUser(deps.auth, c);
      cacheFor(c, user !== null);
      return c.json(await listCollections(db, query, user?.id ?? null));
    })
    .get('/collections/mine', signedIn, async (c) => {
      cacheFor(c, true);
      const userId = c.get('user').id;
      return c.json({
        items: await collectionsOfCreator(db, userId, userId, { listedOnly: false }),
      });
    })
    .get('/collections/:id', async (c) => {
      const id = paramOf(collectionIdParam, 'id', c.req.param('id'));
      const user = await sessionUser(deps.auth, c);
      const collection = await getCollection(db, id, user?.id ?? null);
      if (!collection) throw collectionGone();
      cacheFor(c, user !== null);
      return c.json(collection);
    })
    .post('/collections', signedIn, async (c) => {
      const body = await parseJsonBody(c, createCollectionBody);
      const userId = c.get('user').id;
      await enforceRateLimit(db, userId, WRITE);
      try {
        return c.json(await createCollection(db, userId, body), 201);
      } catch (error) {
        if (error instanceof UnknownVocabularyError) {
          throw new ApiError(400, 'validation_failed', error.message);
        }
        if (error instanceof TooManyCollectionsError) {
          throw new ApiError(409, 'conflict', error.message);
        }
        throw error;
      }
    })
    .patch('/collections/:id', signedIn, async (c) => {
      const id = paramOf(collectionIdParam, 'id', c.req.param('id'));
      const body = await parseJsonBody(c, updateCollectionBody);
      const userId = c.get('user').id;
      await enforceRateLimit(db, userId, WRITE);
      const updated = await updateCollection(db, userId, id, body);
      if (!updated) throw collectionGone();
      return c.json(updated);
    })
    .delete('/collections/:id', signedIn, async (c) => {
      const id = paramOf(collectionIdParam, 'id', c.req.param('id'));
      const userId = c.get('user').id;
      await enforceRateLimit(db, userId, WRITE);
      if (!(await deleteCollection(db, userId, id))) throw collectionGone();
      return c.body(null, 204);
    })
    .post('/collections/:id/uses', signedIn, async (c) => {
      const id = paramOf(collectionIdParam, 'id', c.req.param('id'));
      const userId = c.get('user').id;
      await enforceRateLimit(db, userId, WRITE);
      const result = await useCollection(db, deps.hub, userId, id);
      if (!result) throw collectionGone();
      return c.json(result);
    })
    .post('/collections/:id/report', signedIn, async (c) => {
      const id = paramOf(collectionIdParam, 'id', c.req.param('id'));
      const body = await parseJsonBody(c, reportBody);
      const userId = c.get('user').id;
      await enforceRateLimit(db, userId, WRITE);
      if (!(await reportCollection(db, userId, id, body))) throw collectionGone();
      return c.json({ reported: true }, 202);
    });
}
