import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { handleError } from '../http/errors.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { adminRoutes } from '../routes/admin.ts';
import { removeHandoff, writeHandoff } from './handoff-file.ts';

/**
 * The admin hand-off of a server on the embedded database: while it runs, the server holds the
 * data directory's lock and no other process may open the database, so `npm run admin` hands
 * its request to the server instead. A second HTTP listener on 127.0.0.1 (a free port, never
 * the public one) serves the admin routes to holders of a token made at every start; port and
 * token go into the hand-off file in DATA_DIR (mode 600). Resolves to the function that closes
 * the listener and removes the file.
 */
export async function startAdminListener(deps: {
  dataDir: string;
  db: Database;
  hub: RealtimeHub;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const app = adminRoutes({ db: deps.db, hub: deps.hub, token });
  app.onError(handleError(deps.logger));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  writeHandoff(deps.dataDir, { pid: process.pid, port, token });
  deps.logger.debug({ port }, 'admin hand-off listening on 127.0.0.1');
  return async () => {
    removeHandoff(deps.dataDir);
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    // An answered command's keep-alive connection would otherwise hold the close for seconds.
    (server as unknown as { closeIdleConnections(): void }).closeIdleConnections();
    await stopped;
  };
}
