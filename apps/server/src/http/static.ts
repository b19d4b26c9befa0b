import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { premiumVoiceOfAudioFile } from '@lesefuchs/core';
import { Hono, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errorBody } from './errors.ts';
import { routePages } from './route-pages.ts';

/** Hashed build assets never change under their name: cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A premium voice's file: kept for a year by the member's browser, never by a shared cache. */
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';
/** A request for a file rather than a page: its last segment has an extension. */
const FILE_PATH = /\.[a-z0-9]+$/i;
/** Everything else (index.html, the service worker, the manifest) is revalidated on each load. */
const REVALIDATE = 'no-cache';

/**
 * Sets Cache-Control on files that were found (200 or 206). serveStatic builds its response
 * before its onFound hook runs, so the header goes on the finished response instead.
 */
function cacheFound(policy: (requestPath: string) => string) {
  return createMiddleware(async (c, next) => {
    await next();
    const found = c.res;
    if ((found.status === 200 || found.status === 206) && !found.headers.has('Cache-Control')) {
      // The Node adapter's responses may not keep header changes: build the response anew.
      const headers = new Headers(found.headers);
      headers.set('Cache-Control', policy(c.req.path));
      c.res = new Response(found.body, { status: found.status, headers });
    }
  });
}

/**
 * Serves the built web app: files as they are, hashed assets with long cache headers, and
 * index.html for every other GET outside /api so the client router takes over (SPA fallback).
 */
export function webAppRoutes(distDir: string) {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (or `npm start`, which builds).', 503),
    );
  }
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '*',
    cacheFound((requestPath) => (requestPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE)),
  );
  // The build writes .br and .gz copies of its text files (vite.config.ts): sent by Accept-Encoding.
  // Only paths of files: a page (`/`, `/stories/1`) is the app's HTML for its route, below.
  const files = serveStatic({ root, precompressed: true });
  app.use('*', (c, next) => (FILE_PATH.test(c.req.path) ? files(c, next) : next()));
  const pageFor = routePages(distDir, readFileSync(indexFile, 'utf8'));
  app.get('*', (c) => {
    // A missing file (an old hashed asset, a typo) is a 404, not the app's HTML.
    if (FILE_PATH.test(c.req.path)) return c.text('Not found', 404);
    c.header('Cache-Control', REVALIDATE);
    return c.html(pageFor(c.req.path));
  });
  return app;
}

/**
 * A folder of content files under a URL prefix: byte ranges (audio seeking, and Safari's
 * range-only playback), the given caching, and the one error shape for a missing file. A
 * `guard` runs before any file is looked at and may refuse the request.
 */
function contentFolderRoutes(
  dir: string,
  prefix: string,
  cacheControl: (requestPath: string) => string,
  missing: string,
  guard: MiddlewareHandler = (_c, next) => next(),
) {
  const root = path.relative(process.cwd(), dir) || '.';
  return new Hono()
    .use('*', guard)
    .use('*', cacheFound(cacheControl))
    .use(
      '*',
      serveStatic({
        root,
        rewriteRequestPath: (requestPath) => requestPath.slice(prefix.length),
        onNotFound: () => undefined,
      }),
    )
    .get('*', (c) => c.json(errorBody('not_found', missing), 404));
}

/**
 * Story audio, cached for a year: the importer versions each URL with the audio's text hash,
 * so a regenerated file gets a new URL. A premium voice's files pass `premiumGate` first and
 * are cached privately.
 */
export const audioRoutes = (audioDir: string, premiumGate?: MiddlewareHandler) =>
  contentFolderRoutes(
    audioDir,
    '/audio',
    (requestPath) => (premiumVoiceOfAudioFile(requestPath) ? PRIVATE_IMMUTABLE : IMMUTABLE),
    'No such audio file.',
    premiumGate,
  );

/** The avatar catalogue's pictures (content/avatars), cached for a day. */
export const avatarRoutes = (avatarDir: string) =>
  contentFolderRoutes(avatarDir, '/avatars', () => 'public, max-age=86400', 'No such avatar.');
