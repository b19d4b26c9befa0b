import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

// The embedded database's routine maintenance. PostgreSQL's autovacuum keeps a server's tables
// vacuumed and their statistics current; PGlite runs PostgreSQL in single-user mode, where
// autovacuum does not run, so without this its tables were never analyzed nor vacuumed.
//
// What that cost, measured: the query planner had no statistics, and a statement prepared while
// a table was nearly empty kept the plan it got then for the life of the server. The review's
// read looked its review id up through the learner's index of received reviews, reading every
// review the learner had ever made, so a review took longer with each one (the review benchmark
// ran at ~600 a second on a fresh database and ~1,000 after a restart with the same data). An
// ANALYZE gives the planner the tables' sizes and values and makes PostgreSQL plan the prepared
// statements again. VACUUM clears dead rows (every review leaves one in the cards table), marks
// pages all-visible for index-only scans, and freezes old rows before transaction ids run out.
// A run took 0.15–0.35 s on a database of 25,000 reviews and 9,000 cards, less once vacuumed;
// the database's other queries wait meanwhile.

/** Statements before the first maintenance under load: a new database's tables have grown. */
export const FIRST_AFTER_STATEMENTS = 1_000;
/** Statements between later maintenance runs under load… */
export const THEN_AFTER_STATEMENTS = 10_000;
/** …and the least time between them (autovacuum's default nap is a minute too). */
export const MIN_INTERVAL_MS = 60_000;

/**
 * Tables only a content import writes, left out: they are whole before any statement is planned
 * on them, so their plans are right without statistics, and analyzing them (a sample of every
 * story's tokens) took another 0.2–0.3 s of the database's time on every run.
 */
const CONTENT_TABLES = new Set<unknown>([
  schema.stories,
  schema.vocabulary,
  schema.vocabularyForms,
  schema.contentImports,
]);

/** Every table of the schema but the content's, so that a new table is covered without a change here. */
const MAINTAINED_TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable) && !CONTENT_TABLES.has(value))
  .map((table) => `"${getTableName(table)}"`)
  .sort();

/** The maintenance statement. */
export const MAINTENANCE_STATEMENT = `vacuum (analyze) ${MAINTAINED_TABLES.join(', ')}`;

/**
 * When maintenance runs: under load, after the first 1,000 statements and then after every
 * 10,000, at most once a minute; and when the server falls quiet, if any statement ran since the
 * last run. One run at a time. `run` reports its own failure; the next occasion tries again.
 */
export class MaintenanceSchedule {
  readonly #run: () => Promise<void>;
  readonly #now: () => number;
  #statements = 0;
  /** When the last run started; -Infinity before the first. */
  #lastRun = Number.NEGATIVE_INFINITY;
  #running: Promise<void> | null = null;

  constructor(run: () => Promise<void>, now: () => number = Date.now) {
    this.#run = run;
    this.#now = now;
  }

  /** A statement (or a transaction) was sent to the database. */
  noteStatement(): void {
    this.#statements += 1;
    const due =
      this.#lastRun === Number.NEGATIVE_INFINITY
        ? this.#statements >= FIRST_AFTER_STATEMENTS
        : this.#statements >= THEN_AFTER_STATEMENTS &&
          this.#now() - this.#lastRun >= MIN_INTERVAL_MS;
    if (due) this.#start();
  }

  /** The server has had no request for a while. */
  quiet(): void {
    if (this.#statements > 0) this.#start();
  }

  /** The run under way, if any (for tests and shutdown). */
  get running(): Promise<void> | null {
    return this.#running;
  }

  #start(): void {
    if (this.#running) return;
    this.#statements = 0;
    this.#lastRun = this.#now();
    this.#running = this.#run().finally(() => {
      this.#running = null;
    });
  }
}
