import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import type { Auth } from './auth/auth.ts';
import { takenAfterRace } from './auth/nickname.ts';
import { forgetSessions } from './auth/session.ts';
import type { Config } from './config.ts';
import { AUDIO_DIR, AVATAR_DIR } from './content/corpus.ts';
import { AUDIO_URL_PREFIX } from './content/importer.ts';
import type { DatabaseHandle } from './db/client.ts';
import { limitRequestBodies } from './http/body-limit.ts';
import {
  clientAddress,
  hasForwardingHeaders,
  headersWithClient,
  isLoopbackAddress,
  isLoopbackUrl,
  socketAddress,
} from './http/client-address.ts';
import { compressResponses } from './http/compress.ts';
import { contentSecurityPolicy } from './http/content-security.ts';
import { corsForOrigins } from './http/cors.ts';
import { ApiError, errorBody, handleError } from './http/errors.ts';
import { shedLoad } from './http/load-shedding.ts';
import { premiumAudioGate } from './http/premium-audio.ts';
import { readJsonObjectBody, refuseUnsafeUrl } from './http/request-guard.ts';
import { ResponseReplay } from './http/response-replay.ts';
import { refuseCrossSiteWrites } from './http/same-origin.ts';
import { audioRoutes, avatarRoutes, webAppRoutes } from './http/static.ts';
import { listDevMailbox, type Mailer } from './mail/mailer.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import { appLinkRoutes } from './routes/app-links.ts';
import { communityRoutes } from './routes/community.ts';
import { EventStreams, eventRoutes } from './routes/events.ts';
import { flashcardRoutes } from './routes/flashcards.ts';
import { healthRoutes } from './routes/health.ts';
import { knownWordRoutes } from './routes/known-words.ts';
import { membershipRoutes } from './routes/membership.ts';
import { nativeSignInRoutes } from './routes/native-sign-in.ts';
import { profileRoutes } from './routes/profile.ts';
import { quizRoutes } from './routes/quiz.ts';
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

/** The sync endpoint, which also takes the page-hide beacon's text/plain body. */
const SYNC_PATH = '/api/sync';

/**
 * The dev mailbox exists only on the embedded default (no SMTP_URL), outside production, and
 * while the public address is this machine; each request must also come from a loopback
 * socket with no forwarding header (a proxy on this machine would make every client local).
 */
export function devMailboxEnabled(config: Config, mailer: Pick<Mailer, 'kind'>): boolean {
  return (
    config.env !== 'production' && mailer.kind === 'dev-mailbox' && isLoopbackUrl(config.publicUrl)
  );
}

/** Largest JSON body the API accepts. */
const API_BODY_LIMIT = 256 * 1024;

