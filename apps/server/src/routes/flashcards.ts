import {
  bulkLimitSchema,
  createCardsSchema,
  reviewLogQuerySchema,
  reviewRequestSchema,
  sessionRequestSchema,
  srsSettingsUpdateSchema,
  unsuspendCardsSchema,
  upsertLocalCardsSchema,
  validTimeZone,
} from '@lesefuchs/core';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { parseJsonBody } from '../http/validate.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { savedWordCards, withContexts } from '../services/flashcards/card-context.service.ts';
import { createCards, upsertLocalCards } from '../services/flashcards/card-creation.service.ts';
import {
  changeCardFlags,
  changeFlagsInBulk,
  type FlagChange,
  listLeeches,
  sanitizeCards,
} from '../services/flashcards/card-maintenance.service.ts';
import { findCard } from '../services/flashcards/cards.repository.ts';
import {
  flashcardStats,
  quotaOf,
  studiedToday,
} from '../services/flashcards/flashcard-stats.service.ts';
import { presentCard } from '../services/flashcards/present.ts';
import {
  loadQueue,
  overview,
  startSession,
  upcoming,
} from '../services/flashcards/queue.service.ts';
import {
  CardNotFoundError,
  listReviews,
  ReviewConflictError,
  reviewCard,
} from '../services/flashcards/review.service.ts';
import { getSrsSettings, updateSrsSettings } from '../services/flashcards/settings.service.ts';
import {
  cardIdParam,
  overviewQuery,
  queueQuery,
  timeZoneQuery,
  upcomingQuery,
} from './flashcards.schema.ts';

/** A query string, validated; a 400 naming the first bad field otherwise. */
function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(400, 'validation_failed', `${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

/** A time zone of a request body: UTC when absent, a 400 when unknown. */
function bodyTimeZone(zone: string | undefined): string {
  if (zone === undefined) return 'UTC';
  const valid = validTimeZone(zone);
  if (!valid) throw new ApiError(400, 'validation_failed', `timeZone: unknown time zone "${zone}"`);
  return valid;
}

/** The card id of the path; an id that cannot be a card's is not found, like another user's. */
function cardIdOf(c: Context): number {
  const parsed = cardIdParam.safeParse(c.req.param('id'));
  if (!parsed.success) throw new ApiError(404, 'not_found', 'No such card.');
  return parsed.data;
}

/** The bulk calls take an optional body: an empty one is `{}`. */
async function optionalBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.raw.clone().text();
  return text.trim() === '' ? schema.parse({}) : parseJsonBody(c, schema);
}

async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof CardNotFoundError) throw new ApiError(404, 'not_found', 'No such card.');
    if (error instanceof ReviewConflictError) {
      throw new ApiError(
        503,
        'unavailable',
        'The card is being changed. Please try again shortly.',
      );
    }
    throw error;
  }
}

/**
 * `/api/flashcards`: the signed-in learner's cards, reviews, queues, settings and statistics
 * (spec 3; the contract is packages/core/src/srs/api.ts). Every call is scoped to the session's
 * user: another user's card is not found.
 */
export function flashcardRoutes(deps: { auth: Auth; db: Database; hub: RealtimeHub }) {
  const { db, hub } = deps;
  const flagRoute = (change: FlagChange) => async (c: Context<{ Variables: AuthVariables }>) =>
    c.json({
      card: await orNotFound(changeCardFlags(db, hub, c.get('user').id, cardIdOf(c), change)),
    });

  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(deps.auth))
    .get('/settings', async (c) => c.json({ settings: await getSrsSettings(db, c.get('user').id) }))
    .put('/settings', async (c) => {
      const change = await parseJsonBody(c, srsSettingsUpdateSchema);
      return c.json({ settings: await updateSrsSettings(db, hub, c.get('user').id, change) });
    })
    .post('/session', async (c) => {
      const request = await parseJsonBody(c, sessionRequestSchema);
      const timeZone = bodyTimeZone(request.timeZone);
      return c.json(await startSession(db, hub, c.get('user').id, { ...request, timeZone }));
    })
    .get('/queue', async (c) =>
      c.json(await loadQueue(db, c.get('user').id, parseQuery(c, queueQuery))),
    )
    .get('/upcoming', async (c) => {
      const { deck, minutes } = parseQuery(c, upcomingQuery);
      return c.json({ cards: await upcoming(db, c.get('user').id, deck, minutes) });
    })
    .post('/cards', async (c) => {
      const request = await parseJsonBody(c, createCardsSchema);
      const timeZone = bodyTimeZone(request.timeZone);
      return c.json(await createCards(db, hub, c.get('user').id, { ...request, timeZone }));
    })
    .post('/cards/upsert', async (c) => {
      const { cards } = await parseJsonBody(c, upsertLocalCardsSchema);
      return c.json({ cards: await upsertLocalCards(db, hub, c.get('user').id, cards) });
    })
    .get('/cards/:id', async (c) => {
      const row = await findCard(db, c.get('user').id, cardIdOf(c));
      if (!row) throw new ApiError(404, 'not_found', 'No such card.');
      const [card] = await withContexts(db, c.get('user').id, [presentCard(row)]);
      return c.json({ card });
    })
    .post('/cards/:id/suspend', flagRoute('suspend'))
    .post('/cards/:id/unsuspend', flagRoute('unsuspend'))
    .post('/cards/:id/release', flagRoute('release'))
    .post('/reviews', async (c) => {
      const review = await parseJsonBody(c, reviewRequestSchema);
      return c.json(await orNotFound(reviewCard(db, c.get('user').id, review)));
    })
    .get('/reviews', async (c) =>
      c.json({
        reviews: await listReviews(db, c.get('user').id, parseQuery(c, reviewLogQuerySchema)),
      }),
    )
    .post('/leeches/suspend', async (c) => {
      const { limit } = await optionalBody(c, bulkLimitSchema);
      return c.json({
        changed: await changeFlagsInBulk(db, hub, c.get('user').id, 'suspend-leeches', { limit }),
      });
    })
    .post('/unsuspend', async (c) => {
      const options = await optionalBody(c, unsuspendCardsSchema);
      return c.json({
        changed: await changeFlagsInBulk(db, hub, c.get('user').id, 'unsuspend', options),
      });
    })
    .get('/overview', async (c) =>
      c.json(await overview(db, c.get('user').id, parseQuery(c, overviewQuery).deck)),
    )
    .get('/studied-today', async (c) =>
      c.json(await studiedToday(db, c.get('user').id, parseQuery(c, timeZoneQuery).timeZone)),
    )
    .get('/leeches', async (c) => c.json({ cards: await listLeeches(db, c.get('user').id) }))
    .get('/quota', async (c) =>
      c.json(await quotaOf(db, c.get('user').id, parseQuery(c, timeZoneQuery).timeZone)),
    )
    .get('/stats', async (c) =>
      c.json(await flashcardStats(db, c.get('user').id, parseQuery(c, timeZoneQuery).timeZone)),
    )
    .get('/saved-words', async (c) => c.json(await savedWordCards(db, c.get('user').id)))
    .post('/sanitize', async (c) => c.json(await sanitizeCards(db, hub, c.get('user').id)));
}
