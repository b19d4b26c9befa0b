import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { DatabaseHandle } from '../db/client.ts';
import { errorBody } from '../http/errors.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { VERSION } from '../version.ts';

/** A database check is reused for this long; `?deep=1` always runs a new one. */
export const HEALTH_CHECK_TTL_MS = 5_000;

/**
 * `GET /api/health`: liveness, the kind of database and whether realtime events flow, for
 * operators and the native shell. While it answers, the database is asked at most every few
 * seconds (the answer says when), so a busy health check costs it nothing; `?deep=1` asks now.
 */
export function healthRoutes(database: DatabaseHandle, hub: Pick<RealtimeHub, 'state'>) {
  let last: { at: number; ok: boolean } | null = null;
  let checking: Promise<boolean> | null = null;
  const check = () => {
    checking ??= database.db
      .execute(sql`select 1`)
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        last = { at: Date.now(), ok };
        checking = null;
        return ok;
      });
    return checking;
  };

  return new Hono().get('/', async (c) => {
    const deep = c.req.query('deep') === '1';
    // A good check is reused for a few seconds; after a failed one every call asks again, so
    // the answer turns good as soon as the database is back.
    const reusable = last?.ok === true && Date.now() - last.at < HEALTH_CHECK_TTL_MS;
    const ok = !deep && reusable ? true : await check();
    if (!ok) return c.json(errorBody('unavailable', 'The database does not answer.'), 503);
    // The API answers while realtime reconnects; the field tells operators it is degraded.
    return c.json({
      status: 'ok',
      version: VERSION,
      database: database.kind,
      databaseCheckedAt: new Date(last?.at ?? Date.now()).toISOString(),
      realtime: hub.state,
    });
  });
}
