import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { chooseEncoding } from '../src/http/compress.ts';
import { targets, testServerFor, webAppOnly } from './harness.ts';

// Compressed responses (brotli, then gzip) for what is worth it, and a story revalidated by
// its ETag instead of sent again.

describe('the encoding chosen from Accept-Encoding', () => {
  it('is brotli, then gzip, as the client allows', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe.each(targets)('API responses on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  it.skipIf(!available)(
    'are compressed when large, by brotli or gzip, and vary by it',
    async () => {
      const plain = await server.app.request('/api/stories');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);
      const text = await plain.text();
      expect(text.length).toBeGreaterThan(10_000);

      const br = await server.app.request('/api/stories', { headers: { 'Accept-Encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      const brBytes = Buffer.from(await br.arrayBuffer());
      expect(brBytes.byteLength).toBeLessThan(text.length / 3);
      expect(brotliDecompressSync(brBytes).toString()).toBe(text);

      const gz = await server.app.request('/api/stories', {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);

      // A file's JSON keeps no Content-Length of its own: the compressed body is all there is.
      const timing = await server.app.request('/audio/1/de-amala.json', {
        headers: { 'Accept-Encoding': 'br' },
      });
      expect(timing.headers.get('content-encoding')).toBe('br');
      const timingBytes = Buffer.from(await timing.arrayBuffer());
      expect(timing.headers.get('content-length') ?? String(timingBytes.byteLength)).toBe(
        String(timingBytes.byteLength),
      );
      expect(JSON.parse(brotliDecompressSync(timingBytes).toString()).storyId).toBe(1);

      // A small answer is not worth it.
      const health = await server.app.request('/api/health', {
        headers: { 'Accept-Encoding': 'br' },
      });
      expect(health.headers.get('content-encoding')).toBeNull();
    },
  );

  it.skipIf(!available)(
    'give a story its ETag and answer 304 while the corpus is the same',
    async () => {
      const first = await server.app.request('/api/stories/1', {
        headers: { 'Accept-Encoding': 'br' },
      });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/"story-1-/);
      const again = await server.app.request('/api/stories/1', {
        headers: { 'If-None-Match': etag ?? '' },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const other = await server.app.request('/api/stories/2', {
        headers: { 'If-None-Match': etag ?? '' },
      });
      expect(other.status).toBe(200);
    },
  );
});

describe('the built web app', () => {
  it('sends the precompressed copy of an asset, and compresses its HTML on the fly', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'lesefuchs-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('Lesefuchs '.repeat(300))});`;
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><body>${'<p>Lesefuchs</p>'.repeat(200)}</body></html>`,
    );
    const app = webAppOnly(dist);
    try {
      const asset = await app.request('/assets/app-1234.js', {
        headers: { 'Accept-Encoding': 'gzip, br' },
      });
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(brotliDecompressSync(Buffer.from(await asset.arrayBuffer())).toString()).toBe(script);
      const raw = await app.request('/assets/app-1234.js');
      expect(raw.headers.get('content-encoding')).toBeNull();
      expect(await raw.text()).toBe(script);
      const page = await app.request('/stories/1', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('Lesefuchs');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
