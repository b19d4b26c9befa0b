import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { SSEStreamingApi } from 'hono/streaming';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importContent } from '../src/content/importer.ts';
import { clientAddress } from '../src/http/client-address.ts';
import { audioRoutes, webAppRoutes } from '../src/http/static.ts';
import { EventStreams, MAX_STREAMS_PER_USER } from '../src/routes/events.ts';
import { caller, json, signUp, targets, testServerFor } from './harness.ts';

const EVIL = 'https://evil.example';
const OVER_INT = 2_147_483_648;

describe.each(targets)('bad input is a 4xx on every route on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const call = caller(server);

  it.skipIf(!available)(
    'integers past their column, NUL and lone surrogates: 400, never 500',
    async () => {
      const user = await signUp(server, 'Prober');
      const cases: [string, string, unknown][] = [
        [
          'POST',
          '/api/flashcards/reviews',
          { cardId: OVER_INT, rating: 'good', reviewId: 'review-00001' },
        ],
        ['POST', '/api/flashcards/unsuspend', { cardIds: [OVER_INT] }],
        [
          'POST',
          '/api/flashcards/cards',
          { deck: 'database', count: 1, strategy: 'unified', vocabularyIds: [OVER_INT] },
        ],
        [
          'POST',
          '/api/flashcards/cards/upsert',
          { cards: [{ localId: 'local-1', vocabularyId: OVER_INT }] },
        ],
        ['GET', `/api/flashcards/reviews?cardId=${OVER_INT}`, undefined],
        ['GET', `/api/flashcards/reviews?offset=${2 ** 63}`, undefined],
        ['POST', `/api/flashcards/cards/${OVER_INT}/suspend`, undefined],
        ['PUT', `/api/bookmarks/${OVER_INT}`, undefined],
        ['DELETE', `/api/saved-words/${OVER_INT}`, undefined],
        ['PATCH', '/api/profile/preferences', { flashcardsDefaultDeck: 'saved\u0000' }],
        ['PATCH', '/api/profile/preferences', { quizDefaultDeck: '\ud800' }],
        [
          'POST',
          '/api/sync',
          { type: 'bookmarks', operations: [{ id: 'op-\u0000-00001', payload: {} }] },
        ],
        ['POST', '/api/saved-words', { action: 'save', word: 'Haus', at: 1e300 }],
        ['GET', '/api/auth/reset-password/abc%00def?callbackURL=/reset-password', undefined],
        ['GET', '/api/stories/titles?ids=%ED%A0%80', undefined],
        ['POST', '/api/auth/sign-in/email', { email: 'a@example.com\u0000', password: 'x' }],
        ['POST', '/api/auth/request-password-reset', { email: '\udc00@example.com' }],
      ];
      for (const [method, path, body] of cases) {
        const response = await call(user.cookie, method, path, body);
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    },
  );

  it.skipIf(!available)('sign-up with a body that is not an object: 400', async () => {
    for (const body of ['null', '[]', '"name"', '1']) {
      const response = await server.app.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status, body).toBe(400);
    }
  });
});

