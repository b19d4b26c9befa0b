// The embedded database in a thread of its own. PGlite is PostgreSQL compiled to WebAssembly:
// its work is CPU work, and on the thread that serves HTTP it held up every other request while
// a query ran (half of a review's time). Here it runs beside that thread; the server talks to it
// through messages (pglite-remote.ts), one per query, with the same meaning as PGlite's own
// calls: queries wait while a transaction runs, and a transaction's queries run inside it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { collectGarbage } from '../runtime/collect-garbage.ts';
import type { FromDatabase, ToDatabase, WireError } from './pglite-remote.ts';
import { PreparedStatements } from './pglite-statements.ts';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const { dataDir, createOnly } = workerData as { dataDir: string; createOnly?: boolean };

/**
 * Date and time values as PostgreSQL writes them (drizzle parses them itself): the parsers
 * drizzle's PGlite driver passes with every query, which cannot cross a thread as functions.
 */
const keepText = (value: string) => value;
const TEXT_PARSERS: QueryOptions['parsers'] = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

/** An error as plain data: its message and the fields PostgreSQL gives (code, detail, …). */
function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

const send = (message: FromDatabase) => port.postMessage(message);

/** The open transactions by id: their PGlite handle and how to end them. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();

/**
 * PostgreSQL's memory settings for a small box. PGlite keeps PostgreSQL's defaults, and its
 * 128 MB of shared buffers are written at start, so they were resident for good: the embedded
 * server held ~450 MB idle. 16 MB holds the hot pages (the whole database is ~60 MB and its
 * files stay in the system's page cache): the due queue of a learner with 100,000 cards and the
 * review rate measure the same as with 32 MB, and the server idles 10–20 MB lower. Index builds
 * and sorts get 16 MB.
 */
const MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * An empty database made at build time (build.mjs), beside this worker in the server bundle: a
 * first start loads it rather than running PostgreSQL's initdb. From source there is none.
 */
const EMPTY_DATABASE = fileURLToPath(new URL('./empty-database.tar.gz', import.meta.url));

const db = await PGlite.create(dataDir, {
  startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS],
  ...(createOnly && existsSync(EMPTY_DATABASE)
    ? { loadDataDir: new Blob([readFileSync(EMPTY_DATABASE)]) }
    : {}),
});

function serve() {
  const statements = new PreparedStatements(db);
  port.on('message', (message: ToDatabase) => {
    switch (message.op) {
      case 'query': {
        const { tx } = message;
        const target = tx === undefined ? db : open.get(tx)?.tx;
        if (!target) {
          send({ id: message.id, error: toWire(new Error('the transaction has ended')) });
          return;
        }
        const options = {
          rowMode: message.rowMode,
          ...(message.textDates ? { parsers: TEXT_PARSERS } : {}),
        };
        // A text that came before runs prepared (see pglite-statements.ts).
        (statements.wants(message.sql)
          ? statements.query<Record<string, unknown>>(
              message.sql,
              message.params ?? [],
              options,
              tx !== undefined,
            )
          : target.query<Record<string, unknown>>(message.sql, message.params, options)
        ).then(
          ({ rows, fields, affectedRows }) =>
            send({ id: message.id, result: { rows, fields, affectedRows } }),
          (error: unknown) => send({ id: message.id, error: toWire(error) }),
        );
        return;
      }
      case 'begin': {
        // The transaction stays open until the server ends it; PGlite runs it alone meanwhile.
        db.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              open.set(message.tx, {
                tx,
                end: (commit) => (commit ? resolve() : reject(new RolledBack())),
              });
              send({ id: message.id, result: null });
            }),
        )
          .then(
            () => send({ id: message.tx, ended: true }),
            (error: unknown) =>
              error instanceof RolledBack
                ? send({ id: message.tx, ended: true })
                : send({ id: message.tx, ended: true, error: toWire(error) }),
          )
          .finally(() => open.delete(message.tx));
        return;
      }
      case 'end':
        open.get(message.tx)?.end(message.commit);
        return;
      case 'exec':
        db.exec(message.sql).then(
          () => send({ id: message.id, result: null }),
          (error: unknown) => send({ id: message.id, error: toWire(error) }),
        );
        return;
      case 'listen':
        db.listen(message.channel, (payload) =>
          send({ notification: { channel: message.channel, payload } }),
        ).then(
          () => send({ id: message.id, result: null }),
          (error: unknown) => send({ id: message.id, error: toWire(error) }),
        );
        return;
      case 'unlisten':
        db.unlisten(message.channel).then(
          () => send({ id: message.id, result: null }),
          (error: unknown) => send({ id: message.id, error: toWire(error) }),
        );
        return;
      case 'collect':
        collectGarbage();
        return;
      case 'close':
        db.close().then(
          () => send({ id: message.id, result: null }),
          (error: unknown) => send({ id: message.id, error: toWire(error) }),
        );
        return;
    }
  });

  send({ ready: true });
}

/** A transaction the server ended without committing. */
class RolledBack extends Error {}

if (createOnly) {
  // The first start creates the data directory: from the empty database, or with PostgreSQL's
  // initdb, a second WebAssembly instance that peaks at ~700 MB. A thread keeps such memory until
  // it ends, so the server runs this in a thread of its own and ends it, then opens the database
  // in a fresh one.
  await db.close();
  send({ ready: true });
} else {
  serve();
}
