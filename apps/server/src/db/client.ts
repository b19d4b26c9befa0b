import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type ListenEvents, listenWithReconnect } from './listener.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

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
  /** Closes every connection; PGlite flushes its files. */
  close(): Promise<void>;
}

/** The advisory lock key of start-up (migrations, content import) on PostgreSQL. */
const STARTUP_LOCK_KEY = 'lesefuchs.startup';

/** Runs `work` holding a session-level advisory lock on one connection of the pool. */
async function withAdvisoryLock<T>(pool: pg.Pool, key: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    client.release();
  }
}

/** drizzle-kit's migration folder: beside the bundle in production, beside src in development. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../drizzle'), path.resolve(here, '../../drizzle')];
  return candidates.find((dir) => existsSync(path.join(dir, 'meta'))) ?? (candidates[0] as string);
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  const handle =
    database.kind === 'pglite'
      ? await openPglite(database.dataDir)
      : await openPostgres(database.url);
  return handle;
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  // PGlite creates only the last path segment, so the parent must exist.
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    withStartupLock: (work) => work(),
    async listen(channel, events) {
      // In the same process as the database: the connection cannot be lost.
      const unsubscribe = await client.listen(channel, events.onNotification);
      return async () => unsubscribe();
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // A connect that gets no answer fails after 5 s instead of waiting forever (an outage must be
  // noticed), and TCP keep-alive finds a connection the network dropped without a word.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // An idle connection that PostgreSQL ends (a restart, a terminated backend) is dropped by the
  // pool, which opens a new one on the next query; without a listener the error would end the
  // process.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
  // Two instances started together on an empty database would both create the tables: the
  // second waits for the first and then finds nothing left to apply.
  await withAdvisoryLock(pool, STARTUP_LOCK_KEY, () =>
    migrateNodePg(db, { migrationsFolder: migrationsFolder() }),
  );
  const listeners = new Set<{ stop(): Promise<void> }>();
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    withStartupLock: (work) => withAdvisoryLock(pool, STARTUP_LOCK_KEY, work),
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
