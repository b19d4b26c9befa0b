import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { DatabaseHandle } from '../db/client.ts';
import { errorBody } from '../http/errors.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { VERSION } from '../version.ts';

/**
 * `GET /api/health`: liveness, the kind of database and whether realtime events flow, for
 * operators and the native shell.
 */
export function healthRoutes(database: DatabaseHandle, hub: Pick<RealtimeHub, 'state'>) {
  return new Hono().get('/', async (c) => {
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      return c.json(errorBody('unavailable', 'The database does not answer.'), 503);
    }
    // The API answers while realtime reconnects; the field tells operators it is degraded.
    return c.json({
      status: 'ok',
      version: VERSION,
      database: database.kind,
      realtime: hub.state,
    });
  });
}
