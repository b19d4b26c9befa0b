import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from 'pino';
import { startAdminListener } from './admin/admin-listener.ts';
import { createApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import type { Config } from './config.ts';
import { importCorpus, readCorpus } from './content/importer.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { protectDataDir } from './db/data-dir-mode.ts';
import { createMailer } from './mail/mailer.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { collectGarbage, idleCollector } from './runtime/collect-garbage.ts';
import { mallocSettingHint } from './runtime/malloc-setting.ts';
import { formsIndex } from './services/forms-index.ts';
import { createSyncRegistry } from './services/sync-handlers.ts';

/** How long a shutdown waits for in-flight requests before closing connections anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_MS = 65_000;

export interface RunningServer {
  url: string;
  /** Stops accepting, finishes in-flight requests, ends event streams, closes the database. */
  close(): Promise<void>;
}

/** The built web app, found beside the server bundle or the source tree. */
export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/**
 * Opens the database (migrations applied) and brings the content up to date. The corpus is read
 * (parsed, checked, hashed: CPU work, ~250 ms) while the database opens: the embedded one starts
 * in its own thread, PostgreSQL answers over the network. It is read in the next turn of the
 * event loop, after the database's thread was asked to start. (A function of its own: what it
 * read is garbage once it returns, where a closure of the server's would keep it.)
 */
async function openWithContent(
  config: Config,
  logger: Logger,
  releaseLock: (() => void) | null,
): Promise<DatabaseHandle> {
  const opening = openDatabase(config.database, {
    onMaintenance: ({ ms, error }) =>
      error
        ? logger.warn({ err: error }, 'database maintenance failed')
        : logger.debug({ ms: Math.round(ms) }, 'database vacuumed and analyzed'),
  });
  const reading = new Promise((resolve) => setImmediate(resolve)).then(() => readCorpus());
  const [opened, read] = await Promise.allSettled([opening, reading]);
  if (opened.status === 'rejected') {
    releaseLock?.();
    throw opened.reason;
  }
  const database = opened.value;
  try {
    if (read.status === 'rejected') throw read.reason;
    const imported = await database.withStartupLock(() => importCorpus(database.db, read.value));
    logger.info(imported, imported.unchanged ? 'content unchanged' : 'content imported');
    // An import grew the embedded database's memory by ~100 MB for good; a fresh thread starts
    // without it (~0.4 s, on the start that imported only).
    if (!imported.unchanged) await database.releaseStartupMemory();
  } catch (error) {
    await database.close();
    releaseLock?.();
    throw error;
  }
  return database;
}

/** Opens the database, applies migrations and serves the app until `close()`. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const releaseLock = config.database.kind === 'pglite' ? acquireDataDirLock(config.dataDir) : null;
  const database = await openWithContent(config, logger, releaseLock);
  // The word forms every story page resolves with: read now, while the server starts
  // listening, rather than by the first reader's request. Then one full collection: reading
  // them (and an import's parsing of the corpus) leaves garbage that an idle server would
  // keep, since nothing allocates to trigger a collection.
  void formsIndex(database.db)
    .catch((error) => logger.warn({ err: error }, 'forms index'))
    .finally(collectGarbage);
  // PGlite writes its files 0666 whatever the umask; the folders are 0700 already, and the
  // files are narrowed to 0600 as well once it has opened, and again when it closes.
  if (releaseLock) protectDataDir(config.dataDir);
  const hub = new RealtimeHub(database, logger);
  await hub.start();
  const mailer = createMailer(config, database.db, logger);
  const auth = createAuth(config, database.db, mailer, logger);
  const syncRegistry = createSyncRegistry(hub);
  const { app, streams, replay } = createApp({
    config,
    database,
    auth,
    hub,
    syncRegistry,
    mailer,
    logger,
    webDistDir: defaultWebDistDir(),
  });

  // An answer kept by `replay` goes out before the request reaches the router.
  const route = getRequestListener(app.fetch, { hostname: config.host });
  const server = createServer(replay.or(route));
  server.listen(config.port, config.host);
  // Node closes an idle keep-alive socket after 5 s; a client sending on it at that instant
  // gets ECONNRESET (browsers retry, most other clients do not). 65 s outlives the 60 s idle
  // limit common to proxies and load balancers, so they close their side first.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // What a burst of requests grew is given back once the server has been quiet for a while, and
  // the embedded database is vacuumed and analyzed then.
  const idle = idleCollector(() => {
    collectGarbage();
    database.quiet();
  });
  server.on('request', idle.touch);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // Only the embedded database is out of reach of other processes while the server runs.
  const closeAdmin =
    database.kind === 'pglite'
      ? await startAdminListener({ dataDir: config.dataDir, db: database.db, hub, logger })
      : null;
  logger.info({ url, database: database.kind }, 'Lesefuchs is listening');
  const hint = database.kind === 'pglite' ? mallocSettingHint() : null;
  if (hint) logger.info(hint);

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await closeAdmin?.();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await streams.closeAll();
      const grace = setTimeout(() => {
        logger.warn('closing connections that outlived the shutdown grace period');
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      // Keep-alive connections go as soon as their in-flight request is answered.
      server.closeIdleConnections();
      const reaper = setInterval(() => server.closeIdleConnections(), 50);
      await stopped;
      idle.stop();
      clearInterval(reaper);
      clearTimeout(grace);
      await hub.stop();
      await database.close();
      if (releaseLock) protectDataDir(config.dataDir);
      releaseLock?.();
      logger.info('Lesefuchs stopped');
    })();
    return closing;
  };
  return { url, close };
}
