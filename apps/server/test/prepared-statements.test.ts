import { PGlite, types } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED, PreparedStatements } from '../src/db/pglite-statements.ts';
import {
  MAX_NAMED,
  nameRepeatedStatements,
  runUnprepared,
  StatementNames,
} from '../src/db/postgres-statements.ts';
import { targets } from './harness.ts';
import { POSTGRES_ADMIN_URL } from './test-server.ts';

// Prepared statements for repeated queries. On PGlite (pglite-statements.ts), against PGlite
// itself: the same answers and errors as PGlite's query(), in and out of transactions, and a
// bounded number of statements kept. On PostgreSQL (postgres-statements.ts): names given to
// repeated texts, so node-postgres prepares them on each connection, within a bound.

describe('prepared statements on PGlite', () => {
  let db: PGlite;
  let statements: PreparedStatements;
  /** Runs as the worker does: prepared from a text's second run on. */
  const run = (sql: string, params: unknown[] = [], inTransaction = false) =>
    statements.wants(sql)
      ? statements.query<Record<string, unknown>>(sql, params, {}, inTransaction)
      : db.query<Record<string, unknown>>(sql, params);
  const prepared = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]
      ?.n;

  beforeAll(async () => {
    db = await PGlite.create();
    statements = new PreparedStatements(db);
    await db.exec(`create table words (id serial primary key, word text unique not null,
      seen timestamptz not null default now(), tags text[] not null default '{}')`);
  });
  afterAll(() => db.close());

  it('prepares a text on its second run and answers as query() does', async () => {
    const insert =
      'insert into words (word, seen, tags) values ($1, $2, $3) returning id, word, seen, tags';
    const when = new Date('2026-11-27T06:00:00Z');
    const first = await run(insert, ['Haus', when, ['a1', 'noun']]);
    expect(statements.size).toBe(0);
    const second = await run(insert, ['Baum', when, ['a1']]);
    expect(statements.size).toBe(1);
    expect(await prepared()).toBe(1);
    expect(second.rows).toEqual([{ id: 2, word: 'Baum', seen: when, tags: ['a1'] }]);
    expect(second.fields).toEqual(first.fields);
    expect(second.affectedRows).toBe(1);

    const select = 'select word from words where id > $1 order by id';
    await run(select, [0]);
    const rows = await statements.query(select, [0], { rowMode: 'array' }, false);
    expect(rows.rows).toEqual([['Haus'], ['Baum']]);
    // A null parameter is SQL null.
    const none = await run('select $1::text is null as missing', [null]);
    expect((await run('select $1::text is null as missing', [null])).rows).toEqual(none.rows);
    expect(none.rows).toEqual([{ missing: true }]);
  });

  it("reads values with the query's own parsers over PGlite's (drizzle's dates as text)", async () => {
    const asText = { [types.TIMESTAMPTZ]: (value: string) => `text:${value}` };
    const select = 'select $1::timestamptz as at, 2::int as n';
    const at = '2026-11-27 06:00:00+00';
    const plain = await db.query(select, [at], { parsers: asText });
    statements.wants(select);
    expect(statements.wants(select)).toBe(true);
    const prepared = await statements.query(select, [at], { parsers: asText }, false);
    expect(prepared.rows).toEqual(plain.rows);
    expect(prepared.rows).toEqual([{ at: 'text:2026-11-27 06:00:00+00', n: 2 }]);
    // Without its own parsers, PGlite's: a date.
    const again = await statements.query(select, [at], {}, false);
    expect(again.rows).toEqual([{ at: new Date('2026-11-27T06:00:00Z'), n: 2 }]);
  });

  it("reports PostgreSQL's errors with their code, and the statement stays usable", async () => {
    const insert = 'insert into words (word) values ($1)';
    await run(insert, ['Tisch']);
    await run(insert, ['Stuhl']);
    await expect(run(insert, ['Tisch'])).rejects.toMatchObject({ code: '23505' });
    await run(insert, ['Lampe']);
    expect((await db.query('select 1 from words where word = $1', ['Lampe'])).rows).toHaveLength(1);
    // A text that does not parse is not kept.
    const before = statements.size;
    const broken = 'select frm words where id = $1';
    await expect(run(broken, [1])).rejects.toThrow();
    await expect(run(broken, [1])).rejects.toMatchObject({ code: '42703' });
    expect(statements.size).toBe(before);
  });

  it("runs inside a transaction with the transaction's meaning, and waits outside one", async () => {
    const insert = 'insert into words (word) values ($1)';
    const count = 'select count(*)::int as n from words';
    await run(count);
    const total = (await run(count)).rows[0]?.n as number;
    const seen: { inside?: unknown; outside?: Promise<{ rows: { n?: unknown }[] }> } = {};
    const rolledBack = await db
      .transaction(async (tx) => {
        await tx.query(insert, ['Fenster']);
        await statements.query(insert, ['Tür'], {}, true);
        seen.inside = (await statements.query<{ n: number }>(count, [], {}, true)).rows[0]?.n;
        // Outside the transaction: it runs after the transaction ends, and sees its outcome.
        seen.outside = statements.query(count, [], {}, false);
        throw new Error('roll back');
      })
      .then(
        () => false,
        (error: Error) => error.message === 'roll back',
      );
    expect(rolledBack).toBe(true);
    expect(seen.inside).toBe(total + 2);
    expect((await seen.outside)?.rows[0]?.n).toBe(total);
  });

  it('delivers the notifications a prepared statement sends', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('prepared_events', (payload) => heard.push(payload));
    const notify = 'select pg_notify($1, $2)';
    await run(notify, ['prepared_events', 'first']);
    await run(notify, ['prepared_events', 'second']);
    expect(statements.wants(notify)).toBe(true);
    await unlisten();
    expect(heard).toEqual(['first', 'second']);
  });

  it(`keeps at most ${MAX_PREPARED} statements, closing the least recently run`, async () => {
    const texts = Array.from(
      { length: MAX_PREPARED + 20 },
      (_, index) => `select ${index} + $1::int as n`,
    );
    for (const text of texts) {
      await run(text, [1]);
      expect((await run(text, [1])).rows).toEqual([{ n: texts.indexOf(text) + 1 }]);
    }
    expect(statements.size).toBe(MAX_PREPARED);
    expect(await prepared()).toBe(MAX_PREPARED);
    // The most recent are kept and still answer.
    expect((await run(texts.at(-1) as string, [2])).rows).toEqual([{ n: MAX_PREPARED + 21 }]);
  });
});

