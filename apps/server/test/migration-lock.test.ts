import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { openDatabase } from '../src/db/client.ts';
import { freshDatabase, targets } from './harness.ts';

const postgres = targets.find((target) => target.name === 'postgres');

describe('instances started together on one empty PostgreSQL database', () => {
  it.skipIf(!postgres?.available)(
    'take turns at migrations and the content import; all of them start',
    async () => {
      const database = await freshDatabase('postgres');
      try {
        const starts = await Promise.allSettled(
          Array.from({ length: 4 }, async () => {
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
        const imports = starts.map((start) =>
          start.status === 'fulfilled' ? start.value.unchanged : null,
        );
        // One imported the corpus, the others found it there.
        expect(imports.filter((unchanged) => unchanged === false)).toHaveLength(1);

        const check = await openDatabase(database.config);
        const applied = (await check.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { n: number }[] };
        expect(applied.rows[0]?.n).toBeGreaterThanOrEqual(11);
        await check.close();
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