/** Mounts every route. Tests call `app.request()` on the result; index.ts serves it. */
export function createApp(deps: AppDeps) {
  const { auth, database, logger } = deps;
  const streams = new EventStreams();
  const app = new Hono();

  app.onError(handleError(logger));
  // Outermost, so that what it keeps is the answer as it goes out, every header included.
  const replay = new ResponseReplay();
  app.use('*', replay.capture);
  const indexFile = deps.webDistDir ? path.join(deps.webDistDir, 'index.html') : null;
  const shellCors = (allowHeaders: string[], exposeHeaders: string[] = []) =>
    corsForOrigins(deps.config.appOrigins, { allowHeaders, exposeHeaders });
  // The native shell's pages (APP_ORIGINS) load the story audio and the avatars from this
  // server: fetched whole (CORS, with the bearer token for premium audio) or by an <audio> or
  // <img> element, which a same-origin resource policy would refuse. (Registered before the
  // security headers, so its policy is the one that stays.)
  if (deps.config.appOrigins.length > 0) {
    for (const prefix of [AUDIO_URL_PREFIX, '/avatars']) {
      app.use(`${prefix}/*`, async (c, next) => {
        await next();
        c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
      });
      app.use(`${prefix}/*`, shellCors(['Authorization']));
    }
  }
  app.use(
    '*',
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: contentSecurityPolicy({
        indexHtml: indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null,
        https: deps.config.publicUrl.startsWith('https:'),
      }),
    }),
  );
  app.use('*', compressResponses);
  // The native shell's pages come from its bundle (APP_ORIGINS): they may call the API with the
  // shell's bearer token. CORS is granted without credentials, so no cookie of this server is
  // ever sent from them, and any other origin gets no CORS answer: a browser keeps its page
  // from reading ours. The shell reads the token sign-in hands out from `set-auth-token`.
  if (deps.config.appOrigins.length > 0) {
    app.use('/api/*', shellCors(['Authorization', 'Content-Type'], ['set-auth-token']));
  }
  app.use(
    '/api/*',
    limitRequestBodies(API_BODY_LIMIT, () => {
      throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
    }),
  );

  app.use('/api/*', refuseUnsafeUrl);
  // Bounded work: beyond it a 503 with Retry-After at once. Health answers whatever the load
  // (a monitor must see the server), and the event streams stay open for hours, not a request.
  const load = shedLoad(deps.config.load);
  app.use('/api/*', async (c, next) =>
    c.req.path === '/api/health' || c.req.path === '/api/events'
      ? next()
      : load.middleware(c, next),
  );
  app.use('/api/*', refuseCrossSiteWrites(deps.config.trustedOrigins, [SYNC_PATH]));

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // better-auth reads the client (for its rate limiter) from X-Forwarded-For only: it gets
    // the address found under TRUST_PROXY, never one the client wrote. Its bodies pass the
    // same input checks as every other route's.
    const body = c.req.method === 'POST' ? await readJsonObjectBody(c) : undefined;
    const headers = headersWithClient(c.req.raw.headers, clientAddress(c, deps.config.trustProxy));
    const response = await auth.handler(
      new Request(c.req.url, {
        method: c.req.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    // A sign-out, a revocation, a new password or a removed account: no session found before
    // may be reused (a session check changes nothing).
    if (!c.req.path.endsWith('/get-session')) forgetSessions(auth);
    return takenAfterRace(database.db, c.req.path, body, response);
  });

  app.route('/api/health', healthRoutes(database, deps.hub));
  // What the web app may offer, decided by the server's configuration.
  app.get('/api/config', (c) => c.json({ googleSignIn: deps.config.google !== null }));
  app.route(
    '/api/native',
    nativeSignInRoutes({
      auth,
      publicUrl: deps.config.publicUrl,
      google: deps.config.google !== null,
      clientOf: (c) => clientAddress(c, deps.config.trustProxy),
    }),
  );
  app.route('/api/events', eventRoutes({ auth, hub: deps.hub, streams }));
  app.route('/api/profile', profileRoutes({ auth, db: database.db }));
  app.route('/api/membership', membershipRoutes({ auth, db: database.db }));
  app.route('/api/stories', storyRoutes({ db: database.db, audioDir: AUDIO_DIR }));
  const reading = { auth, db: database.db, hub: deps.hub };
  app.route('/api/reading/completions', readingRoutes(reading, 'completions'));
  app.route('/api/bookmarks', readingRoutes(reading, 'bookmarks'));
  app.route('/api/vocabulary', vocabularyRoutes({ db: database.db }));
  app.route('/api/saved-words', savedWordRoutes(reading));
  app.route('/api/known-words', knownWordRoutes(reading));
  app.route('/api/stats', statsRoutes({ auth, db: database.db, hub: deps.hub }));
  app.route('/api/flashcards', flashcardRoutes({ auth, db: database.db, hub: deps.hub }));
  app.route('/api/quiz', quizRoutes({ auth, db: database.db }));
  app.route('/api/community', communityRoutes({ auth, db: database.db, hub: deps.hub }));
  app.route(SYNC_PATH, syncRoutes({ auth, db: database.db, registry: deps.syncRegistry }));

  if (devMailboxEnabled(deps.config, deps.mailer)) {
    // Development only: the e-mails the embedded default kept instead of sending. They hold
    // sign-in and reset links, so only this machine may read them (see devMailboxEnabled).
    app.get('/api/dev/mailbox', async (c, next) => {
      if (!isLoopbackAddress(socketAddress(c)) || hasForwardingHeaders(c.req.raw.headers)) {
        return next();
      }
      return c.json({ messages: await listDevMailbox(database.db, c.req.query('to')) });
    });
  }
  app.route(AUDIO_URL_PREFIX, audioRoutes(AUDIO_DIR, premiumAudioGate({ auth, db: database.db })));
  app.route('/avatars', avatarRoutes(AVATAR_DIR));
  app.all('/api/*', (c) =>
    c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`), 404),
  );
  app.route('/.well-known', appLinkRoutes(deps.config.appLinks));
  if (deps.webDistDir) app.route('/', webAppRoutes(deps.webDistDir));

  return { app, streams, replay };
}

export type App = ReturnType<typeof createApp>['app'];
