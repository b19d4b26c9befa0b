import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ApiError, handleError, RETRY_AFTER_SECONDS } from '../src/http/errors.ts';
import { shedLoad } from '../src/http/load-shedding.ts';

/** An app whose one route holds each request until the test lets it go. */
function heldApp(limits: { concurrency: number; queue: number; maxWaitMs: number }) {
  const held: (() => void)[] = [];
  const load = shedLoad(limits);
  const app = new Hono();
  app.use('*', load.middleware);
  app.get('/work', async (c) => {
    await new Promise<void>((resolve) => held.push(resolve));
    return c.json({ done: true });
  });
  const releaseOne = () => held.shift()?.();
  return { app, load, held, releaseOne };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('load shedding', () => {
  it('takes on the concurrency, lines up the queue, and refuses the next at once with 503 and Retry-After', async () => {
    const { app, load, held, releaseOne } = heldApp({ concurrency: 2, queue: 1, maxWaitMs: 5_000 });
    const answers = [1, 2, 3].map(() => app.request('/work'));
    await until(() => held.length === 2 && load.load().waiting === 1);

    const refused = await app.request('/work');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await refused.json()).toMatchObject({ error: { code: 'unavailable' } });

    // A freed slot goes to the one in line, first come first served; every accepted request ends.
    releaseOne();
    await until(() => held.length === 2 && load.load().waiting === 0);
    releaseOne();
    releaseOne();
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    expect(statuses).toEqual([200, 200, 200]);
    expect(load.load()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('refuses a request that waited in line too long, and frees its place', async () => {
    const { app, load, held, releaseOne } = heldApp({ concurrency: 1, queue: 4, maxWaitMs: 30 });
    const first = app.request('/work');
    await until(() => held.length === 1);
    const waited = await app.request('/work');
    expect(waited.status).toBe(503);
    expect(load.load()).toEqual({ inFlight: 1, waiting: 0 });
    releaseOne();
    expect((await first).status).toBe(200);
    expect(load.load()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('frees the slot when the handler throws', async () => {
    const load = shedLoad({ concurrency: 1, queue: 0, maxWaitMs: 10 });
    const app = new Hono();
    app.onError((_error, c) => c.json({ failed: true }, 500));
    app.use('*', load.middleware);
    app.get('/boom', () => {
      throw new Error('boom');
    });
    expect((await app.request('/boom')).status).toBe(500);
    expect(load.load()).toEqual({ inFlight: 0, waiting: 0 });
    expect((await app.request('/boom')).status).toBe(500);
  });

  it('asks for the same wait when a route answers 503 itself (a write that kept racing)', async () => {
    const app = new Hono();
    app.onError(handleError(pino({ enabled: false })));
    app.get('/busy', () => {
      throw new ApiError(503, 'unavailable', 'Try again shortly.');
    });
    app.get('/gone', () => {
      throw new ApiError(404, 'not_found', 'No such thing.');
    });
    const busy = await app.request('/busy');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS));
    expect((await app.request('/gone')).headers.get('Retry-After')).toBeNull();
  });
});
