import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelay } from '../src/db/listener.ts';
import { freshDatabase, json, signUp, startTestServer, targets } from './harness.ts';

const postgres = targets.find((target) => target.name === 'postgres');

/**
 * A TCP proxy to PostgreSQL that can be cut: every open connection dropped, then the next
 * `refusals` new ones accepted and closed at once (as a database that is down), after which it
 * forwards again by itself, right after the last refusal.
 */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  let refusalsLeft = 0;
  const server = createServer((client) => {
    if (refusalsLeft > 0) {
      refusalsLeft -= 1;
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
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    cut(refusals: number) {
      refusalsLeft = refusals;
      for (const socket of sockets) socket.destroy();
    },
    get restored() {
      return refusalsLeft === 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Collects the named Server-Sent Events of a response while the test runs. */
function collectEvents(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => null);
      if (!chunk || chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const name = /^event: (.*)$/m.exec(buffer.slice(0, end))?.[1];
        if (name) events.push(name);
        buffer = buffer.slice(end + 2);
      }
    }
  })();
  return {
    events,
    stop: async () => {
      await reader.cancel().catch(() => undefined);
      await reading;
    },
  };
}

/** Polls until `check` holds, or fails the test after `ms`. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const count = (events: string[], name: string) => events.filter((event) => event === name).length;

describe('realtime after a PostgreSQL outage of several seconds', () => {
  it.skipIf(!postgres?.available)(
    'keeps reconnecting with backoff, says so in /api/health, tells every stream to refetch, and delivers again',
    async () => {
      const database = await freshDatabase('postgres');
      if (database.config.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const proxy = await cuttableProxy(new URL(database.config.url));
      const server = await startTestServer({ kind: 'postgres', url: proxy.url });
      // A deep check: the database is asked on each call, not a few seconds' reuse of a good one.
      const health = async () => {
        const response = await server.app.request('/api/health?deep=1');
        return { status: response.status, body: await json(response) };
      };
      const open = async (cookie: string) =>
        collectEvents(await server.app.request('/api/events', { headers: { Cookie: cookie } }));
      const streams: ReturnType<typeof collectEvents>[] = [];
      try {
        const anna = await signUp(server, 'Anna');
        const ben = await signUp(server, 'Ben');
        const annaTab1 = await open(anna.cookie);
        const annaTab2 = await open(anna.cookie);
        const benTab = await open(ben.cookie);
        streams.push(annaTab1, annaTab2, benTab);
        await eventually('every stream is ready', () =>
          streams.every((stream) => stream.events.includes('ready')),
        );
        expect((await health()).body).toMatchObject({ status: 'ok', realtime: 'ok' });

        // The outage: one refusal for the health check below, then three for the listener's
        // tries, spaced by its backoff (0.25–0.5 s, 0.5–1 s, 1–2 s): 1.75–3.5 s in all, longer
        // than the single retry after 1 s that realtime used to give up after.
        proxy.cut(4);
        await eventually('the hub notices', () => server.hub.state === 'reconnecting');
        expect((await health()).status).toBe(503);
        await eventually('the database is back', () => proxy.restored);

        // The database answers again at once, the listener only at its next try, 2–4 s away:
        // the API works and says realtime is degraded.
        expect(await health()).toMatchObject({
          status: 200,
          body: { status: 'ok', database: 'postgres', realtime: 'reconnecting' },
        });
        await eventually('realtime is back', async () => (await health()).body.realtime === 'ok');

        // Events published during the outage are lost: every stream of every user refetches.
        await eventually('every stream gets resync', () =>
          streams.every((stream) => stream.events.includes('resync')),
        );
        await server.hub.publish(anna.id, { type: 'bookmarks', data: { action: 'add' } });
        await eventually('the new event arrives', () =>
          [annaTab1, annaTab2].every((stream) => stream.events.includes('bookmarks')),
        );
        for (const stream of streams) expect(count(stream.events, 'resync')).toBe(1);
        expect(benTab.events).not.toContain('bookmarks');
      } finally {
        await Promise.all(streams.map((stream) => stream.stop()));
        // A pool connection the listener never gave back would keep this from resolving.
        await server.close();
        await proxy.close();
        await database.drop();
      }
    },
    30_000,
  );
});

describe('the wait before the listener tries again', () => {
  it('doubles from 0.5 s to a 30 s cap and stays between half and all of each step', () => {
    const steps = Array.from({ length: 10 }, (_, failures) => [
      retryDelay(failures, () => 0),
      retryDelay(failures, () => 0.999_999),
    ]);
    expect(steps[0]?.[0]).toBe(FIRST_RETRY_MS / 2);
    expect(steps[0]?.[1]).toBeCloseTo(FIRST_RETRY_MS, 0);
    expect(steps[1]?.[0]).toBe(FIRST_RETRY_MS);
    for (const [low, high] of steps.slice(7)) {
      expect(low).toBe(MAX_RETRY_MS / 2);
      expect(high).toBeCloseTo(MAX_RETRY_MS, 0);
    }
    // Far past the cap it neither overflows nor grows.
    expect(retryDelay(5_000, () => 1)).toBe(MAX_RETRY_MS);
  });
});
