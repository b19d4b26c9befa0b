import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import type { Auth } from './auth/auth.ts';
import type { Config } from './config.ts';
import { AUDIO_DIR, AVATAR_DIR } from './content/corpus.ts';
import { AUDIO_URL_PREFIX } from './content/importer.ts';
import type { DatabaseHandle } from './db/client.ts';
import { ApiError, errorBody, handleError } from './http/errors.ts';
import { premiumAudioGate } from './http/premium-audio.ts';
import { audioRoutes, avatarRoutes, webAppRoutes } from './http/static.ts';
import { listDevMailbox, type Mailer } from './mail/mailer.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import { EventStreams, eventRoutes } from './routes/events.ts';
import { flashcardRoutes } from './routes/flashcards.ts';
import { healthRoutes } from './routes/health.ts';
import { membershipRoutes } from './routes/membership.ts';
import { profileRoutes } from './routes/profile.ts';
import { readingRoutes } from './routes/reading.ts';
import { statsRoutes } from './routes/stats.ts';
import { storyRoutes } from './routes/stories.ts';
import { syncRoutes } from './routes/sync.ts';
import { savedWordRoutes, vocabularyRoutes } from './routes/vocabulary.ts';
import type { SyncRegistry } from './services/sync.service.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  hub: RealtimeHub;
  syncRegistry: SyncRegistry;
  mailer: Mailer;
  logger: Logger;
  /** The built web app; null serves the API only (integration tests). */
  webDistDir: string | null;
}

/** Largest JSON body the API accepts. */
const API_BODY_LIMIT = 256 * 1024;

/** Mounts every route. Tests call `app.request()` on the result; index.ts serves it. */
export function createApp(deps: AppDeps) {
  const { auth, database, logger } = deps;
  const streams = new EventStreams();
  const app = new Hono();

  app.onError(handleError(logger));
  app.use(
    '*',
    secureHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: undefined }),
  );
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: API_BODY_LIMIT,
      onError: () => {
        throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
      },
    }),
  );

  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    // better-auth's rate limiter keys clients by x-forwarded-for only; without a proxy in
    // front, every client would share one bucket, so the socket address is passed on.
    // Only a request that came through the Node server has a socket (tests call app.request()).
    const address = (c.env as { incoming?: unknown } | undefined)?.incoming
      ? getConnInfo(c).remote.address
      : undefined;
    if (!address || c.req.raw.headers.has('x-forwarded-for')) return auth.handler(c.req.raw);
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-forwarded-for', address);
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  app.route('/api/health', healthRoutes(database));
  // What the web app may offer, decided by the server's configuration.
  app.get('/api/config', (c) => c.json({ googleSignIn: deps.config.google !== null }));
  app.route('/api/events', eventRoutes({ auth, hub: deps.hub, streams }));
  app.route('/api/profile', profileRoutes({ auth, db: database.db }));
  app.route('/api/membership', membershipRoutes({ auth, db: database.db }));
  app.route('/api/stories', storyRoutes({ db: database.db }));
  const reading = { auth, db: database.db, hub: deps.hub };
  app.route('/api/reading/completions', readingRoutes(reading, 'completions'));
  app.route('/api/bookmarks', readingRoutes(reading, 'bookmarks'));
  app.route('/api/vocabulary', vocabularyRoutes({ db: database.db }));
  app.route('/api/saved-words', savedWordRoutes(reading));
  app.route('/api/stats', statsRoutes({ auth, db: database.db, hub: deps.hub }));
  app.route('/api/flashcards', flashcardRoutes({ auth, db: database.db, hub: deps.hub }));
  app.route('/api/sync', syncRoutes({ auth, db: database.db, registry: deps.syncRegistry }));

  if (deps.config.env !== 'production' && deps.mailer.kind === 'dev-mailbox') {
    // Development only: the e-mails the embedded default kept instead of sending.
    app.get('/api/dev/mailbox', async (c) =>
      c.json({ messages: await listDevMailbox(database.db, c.req.query('to')) }),
    );
  }
  app.route(AUDIO_URL_PREFIX, audioRoutes(AUDIO_DIR, premiumAudioGate({ auth, db: database.db })));
  app.route('/avatars', avatarRoutes(AVATAR_DIR));
  app.all('/api/*', (c) =>
    c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`), 404),
  );
  if (deps.webDistDir) app.route('/', webAppRoutes(deps.webDistDir));

  return { app, streams };
}

export type App = ReturnType<typeof createApp>['app'];