describe.each(targets)('sync batches on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const call = caller(server);

  beforeAll(async () => {
    if (!available) return;
    await importContent(server.database.db);
    // A queue type of this test whose payload schema lets through what its table refuses, so
    // the database's own refusal is what the batch meets.
    await server.database.db.execute(
      sql`create table test_counts (user_id text not null, n integer not null check (n >= 0))`,
    );
    server.registry.register('test-counts', {
      payload: z.object({ n: z.number() }),
      async apply(tx, userId, payload) {
        await tx.execute(
          sql`insert into test_counts (user_id, n) values (${userId}, ${payload.n})`,
        );
      },
    });
  });

  it.skipIf(!available)(
    'one bad operation is rejected with its reason; the others are applied',
    async () => {
      const user = await signUp(server, 'Batcher');
      const send = async (type: string, payloads: unknown[]) => {
        const response = await call(user.cookie, 'POST', '/api/sync', {
          type,
          operations: payloads.map((payload, index) => ({
            id: `${type}-op-${String(index).padStart(5, '0')}`,
            payload,
          })),
        });
        expect(response.status).toBe(200);
        return (await json(response)).results as { outcome: string; message?: string }[];
      };

      const counted = await send('test-counts', [
        { n: 1 },
        { n: 2 ** 40 },
        { n: -1 },
        { n: 'x' },
        { n: 2 },
      ]);
      expect(counted.map((r) => r.outcome)).toEqual([
        'applied',
        'rejected', // out of the integer column's range
        'rejected', // the table's check
        'rejected', // the payload schema
        'applied',
      ]);
      for (const rejected of counted.filter((r) => r.outcome === 'rejected')) {
        expect(rejected.message).toBeTruthy();
      }
      const rows = (await server.database.db.execute(
        sql`select n from test_counts where user_id = ${user.id} order by n`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows.rows.map((row) => row.n)).toEqual([1, 2]);

      const bookmarked = await send('bookmarks', [
        { action: 'add', storyId: 1 },
        { action: 'add', storyId: OVER_INT },
        { action: 'add', storyId: 2 },
      ]);
      expect(bookmarked.map((r) => r.outcome)).toEqual(['applied', 'rejected', 'applied']);
      const entries = (await json(await call(user.cookie, 'GET', '/api/bookmarks'))).entries;
      expect(entries.map((e: { storyId: number }) => e.storyId).sort()).toEqual([1, 2]);
      // A rejected id is not recorded: sent again it is rejected again, never "duplicate".
      const again = await send('test-counts', [{ n: 1 }, { n: 2 ** 40 }]);
      expect(again.map((r) => r.outcome)).toEqual(['duplicate', 'rejected']);
    },
  );
});

