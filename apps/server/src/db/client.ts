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
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** A notification listener: called with each payload sent on the channel. */
export type NotificationListener = (payload: string) => void;

/** The database and the few things the server needs beside queries. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Listens on a PostgreSQL NOTIFY channel; resolves to the function that stops listening. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
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
    async listen(channel, listener) {
      const unsubscribe = await client.listen(channel, listener);
      return async () => unsubscribe();
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
  const listeners = new Set<pg.PoolClient>();
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    withStartupLock: (work) => withAdvisoryLock(pool, STARTUP_LOCK_KEY, work),
    async listen(channel, listener) {
      // LISTEN holds one connection for its life. If that connection drops, it is opened
      // again, so a restarted PostgreSQL does not silently end realtime delivery.
      let stopped = false;
      let current: pg.PoolClient | null = null;
      const connect = async (): Promise<void> => {
        const client = await pool.connect();
        current = client;
        listeners.add(client);
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined)
            listener(message.payload);
        });
        client.on('error', () => {
          // Already given back (the listener stopped, or the handle closed): a late error of
          // the ended connection must not release it a second time, which throws.
          if (!listeners.delete(client)) return;
          client.release(true);
          current = null;
          if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
        });
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      };
      await connect();
      return async () => {
        stopped = true;
        const client = current;
        if (!client || !listeners.delete(client)) return;
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        // Closed, not pooled: its handlers stay on it and must never serve another caller.
        client.release(true);
      };
    },
    async close() {
      for (const client of listeners) client.release(true);
      listeners.clear();
      await pool.end();
    },
  };
}
