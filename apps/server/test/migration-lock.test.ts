import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';
import { freshDatabase, targets } from './harness.ts';

const postgres = targets.find((target) => target.name === 'postgres');

/** How many instances start at once: enough that, without the lock, some collide nearly always. */
const INSTANCES = 4;

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };

describe('instances started together on one empty PostgreSQL database', () => {
  it.skipIf(!postgres?.available)(
    'take turns at migrations and the content import; all of them start',
    async () => {
      const database = await freshDatabase('postgres');
      try {
        // What a server does at start (server.ts), in parallel as separate processes would.
        const starts = await Promise.allSettled(
          Array.from({ length: INSTANCES }, async () => {
            const handle = await openDatabase(database.config);
            try {
              return await handle.withStartupLock(() => importContent(handle.db));
            } finally {
              await handle.close();
            }
          }),
        );
        const failures = starts.flatMap((start) =>
          start.status === 'rejected' ? [String(start.reason?.cause ?? start.reason)] : [],
        );
        expect(failures).toEqual([]);
        // One imported the corpus, the others found it there.
        const unchanged = starts.map((start) =>
          start.status === 'fulfilled' ? start.value.unchanged : null,
        );
        expect(unchanged.filter((value) => value === false)).toHaveLength(1);
        expect(unchanged.filter((value) => value === true)).toHaveLength(INSTANCES - 1);

        const check = await openDatabase(database.config);
        try {
          // Every migration applied exactly once, and the corpus there once.
          const rows = async (query: ReturnType<typeof sql>) =>
            ((await check.db.execute(query)) as unknown as { rows: { n: number }[] }).rows;
          expect(
            await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
          ).toEqual([{ n: journal.entries.length }]);
          const [imported] = starts.flatMap((start) =>
            start.status === 'fulfilled' && !start.value.unchanged ? [start.value] : [],
          );
          expect(await rows(sql`select count(*)::int as n from stories`)).toEqual([
            { n: imported?.stories.inserted },
          ]);
          // No instance left the start-up lock held.
          expect(
            await rows(
              sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
            ),
          ).toEqual([{ n: 0 }]);
        } finally {
          await check.close();
        }
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
