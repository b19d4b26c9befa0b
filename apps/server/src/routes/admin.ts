import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  makeCollectionsRequest,
  makePremiumChange,
  NotFoundError,
} from '../admin/admin-request.ts';
import type { Database } from '../db/client.ts';
import { ApiError, errorBody, notFound } from '../http/errors.ts';
import { parseJsonBody } from '../http/validate.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { adminCollectionsRequestSchema, adminPremiumRequestSchema } from './admin.schema.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Only a local process holding the hand-off token gets through: the request must come over a
 * loopback socket, not through a proxy, with `Authorization: Bearer <token>`.
 */
function requireAdminToken(token: string) {
  const expected = digest(token);
  return createMiddleware(async (c, next) => {
    const address = getConnInfo(c).remote.address;
    const proxied = c.req.raw.headers.has('x-forwarded-for') || c.req.raw.headers.has('forwarded');
    if (!address || !LOOPBACK.has(address) || proxied) {
      throw new ApiError(403, 'forbidden', 'The admin hand-off answers local requests only.');
    }
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      throw new ApiError(401, 'unauthorized', 'The admin token is missing or wrong.');
    }
    await next();
  });
}

/** A request that names nothing is a 404 with its message (the command says where it looked). */
async function answer<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound(error.message);
    throw error;
  }
}

/**
 * The operator's requests a running server makes on behalf of `npm run admin` while it holds
 * the embedded database (see docs/membership.md). Served on its own loopback listener only.
 */
export function adminRoutes(deps: { db: Database; hub: RealtimeHub; token: string }) {
  return new Hono()
    .use(requireAdminToken(deps.token))
    .post('/premium', async (c) => {
      const request = await parseJsonBody(c, adminPremiumRequestSchema);
      return c.json(await answer(() => makePremiumChange(deps.db, deps.hub, request)));
    })
    .post('/collections', async (c) => {
      const request = await parseJsonBody(c, adminCollectionsRequestSchema);
      return c.json(await answer(() => makeCollectionsRequest(deps.db, request)));
    })
    .all('*', (c) => c.json(errorBody('not_found', 'No such admin request.'), 404));
}
