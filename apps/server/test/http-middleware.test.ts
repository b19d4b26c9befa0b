import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitRequestBodies } from '../src/http/body-limit.ts';
import { corsForOrigins } from '../src/http/cors.ts';
import { rawRequest } from './raw-http.ts';

// The body limit and the native shell's CORS over a real socket, as Node's HTTP parser and the
// Node adapter hand requests to them (app.request() never states a body's length).

const LIMIT = 1_000;
const SHELL = 'capacitor://localhost';

describe('the body limit and the shell CORS on a socket', () => {
  let http: Server;
  let base = '';

  beforeAll(async () => {
    const app = new Hono()
      .use(corsForOrigins([SHELL], { allowHeaders: ['Content-Type'], exposeHeaders: ['x-token'] }))
      .use(
        limitRequestBodies(LIMIT, () => {
          throw new HTTPException(413, { message: 'too large' });
        }),
      )
      .get('/echo', (c) => c.json({ read: true }))
      .post('/echo', async (c) => c.json({ length: (await c.req.text()).length }));
    http = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  const send = async (
    method: string,
    options: { body?: string; chunked?: boolean; headers?: Record<string, string> } = {},
  ) => {
    const answer = await rawRequest(`${base}/echo`, { method, ...options });
    return { ...answer, body: answer.body.toString() };
  };

  it('reads a body of a stated length within the limit', async () => {
    const answer = await send('POST', { body: 'x'.repeat(LIMIT) });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ length: LIMIT });
  });

  it('refuses a stated length over the limit', async () => {
    expect((await send('POST', { body: 'x'.repeat(LIMIT + 1) })).status).toBe(413);
  });

  it('counts a body sent in chunks, with no length stated', async () => {
    const within = await send('POST', { body: 'y'.repeat(LIMIT), chunked: true });
    expect(within.status).toBe(200);
    expect(JSON.parse(within.body)).toEqual({ length: LIMIT });
    expect((await send('POST', { body: 'y'.repeat(LIMIT * 3), chunked: true })).status).toBe(413);
  });

  it('grants CORS to the shell only, and says the answer varies by origin', async () => {
    const shell = await send('GET', { headers: { origin: SHELL } });
    expect(shell.headers['access-control-allow-origin']).toBe(SHELL);
    expect(shell.headers['access-control-expose-headers']).toBe('x-token');
    expect(shell.headers.vary).toBe('Origin');

    const others: Record<string, string>[] = [{ origin: 'https://elsewhere.example' }, {}];
    for (const headers of others) {
      const other = await send('POST', { body: '{}', headers });
      expect(other.status).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers['access-control-expose-headers']).toBeUndefined();
      expect(other.headers.vary).toBe('Origin');
    }
  });

  it("answers the shell's preflight, and gives another origin's no grant", async () => {
    const preflight = { 'access-control-request-method': 'POST' };
    const shell = await send('OPTIONS', { headers: { origin: SHELL, ...preflight } });
    expect(shell.status).toBe(204);
    expect(shell.headers['access-control-allow-origin']).toBe(SHELL);
    expect(shell.headers['access-control-allow-headers']).toBe('Content-Type');
    const other = await send('OPTIONS', {
      headers: { origin: 'https://elsewhere.example', ...preflight },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
