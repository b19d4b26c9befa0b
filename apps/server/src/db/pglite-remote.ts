import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

// The server's side of the embedded database's thread (pglite-worker.ts): the few calls of
// PGlite that drizzle and the server make (query, transaction, listen, close), each a message
// to the thread and its answer back.

/** A database error as plain data, to cross threads. */
export interface WireError {
  name: string;
  message: string;
  /** PostgreSQL's fields (code, detail, constraint, …) as the error carried them. */
  fields: Record<string, unknown>;
}

export type ToDatabase =
  | {
      op: 'query';
      id: number;
      tx?: number;
      sql: string;
      params: unknown[] | undefined;
      rowMode: 'array' | 'object' | undefined;
      /** Date and time values as text (drizzle's parsers), not as Date objects. */
      textDates: boolean;
    }
  | { op: 'begin'; id: number; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  /** A statement run as it is, never prepared nor in a transaction (VACUUM). */
  | { op: 'exec'; id: number; sql: string }
  | { op: 'listen' | 'unlisten'; id: number; channel: string }
  | { op: 'close'; id: number }
  /** A full collection of the thread's JavaScript heap (the server is idle). */
  | { op: 'collect' };

export type FromDatabase =
  | { ready: true }
  | {
      id: number;
      result: Pick<Results<Record<string, unknown>>, 'rows' | 'fields' | 'affectedRows'> | null;
    }
  | { id: number; error: WireError }
  | { id: number; ended: true; error?: WireError }
  | { notification: { channel: string; payload: string } };

/** The error the database gave, with its fields back on it (drizzle wraps it as its cause). */
function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  Object.assign(error, wire.fields);
  return error;
}

/**
 * The thread: the bundled worker beside the server bundle in production; from source (development
 * and tests) the TypeScript file, loaded through tsx as the server itself is.
 */
function startWorker(dataDir: string, createOnly = false): Worker {
  const workerData = { dataDir, createOnly };
  const bundled = new URL('./db/pglite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return new Worker(bundled, { workerData });
  // tsx's ESM entry, as its package's exports name it for `import`.
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(tsxPackage, 'utf8'));
  const tsx = pathToFileURL(
    path.join(path.dirname(tsxPackage), exports['./esm/api'].import.default),
  );
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx.href)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/**
 * Creates the database in `dataDir` when there is none yet, in a thread that then ends: PGlite's
 * initdb peaks at ~700 MB, and the thread's memory is returned only when the thread ends.
 */
async function createInThread(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const worker = startWorker(dataDir, true);
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the database thread stopped while creating it (exit code ${code})`)),
      );
    });
  } finally {
    await worker.terminate();
  }
}

/** PGlite's transaction handle, as the callback of `transaction` receives it. */
type TransactionHandle = Parameters<Parameters<PGlite['transaction']>[0]>[0];

type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/** What drizzle's PGlite driver and the server use of a PGlite instance. */
export type RemotePGlite = Pick<PGlite, 'query' | 'transaction'> & {
  /** Runs a statement as it is, outside any transaction: maintenance (VACUUM) only. */
  exec(sql: string): Promise<void>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Closes the database and opens it again in a fresh thread, while nothing is asked of it: a
   * thread's WebAssembly memory only grows (an import grows it by ~100 MB), and is given back
   * only when the thread ends.
   */
  restart(): Promise<void>;
  /** Asks the thread for a full collection of its JavaScript heap; nothing waits for it. */
  collectGarbage(): void;
};

/**
 * Opens the PGlite database in `dataDir` in a thread of its own; resolves once it is ready.
 * `onStatement` is told of every query and transaction sent (not of a transaction's queries).
 */
export async function openRemotePGlite(
  dataDir: string,
  onStatement: () => void = () => {},
): Promise<RemotePGlite> {
  await createInThread(dataDir);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | null = null;

  const failAll = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  /** Starts the database's thread; resolves once it is ready. Only the current one is heard. */
  const connect = async (): Promise<Worker> => {
    const started = startWorker(dataDir);
    const current = () => started === worker;
    await new Promise<void>((resolve, reject) => {
      started.on('message', (message: FromDatabase) => {
        if ('ready' in message) return resolve();
        if ('notification' in message) {
          const { channel, payload } = message.notification;
          for (const callback of listeners.get(channel) ?? []) callback(payload);
          return;
        }
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if ('error' in message && message.error) waiting.reject(fromWire(message.error));
        else waiting.resolve('result' in message ? message.result : null);
      });
      started.once('error', (error) => {
        reject(error);
        if (current()) failAll(error);
      });
      started.once('exit', (code) => {
        const error = new Error(`the database thread stopped (exit code ${code})`);
        reject(error);
        if (current()) failAll(error);
      });
    });
    return started;
  };
  let worker: Worker | null = null;
  worker = await connect();
  /** Sends a message that has an answer and waits for it; `id` names the answer to wait for. */
  const ask = <T>(message: ToDatabase, id: number): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const target = worker;
    if (!target) return Promise.reject(new Error('the database is being opened again'));
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      target.postMessage(message);
    });
  };
  const queryIn =
    (tx: number | undefined): Query =>
    (sql, params, options) => {
      if (tx === undefined) onStatement();
      const id = nextId++;
      return ask<Results>(
        {
          op: 'query',
          id,
          tx,
          sql,
          params,
          rowMode: options?.rowMode,
          textDates: options?.parsers !== undefined,
        },
        id,
      );
    };

  const transaction = async <T>(callback: (tx: TransactionHandle) => Promise<T>): Promise<T> => {
    onStatement();
    const tx = nextId++;
    const begun = nextId++;
    await ask({ op: 'begin', id: begun, tx }, begun);
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, value: await callback(handleOf(tx)) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    // Committed (or rolled back after a failure); the answer comes under the transaction's id.
    // A failed commit is the error; after a failure, the failure is (not the rollback's).
    await ask<null>({ op: 'end', tx, commit: outcome.ok }, tx).catch((error: unknown) => {
      if (outcome.ok) throw error;
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };

  // drizzle calls only `query` on a transaction.
  const handleOf = (tx: number) => ({ query: queryIn(tx) }) as unknown as TransactionHandle;

  return {
    query: queryIn(undefined) as PGlite['query'],
    transaction: transaction as PGlite['transaction'],
    async exec(sql) {
      const id = nextId++;
      await ask({ op: 'exec', id, sql }, id);
    },
    async listen(channel, callback) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        const id = nextId++;
        await ask({ op: 'listen', id, channel }, id);
      }
      set.add(callback);
      return async () => {
        set.delete(callback);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          const id = nextId++;
          await ask({ op: 'unlisten', id, channel }, id);
        }
      };
    },
    async close() {
      if (!failure) {
        const id = nextId++;
        await ask({ op: 'close', id }, id);
      }
      await worker?.terminate();
    },
    collectGarbage() {
      worker?.postMessage({ op: 'collect' } satisfies ToDatabase);
    },
    async restart() {
      if (pending.size > 0) throw new Error('the database is busy; it restarts only when idle');
      const id = nextId++;
      await ask({ op: 'close', id }, id);
      const retired = worker;
      worker = null;
      await retired?.terminate();
      worker = await connect();
      for (const channel of listeners.keys()) {
        const listenId = nextId++;
        await ask({ op: 'listen', id: listenId, channel }, listenId);
      }
    },
  };
}
