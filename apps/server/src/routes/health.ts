import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { DatabaseHandle } from '../db/client.ts';
import { errorBody } from '../http/errors.ts';
import { VERSION } from '../version.ts';

/** `GET /api/health`: liveness and the kind of database, for operators and the native shell. */
export function healthRoutes(database: DatabaseHandle) {
  return new Hono().get('/', async (c) => {
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      return c.json(errorBody('unavailable', 'The database does not answer.'), 503);
    }
    return c.json({ status: 'ok', version: VERSION, database: database.kind });
  });
}
