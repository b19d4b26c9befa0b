import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Query } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type ListenEvents, listenWithReconnect } from './listener.ts';
import { MAINTENANCE_STATEMENT, MaintenanceSchedule } from './pglite-maintenance.ts';
import { openRemotePGlite } from './pglite-remote.ts';
import { nameRepeatedStatements, runUnprepared } from './postgres-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** How drizzle names columns it is not given a name for, on both drivers. */
const CASING = 'snake_case';

/**
 * The SQL dialect both drivers render with, for a statement rendered once and run many times
 * (`runRendered`).
 */
export const sqlDialect = new PgDialect({ casing: CASING });

/** The rows of `db.execute(sql)`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The rows of a statement rendered once with `sqlDialect` (its placeholders filled from
 * `values`), run on `db` or the transaction it is: no SQL is built on the way.
 */
export async function runRendered<T>(
  db: Database,
  query: Query,
  values: Record<string, unknown>,
): Promise<T[]> {
  return rowsOf<T>(
    await db._.session.prepareQuery(query, undefined, undefined, false).execute(values),
  );
}

/** The database and the few things the server needs beside queries. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Listens on a PostgreSQL NOTIFY channel, reconnecting after a lost connection for as long as
   * it runs; resolves to the function that stops listening.
   */
  listen(channel: string, events: ListenEvents): Promise<() => Promise<void>>;
  /**
   * Runs start-up work that must not run twice at once (the content import) while holding the
   * start-up lock the migrations ran under: on PostgreSQL an advisory lock, so instances
   * started together take turns; PGlite has one process per data directory already.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Gives back the memory start-up work (a content import) left with the database: PGlite is
   * opened again in a fresh thread (a thread's WebAssembly memory never shrinks); on PostgreSQL
   * there is nothing to do. Only while nothing else uses the database.
   */
  releaseStartupMemory(): Promise<void>;
  /**
   * The server has had no request for a while. PGlite vacuums and analyzes its tables if anything
   * ran since the last time (see pglite-maintenance.ts), and its thread collects its JavaScript
   * heap; PostgreSQL's autovacuum does its own.
   */
  quiet(): void;
  /** Closes every connection; PGlite flushes its files. */
  close(): Promise<void>;
}

/**
 * The advisory lock of start-up (migrations, content import) on PostgreSQL: a fixed bigint, the
 * ASCII of "Lesefuch", so operators find it in `pg_locks` and no other key space collides by
 * accident. A string, since it does not fit a JavaScript number exactly.
 */
export const STARTUP_LOCK_KEY = '5504932998878159720';

/**
 * Runs `work` holding a session-level advisory lock on one dedicated connection of the pool;
 * whoever comes second waits for the lock, then runs.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, key: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let unlocked = false;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    try {
      return await work();
    } finally {
      unlocked = await client.query('select pg_advisory_unlock($1::bigint)', [key]).then(
        () => true,
        () => false,
      );
    }
  } finally {
    // A connection that failed to lock or unlock is closed, not pooled: ending its session ends
    // any lock it may still hold.
    client.release(!unlocked);
  }
}

/** drizzle-kit's migration folder: beside the bundle in production, beside src in development. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../drizzle'), path.resolve(here, '../../drizzle')];
  return candidates.find((dir) => existsSync(path.join(dir, 'meta'))) ?? (candidates[0] as string);
}

/** How a run of the embedded database's maintenance went (for the server's log). */
export interface MaintenanceReport {
  ms: number;
  error?: unknown;
}

export interface OpenOptions {
  /** Told after each maintenance run of the embedded database. */
  onMaintenance?: (report: MaintenanceReport) => void;
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(
  database: Config['database'],
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const handle =
    database.kind === 'pglite'
      ? await openPglite(database.dataDir, options)
      : await openPostgres(database.url, database.preparedStatements ?? true);
  return handle;
}

async function openPglite(dataDir: string, options: OpenOptions): Promise<DatabaseHandle> {
  // PGlite creates only the last path segment, so the parent must exist.
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const maintenance = new MaintenanceSchedule(async () => {
    const started = performance.now();
    try {
      await client.exec(MAINTENANCE_STATEMENT);
      options.onMaintenance?.({ ms: performance.now() - started });
    } catch (error) {
      options.onMaintenance?.({ ms: performance.now() - started, error });
    }
  });
  // In a thread of its own: its queries are CPU work, which would hold up every request. Every
  // statement and transaction sent counts towards the next maintenance run.
  const client = await openRemotePGlite(dataDir, () => maintenance.noteStatement());
  const db = drizzlePglite(client as unknown as PGlite, {
    schema,
    casing: CASING,
  });
  try {
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    withStartupLock: (work) => work(),
    async listen(channel, events) {
      // In the same process as the database: the connection cannot be lost.
      return client.listen(channel, events.onNotification);
    },
    async releaseStartupMemory() {
      await maintenance.running;
      await client.restart();
    },
    quiet() {
      maintenance.quiet();
      client.collectGarbage();
    },
    async close() {
      await maintenance.running;
      await client.close();
    },
  };
}

async function openPostgres(url: string, preparedStatements: boolean): Promise<DatabaseHandle> {
  // A connect that gets no answer fails after 5 s instead of waiting forever (an outage must be
  // noticed), and TCP keep-alive finds a connection the network dropped without a word: the
  // LISTEN connection only ever receives, so nothing else would. Probes start after 10 s idle
  // (the operating system's default is two hours).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection that PostgreSQL ends (a restart, a terminated backend) is dropped by the
  // pool, which opens a new one on the next query; without a listener the error would end the
  // process.
  pool.on('error', () => undefined);
  if (preparedStatements) nameRepeatedStatements(pool);
  else runUnprepared(pool);
  const db = drizzleNodePg(pool, { schema, casing: CASING });
  // Two instances started together on an empty database would both create the tables: the
  // second waits for the first and then finds nothing left to apply.
  try {
    await withAdvisoryLock(pool, STARTUP_LOCK_KEY, () =>
      migrateNodePg(db, { migrationsFolder: migrationsFolder() }),
    );
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listeners = new Set<{ stop(): Promise<void> }>();
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    withStartupLock: (work) => withAdvisoryLock(pool, STARTUP_LOCK_KEY, work),
    releaseStartupMemory: async () => undefined,
    quiet: () => undefined,
    async listen(channel, events) {
      const listener = await listenWithReconnect(pool, channel, events);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
      await pool.end();
    },
  };
}
