import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../src/realtime/hub.ts';
import { freshDatabase, json, startTestServer, targets } from './harness.ts';

const postgres = targets.find((target) => target.name === 'postgres');

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused). */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (() => {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    })(),
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` holds (or fails the test after `ms`). */
async function eventually(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('realtime after a PostgreSQL outage of several seconds', () => {
  it.skipIf(!postgres?.available)(
    'reconnects with backoff, says so in /api/health, tells streams to refetch, and delivers again',
    async () => {
      const database = await freshDatabase('postgres');
      if (database.config.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const proxy = await cuttableProxy(new URL(database.config.url));
      const server = await startTestServer({ kind: 'postgres', url: proxy.url });
      const received: RealtimeEvent[] = [];
      const unsubscribe = server.hub.subscribe('reader-1', (event) => received.push(event));
      const health = async () => {
        const response = await server.app.request('/api/health');
        return { status: response.status, body: await json(response) };
      };
      try {
        expect((await health()).body).toMatchObject({ status: 'ok', realtime: 'ok' });

        proxy.cut();
        await eventually(() => server.hub.state === 'reconnecting');
        // Longer than the one retry a second of the old code, and than several backoff steps.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        expect(server.hub.state).toBe('reconnecting');
        proxy.restore();

        await eventually(async () => {
          const { status, body } = await health();
          return status === 200 && body.realtime === 'ok';
        });
        expect(received).toContainEqual({ type: 'resync' });
        await server.hub.publish('reader-1', { type: 'bookmarks', data: { action: 'add' } });
        await eventually(() => received.some((event) => event.type === 'bookmarks'));
      } finally {
        unsubscribe();
        await server.close();
        await proxy.close();
        await database.drop();
      }
    },
    60_000,
  );
});
