import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL, targets, testServerFor } from './harness.ts';

const postgres = targets.find((target) => target.name === 'postgres');

describe.skipIf(!postgres?.available)(
  'on PostgreSQL, when the database ends its connections',
  () => {
    const server = testServerFor('postgres', postgres?.available ?? false);

    it('keeps serving: ended idle connections are replaced and the process does not stop', async () => {
      const result = (await server.database.db.execute(
        sql`select current_database() as name`,
      )) as unknown as { rows: { name: string }[] };
      const name = result.rows[0]?.name;
      expect(name).toMatch(/^lesefuchs_test_/);

      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);

      // A query on a connection that was ended may fail once; the next one gets a new connection.
      let status = 0;
      for (let attempt = 0; attempt < 3 && status !== 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await server.app.request('/api/health?deep=1')).status;
      }
      expect(status).toBe(200);
    });
  },
);
