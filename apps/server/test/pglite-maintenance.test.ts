import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type MaintenanceReport, openDatabase } from '../src/db/client.ts';
import {
  FIRST_AFTER_STATEMENTS,
  MaintenanceSchedule,
  MIN_INTERVAL_MS,
  THEN_AFTER_STATEMENTS,
} from '../src/db/pglite-maintenance.ts';
import { freshDatabase } from './harness.ts';

describe('the embedded database’s maintenance schedule', () => {
  /** A schedule on a hand-set clock whose runs end when `finish` is called. */
  function schedule() {
    let now = 0;
    const runs: string[] = [];
    let finish = () => {};
    const subject = new MaintenanceSchedule(
      () => {
        runs.push('run');
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      () => now,
    );
    const statements = async (count: number) => {
      for (let i = 0; i < count; i += 1) subject.noteStatement();
    };
    return {
      subject,
      runs,
      statements,
      advance: (ms: number) => {
        now += ms;
      },
      end: async () => {
        finish();
        await subject.running;
      },
    };
  }

  it('runs after the first statements, then after many more, at most once a minute', async () => {
    const { runs, statements, advance, end } = schedule();
    await statements(FIRST_AFTER_STATEMENTS - 1);
    expect(runs).toEqual([]);
    await statements(1);
    expect(runs).toEqual(['run']);
    await end();

    // Enough statements, but within the minute: not yet.
    await statements(THEN_AFTER_STATEMENTS);
    advance(MIN_INTERVAL_MS - 1);
    await statements(1);
    expect(runs).toEqual(['run']);
    advance(1);
    await statements(1);
    expect(runs).toEqual(['run', 'run']);
    await end();
  });

  it('runs when the server falls quiet, only if something ran since', async () => {
    const { subject, runs, statements, end } = schedule();
    subject.quiet();
    expect(runs).toEqual([]);
    await statements(1);
    subject.quiet();
    expect(runs).toEqual(['run']);
    await end();
    subject.quiet();
    expect(runs).toEqual(['run']);
  });

  it('runs one at a time', async () => {
    const { subject, runs, statements, end } = schedule();
    await statements(FIRST_AFTER_STATEMENTS);
    await statements(1);
    subject.quiet();
    expect(runs).toEqual(['run']);
    await end();
  });
});

describe('maintenance of the embedded database', () => {
  it('analyzes the learners’ tables under load and when quiet, and plans prepared statements again', async () => {
    const database = await freshDatabase('pglite');
    const reports: MaintenanceReport[] = [];
    const handle = await openDatabase(database.config, {
      onMaintenance: (report) => reports.push(report),
    });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
    /** Rows PostgreSQL's statistics give a table: -1 until it is first analyzed or vacuumed. */
    const estimate = async (table: string) =>
      (
        await rows<{ n: number }>(
          sql`select reltuples::int as n from pg_class where relname = ${table} and relkind = 'r'`,
        )
      )[0]?.n;
    try {
      await handle.db.execute(
        sql`insert into users (id, name, email) values ('maintained', 'Maintained', 'maintained@example.com')`,
      );
      // The review-id lookup of a review's read, prepared while the table is empty.
      await handle.db.execute(sql`prepare seen as select exists (select 1
        from spaced_repetition_reviews where user_id = 'maintained' and review_id = 'none')`);
      await handle.db.execute(sql`set plan_cache_mode = force_generic_plan`);
      await handle.db.execute(sql`execute seen`);
      expect(await estimate('spaced_repetition_reviews')).toBe(-1);

      // A learner's history: 2,000 reviews, in fewer statements than start a run.
      await handle.db.execute(sql`
        insert into spaced_repetition_reviews (user_id, card_id, review_id, vocabulary_id,
          difficulty_level, rating, state_before, state_after, interval_days, ease_factor,
          due_at, scheduler, reviewed_at)
        select 'maintained', 1, 'review-' || n, n, 'A1', 'good', 'new', 'learning', 0, 2.5,
          now(), 'sm2', now() - n * interval '1 minute'
        from generate_series(1, 2000) as n`);
      expect(reports).toEqual([]);

      // Under load: the learners' tables, not the content's (whole before any plan is made).
      for (let i = 0; i < FIRST_AFTER_STATEMENTS; i += 1) await handle.db.execute(sql`select 1`);
      await expect.poll(() => reports.length).toBe(1);
      expect(reports[0]?.error).toBeUndefined();
      expect(await estimate('spaced_repetition_reviews')).toBe(2000);
      expect(await estimate('vocabulary')).toBe(-1);

      // The statement prepared on the empty table is planned again, on the unique index.
      const plan = await rows<{ 'QUERY PLAN': string }>(sql`explain execute seen`);
      expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(
        'spaced_repetition_reviews_review_id',
      );

      // Quiet after more work: again.
      await handle.db.execute(
        sql`delete from spaced_repetition_reviews where review_id like 'review-1%'`,
      );
      handle.quiet();
      await expect.poll(() => reports.length).toBe(2);
      expect(reports[1]?.error).toBeUndefined();
      expect(await estimate('spaced_repetition_reviews')).toBe(889);
      expect(await estimate('vocabulary')).toBe(-1);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