describe.each(targets)('cross-site writes on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const request = (path: string, init: RequestInit & { headers: Record<string, string> }) =>
    server.app.request(path, init);

  it.skipIf(!available)(
    'are refused with 403 and change nothing; the app and its beacon pass',
    async () => {
      await importContent(server.database.db);
      const user = await signUp(server, 'Victim');
      const bookmarks = async () =>
        (await json(await request('/api/bookmarks', { headers: { Cookie: user.cookie } }))).entries;

      const evilBookmark = await request('/api/bookmarks/3', {
        method: 'PUT',
        headers: { Cookie: user.cookie, Origin: EVIL },
      });
      expect(evilBookmark.status).toBe(403);
      const evilBeacon = await request('/api/sync', {
        method: 'POST',
        headers: { Cookie: user.cookie, Origin: EVIL, 'Content-Type': 'text/plain' },
        body: JSON.stringify({
          type: 'bookmarks',
          operations: [{ id: 'evil-op-00001', payload: { action: 'add', storyId: 4 } }],
        }),
      });
      expect(evilBeacon.status).toBe(403);
      const evilClear = await request('/api/saved-words', {
        method: 'DELETE',
        headers: { Cookie: user.cookie, 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(evilClear.status).toBe(403);
      expect(await bookmarks()).toEqual([]);

      // The app's own page: its origin, JSON; and the page-hide beacon's text/plain on /api/sync.
      const own = {
        Cookie: user.cookie,
        Origin: 'http://localhost:3000',
        'Sec-Fetch-Site': 'same-origin',
      };
      expect((await request('/api/bookmarks/3', { method: 'PUT', headers: own })).status).toBe(200);
      const beacon = await request('/api/sync', {
        method: 'POST',
        headers: { ...own, 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({
          type: 'bookmarks',
          operations: [{ id: 'beacon-op-00001', payload: { action: 'add', storyId: 4 } }],
        }),
      });
      expect(beacon.status).toBe(200);
      expect((await bookmarks()).map((e: { storyId: number }) => e.storyId).sort()).toEqual([3, 4]);

      // A JSON route does not take text/plain or a form, even from the app's own origin.
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const response = await request('/api/saved-words', {
          method: 'POST',
          headers: { ...own, 'Content-Type': type },
          body: JSON.stringify({ action: 'save', word: 'Haus' }),
        });
        expect(response.status, type).toBe(415);
      }
    },
  );
});

describe('event streams per user', () => {
  const fakeStream = () => ({}) as SSEStreamingApi;

  it(`keep at most ${MAX_STREAMS_PER_USER}: a new one closes the oldest`, () => {
    const streams = new EventStreams();
    const finished: number[] = [];
    const opened = Array.from({ length: MAX_STREAMS_PER_USER + 2 }, fakeStream);
    opened.forEach((stream, index) => {
      streams.add(stream, 'reader-a', () => finished.push(index));
    });
    streams.add(fakeStream(), 'reader-b', () => finished.push(-1));
    expect(finished).toEqual([0, 1]);
    expect(streams.countOf('reader-a')).toBe(MAX_STREAMS_PER_USER);
    expect(streams.countOf('reader-b')).toBe(1);
  });

  const server = testServerFor('pglite', true);

  it('holds the cap on the real endpoint', async () => {
    const user = await signUp(server, 'Streamer');
    const open = async () => {
      const response = await server.app.request('/api/events', {
        headers: { Cookie: user.cookie },
      });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read(); // the 'ready' event
      return reader;
    };
    const readers = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER + 1; i++) readers.push(await open());
    // The first stream was closed by the eleventh: it ends.
    const first = readers[0] as ReadableStreamDefaultReader<Uint8Array>;
    let done = false;
    while (!done) done = (await first.read()).done;
    expect(done).toBe(true);
    for (const reader of readers.slice(1)) await reader.cancel();
  });
});

describe('the client address (TRUST_PROXY)', () => {
  const addressOf = async (trustProxy: number, forwardedFor: string | null, socket: string) => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustProxy) ?? 'none'));
    const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
    const response = await app.request(
      '/',
      { headers },
      { incoming: { socket: { remoteAddress: socket } } },
    );
    return response.text();
  };

  it('is the socket peer when no proxy is trusted, whatever the header says', async () => {
    expect(await addressOf(0, '198.51.100.7', '203.0.113.1')).toBe('203.0.113.1');
  });

  it('is the address the trusted hops received the request from', async () => {
    // client → proxy A (appends the client) → proxy B (appends A) → server (socket: B)
    expect(await addressOf(1, '198.51.100.7', '10.0.0.2')).toBe('198.51.100.7');
    expect(await addressOf(2, '198.51.100.7, 10.0.0.1', '10.0.0.2')).toBe('198.51.100.7');
    // A client's own X-Forwarded-For entries stand left of what the trusted proxy appended.
    expect(await addressOf(1, '1.2.3.4, 198.51.100.7', '10.0.0.2')).toBe('198.51.100.7');
    expect(await addressOf(1, null, '10.0.0.2')).toBe('10.0.0.2');
  });
});

describe('files outside the served folders', () => {
  it('are never served, however the path is spelled', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-static-'));
    try {
      const secret = 'SECRET-OUTSIDE-THE-SERVED-FOLDERS';
      mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
      mkdirSync(path.join(dir, 'audio'), { recursive: true });
      mkdirSync(path.join(dir, '.git'), { recursive: true });
      writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>app</title>');
      writeFileSync(path.join(dir, 'audio', 'a1-1.mp3'), 'ID3');
      writeFileSync(path.join(dir, 'secret.txt'), secret);
      writeFileSync(path.join(dir, '.git', 'config'), secret);
      const app = new Hono()
        .route('/audio', audioRoutes(path.join(dir, 'audio')))
        .route('/', webAppRoutes(path.join(dir, 'dist')));

      expect((await app.request('/audio/a1-1.mp3')).status).toBe(200);
      for (const attempt of [
        '/../secret.txt',
        '/%2e%2e/secret.txt',
        '/..%2fsecret.txt',
        '/..%5csecret.txt',
        '/%2e%2e%2f.git/config',
        '/.git/config',
        '/audio/../secret.txt',
        '/audio/%2e%2e/secret.txt',
        '/audio/..%2fsecret.txt',
        '/audio/..%2f.git%2fconfig',
        '/audio/%2e%2e%5csecret.txt',
      ]) {
        const response = await app.request(attempt);
        expect(await response.text(), attempt).not.toContain(secret);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
