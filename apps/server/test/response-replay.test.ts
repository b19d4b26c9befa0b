import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { testServerFor } from './harness.ts';
import { type RawAnswer, rawRequest } from './raw-http.ts';

// A story, the story list and the other answers that change only with the content are made by
// the router once and then given again from memory, before the router, to the same plain GET
// (http/response-replay.ts): byte for byte the router's answer, every header included.

type Answer = RawAnswer;

describe('answers kept and given again', () => {
  // The router alone is enough here; PostgreSQL answers the same routes the same way.
  const server = testServerFor('pglite', true);
  let http: Server;
  let base = '';
  /** How many requests reached the router. */
  let routed = 0;

  beforeAll(async () => {
    await importContent(server.database.db);
    const route = getRequestListener(server.app.fetch);
    http = createServer(
      server.replay.or((incoming, outgoing) => {
        routed += 1;
        return route(incoming, outgoing);
      }),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${base}${path}`, { method, headers });
  /** An answer's headers but the date, which is the moment's. */
  const headersOf = ({ headers }: Answer) => {
    const { date: _date, ...rest } = headers;
    return rest;
  };
  /** The answer to `path`, and how many requests the router saw for it. */
  const counted = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const before = routed;
    const answer = await get(path, headers, method);
    return { answer, routed: routed - before };
  };

  it('gives a story again as the router made it, and its 304 too', async () => {
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await counted('/api/stories/1', br);
    expect(first.routed).toBe(1);
    expect(first.answer.status).toBe(200);
    expect(first.answer.headers['content-encoding']).toBe('br');
    const again = await counted('/api/stories/1', br);
    expect(again.routed).toBe(0);
    expect(again.answer.status).toBe(200);
    expect(again.answer.body.equals(first.answer.body)).toBe(true);
    expect(headersOf(again.answer)).toEqual(headersOf(first.answer));
    // The security headers the router's middleware adds are there.
    expect(again.answer.headers['content-security-policy']).toBeDefined();
    expect(again.answer.headers['x-content-type-options']).toBe('nosniff');
    expect(again.answer.headers['content-length']).toBe(String(first.answer.body.byteLength));

    const etag = String(first.answer.headers.etag);
    const revalidated = await counted('/api/stories/1', { ...br, 'if-none-match': etag });
    expect(revalidated).toMatchObject({ routed: 1, answer: { status: 304 } });
    const revalidatedAgain = await counted('/api/stories/1', { ...br, 'if-none-match': etag });
    expect(revalidatedAgain).toMatchObject({ routed: 0, answer: { status: 304 } });
    expect(revalidatedAgain.answer.body.byteLength).toBe(0);
    expect(headersOf(revalidatedAgain.answer)).toEqual(headersOf(revalidated.answer));
    // An ETag that is not this version's gets the story, from memory.
    const stale = await counted('/api/stories/1', { ...br, 'if-none-match': 'W/"story-1-old"' });
    expect(stale).toMatchObject({ routed: 0, answer: { status: 200 } });
  });

  it('keeps each encoding apart', async () => {
    const gzip = await counted('/api/stories', { 'accept-encoding': 'gzip' });
    expect(gzip.answer.headers['content-encoding']).toBe('gzip');
    const br = await counted('/api/stories', { 'accept-encoding': 'br' });
    expect(br.routed).toBe(1);
    expect(br.answer.headers['content-encoding']).toBe('br');
    const gzipAgain = await counted('/api/stories', { 'accept-encoding': 'gzip' });
    expect(gzipAgain.routed).toBe(0);
    expect(gzipAgain.answer.headers['content-encoding']).toBe('gzip');
    expect(gzipAgain.answer.body.equals(gzip.answer.body)).toBe(true);
    // An uncompressed body is not kept: the router makes it each time.
    for (let time = 0; time < 2; time++) {
      const plain = await counted('/api/stories');
      expect(plain.routed).toBe(1);
      expect(plain.answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.answer.body.toString()).stories.length).toBeGreaterThan(0);
    }
  });

  it('hands the router every request that is not a plain GET of a kept answer', async () => {
    const br = { 'accept-encoding': 'br' };
    await get('/api/stories/2', br);
    expect((await counted('/api/stories/2', br)).routed).toBe(0);
    // Each of these reaches the router every time.
    for (const [path, headers, method] of [
      ['/api/stories/2', { ...br, origin: 'https://app.example' }, 'GET'],
      ['/api/stories/2', { ...br, range: 'bytes=0-10' }, 'GET'],
      ['/api/stories/2?again=1', br, 'GET'],
      ['/api/stories/%32', br, 'GET'],
      ['/api/stories/2', br, 'HEAD'],
      ['/api/stories/version', br, 'GET'],
      ['/api/stories/99999', br, 'GET'],
    ] as const) {
      for (let time = 0; time < 2; time++) {
        const { routed: seen } = await counted(path, headers, method);
        expect(seen, `${method} ${path} ${JSON.stringify(headers)}`).toBe(1);
      }
    }
  });
});
