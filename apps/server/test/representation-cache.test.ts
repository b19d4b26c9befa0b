import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RepresentationCache } from '../src/http/representation-cache.ts';

/** An app serving one cached value per id at a version the test sets. */
function app() {
  const cache = new RepresentationCache(2);
  const state = { version: 'v1', builds: 0 };
  const hono = new Hono().get('/:id', async (c) => {
    const id = c.req.param('id');
    const response = await cache.respond(c, id, `W/"${id}-${state.version}"`, async () => {
      state.builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return id === 'missing' ? null : { id, version: state.version, text: 'Wort '.repeat(500) };
    });
    return response ?? c.json({ error: 'not found' }, 404);
  });
  return { hono, state };
}

describe('the representation cache', () => {
  it('builds a value once per version, also for requests that arrive while it builds', async () => {
    const { hono, state } = app();
    const bodies = await Promise.all(
      [1, 2, 3].map(async () => (await hono.request('/a')).json() as Promise<{ version: string }>),
    );
    expect(bodies.map((body) => body.version)).toEqual(['v1', 'v1', 'v1']);
    expect(state.builds).toBe(1);
    state.version = 'v2';
    expect(((await (await hono.request('/a')).json()) as { version: string }).version).toBe('v2');
    expect(state.builds).toBe(2);
  });

  it('answers 304 to the current ETag and sends the body again for an old one', async () => {
    const { hono } = app();
    const first = await hono.request('/a');
    const etag = first.headers.get('ETag') as string;
    expect(first.headers.get('Cache-Control')).toBe('no-cache');
    expect((await hono.request('/a', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const old = await hono.request('/a', { headers: { 'If-None-Match': 'W/"a-v0"' } });
    expect(old.status).toBe(200);
  });

  it('compresses once per encoding, and the bytes are the same JSON', async () => {
    const { hono } = app();
    const plain = await (await hono.request('/a')).text();
    const br = await hono.request('/a', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.byteLength).toBeLessThan(plain.length / 5);
    expect(brotliDecompressSync(brBytes).toString()).toBe(plain);
    const gz = await hono.request('/a', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
  });

  it('keeps nothing for a value that is not found, and at most its number of entries', async () => {
    const { hono, state } = app();
    expect((await hono.request('/missing')).status).toBe(404);
    expect((await hono.request('/missing')).status).toBe(404);
    expect(state.builds).toBe(2);
    for (const id of ['a', 'b', 'c']) await hono.request(`/${id}`);
    const before = state.builds;
    await hono.request('/a');
    // Two entries at most: "a" went out when "c" came in, so it is built again.
    expect(state.builds).toBe(before + 1);
  });
});
