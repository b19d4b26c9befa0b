import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppOnly } from './harness.ts';

// The page of each route names the files of its screen (and a story's JSON) so that the browser
// fetches them with the app's code: apps/server/src/http/route-pages.ts.
describe('the page of a route', () => {
  let dist: string;
  let app: ReturnType<typeof webAppOnly>;
  const routes = [
    { path: '/', scripts: ['/assets/home-1.js'], styles: [] },
    { path: '/stories/audios', scripts: ['/assets/AudioList-1.js'], styles: [] },
    {
      path: '/stories/:id',
      scripts: ['/assets/Story-1.js', '/assets/shared-1.js'],
      styles: ['/assets/Story-1.css'],
      data: '/api/stories/:id',
    },
    { path: '*', scripts: ['/assets/screens-1.js'], styles: [] },
  ];

  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'lesefuchs-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'home-1.js'), 'export {};');
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app-1.js"></script></head><body></body></html>',
    );
    writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(routes));
    app = webAppOnly(dist);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const page = async (requestPath: string) => {
    const response = await app.request(requestPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    return response.text();
  };
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="(modulepreload|preload|stylesheet)"[^>]*href="([^"]+)"/g)].map(
      (found) => `${found[1]} ${found[2]}`,
    );

  it('names the home screen on /, inside the head', async () => {
    const html = await page('/');
    expect(preloads(html)).toEqual([
      'modulepreload /assets/home-1.js',
      'preload /api/auth/get-session',
    ]);
    expect(html.indexOf('home-1.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it("names a story's screen, its style and its JSON", async () => {
    expect(preloads(await page('/stories/7'))).toEqual([
      'stylesheet /assets/Story-1.css',
      'modulepreload /assets/Story-1.js',
      'modulepreload /assets/shared-1.js',
      'preload /api/auth/get-session',
      'preload /api/stories/7',
    ]);
    expect(await page('/stories/7')).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/stories/7">',
    );
  });

  it("fetches the session check with the page's files, with cookies as the app's client sends it", async () => {
    for (const requestPath of ['/', '/stories/7', '/study/flashcards', '/no/such/page']) {
      expect(await page(requestPath)).toContain(
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/get-session">',
      );
    }
  });

  it('ranks a fixed path above a parameter, as the client router does', async () => {
    expect(preloads(await page('/stories/audios'))).toEqual([
      'modulepreload /assets/AudioList-1.js',
      'preload /api/auth/get-session',
    ]);
  });

  it('preloads no data for a parameter that is not an id', async () => {
    for (const bad of ['/stories/0', '/stories/abc', '/stories/99999999999', '/stories/%00']) {
      const found = preloads(await page(bad));
      expect(found).not.toContainEqual(expect.stringMatching(/^preload \/api\/stories/));
      expect(found).toContain('modulepreload /assets/Story-1.js');
    }
  });

  it('gives any other path the catch-all screen, and files stay files', async () => {
    expect(preloads(await page('/no/such/page'))).toEqual([
      'modulepreload /assets/screens-1.js',
      'preload /api/auth/get-session',
    ]);
    expect((await app.request('/assets/home-1.js')).status).toBe(200);
    expect((await app.request('/assets/missing-1.js')).status).toBe(404);
    expect(preloads(await (await app.request('/index.html')).text())).toEqual([]);
  });
});