describe('named statements on PostgreSQL', () => {
  it('names a text on its second run, the same name for every connection, at most MAX_NAMED', () => {
    const names = new StatementNames();
    expect(names.nameOf('select 1')).toBeUndefined();
    const name = names.nameOf('select 1');
    expect(name).toMatch(/^lesefuchs_/);
    expect(names.nameOf('select 1')).toBe(name);
    expect(names.nameOf(`select '${'x'.repeat(9_000)}'`)).toBeUndefined();
    for (let index = 0; index < MAX_NAMED + 10; index += 1) {
      names.nameOf(`select ${index}`);
      names.nameOf(`select ${index}`);
    }
    expect(names.size).toBe(MAX_NAMED);
    expect(names.nameOf(`select ${MAX_NAMED + 5}`)).toBeUndefined();
    expect(names.nameOf('select 1')).toBe(name);
  });

  it.skipIf(!targets.find((target) => target.name === 'postgres')?.available)(
    'prepares a repeated query on the connection that runs it, with the same answers',
    async () => {
      const pool = new pg.Pool({ connectionString: POSTGRES_ADMIN_URL, max: 1 });
      try {
        const names = nameRepeatedStatements(pool);
        // (a text query, as this one, is never named)
        const prepared = async () =>
          (await pool.query('select count(*)::int as n from pg_prepared_statements')).rows[0].n;
        const text = 'select $1::int + 1 as n';
        expect((await pool.query({ text, values: [1] })).rows).toEqual([{ n: 2 }]);
        expect(await prepared()).toBe(0);
        expect((await pool.query({ text, values: [2] })).rows).toEqual([{ n: 3 }]);
        expect((await pool.query({ text, values: [3], rowMode: 'array' })).rows).toEqual([[4]]);
        expect(await prepared()).toBe(1);
        expect(names.size).toBe(1);
        await expect(pool.query({ text, values: ['drei'] })).rejects.toMatchObject({
          code: '22P02',
        });
        expect((await pool.query({ text, values: [4] })).rows).toEqual([{ n: 5 }]);
        // A query drizzle prepared under a name keeps it.
        await pool.query({ name: 'drizzle_named', text: 'select 5 as n' });
        const statements = await pool.query('select name from pg_prepared_statements');
        expect(statements.rows.map((row) => row.name)).toContain('drizzle_named');
      } finally {
        await pool.end();
      }
    },
  );

  it.skipIf(!targets.find((target) => target.name === 'postgres')?.available)(
    'prepares nothing when turned off, not even a query drizzle prepared under a name',
    async () => {
      const pool = new pg.Pool({ connectionString: POSTGRES_ADMIN_URL, max: 1 });
      try {
        runUnprepared(pool);
        const named = { name: 'card_for_review_test', text: 'select $1::int * 2 as n' };
        for (const value of [1, 2, 3]) {
          expect((await pool.query({ ...named, values: [value] })).rows).toEqual([
            { n: value * 2 },
          ]);
        }
        const prepared = await pool.query('select count(*)::int as n from pg_prepared_statements');
        expect(prepared.rows[0].n).toBe(0);
      } finally {
        await pool.end();
      }
    },
  );
});
