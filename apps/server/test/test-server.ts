// The real server for tests and soak runs, without the test runner: a database on either tier,
// the app driven through app.request(), and a signed-up learner. harness.ts adds the per-suite
// lifecycle for vitest.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nicknameError } from '@lesefuchs/core';
import pg from 'pg';
import pino from 'pino';
import { createApp } from '../src/app.ts';
import { createAuth } from '../src/auth/auth.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { RealtimeHub } from '../src/realtime/hub.ts';
import type { SyncRegistry } from '../src/services/sync.service.ts';
import { createSyncRegistry } from '../src/services/sync-handlers.ts';

export type TargetName = 'pglite' | 'postgres';

/** The PostgreSQL server the second tier runs on: TEST_DATABASE_URL, else the local one. */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 2_000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const postgresProblem = await postgresAnswers();
if (postgresProblem) {
  console.warn(
    `[integration] PostgreSQL tier skipped: no server answered at ${redact(POSTGRES_ADMIN_URL)} (${postgresProblem}). Set TEST_DATABASE_URL to run it.`,
  );
}

/** The database tiers to run: PGlite always, PostgreSQL when a server answers. */
export const targets: { name: TargetName; available: boolean }[] = [
  { name: 'pglite', available: true },
  { name: 'postgres', available: postgresProblem === null },
];

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

/** A fresh, empty database on the target; `drop()` removes it. */
export async function freshDatabase(
  target: TargetName,
): Promise<{ config: Config['database']; drop(): Promise<void> }> {
  if (target === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-test-'));
    return {
      config: { kind: 'pglite', dataDir: path.join(dir, 'pglite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `lesefuchs_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer {
  app: ReturnType<typeof createApp>['app'];
  database: DatabaseHandle;
  hub: RealtimeHub;
  registry: SyncRegistry;
  /** The answers kept for the HTTP server (`createApp`'s). */
  replay: ReturnType<typeof createApp>['replay'];
  close(): Promise<void>;
}

/** The real app on a database, driven through `app.request()`. */
export async function startTestServer(
  databaseConfig: Config['database'],
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-data-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
      ...env,
    }),
    database: databaseConfig,
  };
  const logger = pino({ level: 'silent' });
  const database = await openDatabase(config.database);
  const hub = new RealtimeHub(database, logger);
  await hub.start();
  const registry = createSyncRegistry(hub);
  const mailer = createMailer(config, database.db, logger);
  const auth = createAuth(config, database.db, mailer, logger);
  const { app, streams, replay } = createApp({
    config,
    database,
    auth,
    hub,
    syncRegistry: registry,
    mailer,
    logger,
    webDistDir: null,
  });
  return {
    app,
    database,
    hub,
    registry,
    replay,
    async close() {
      await streams.closeAll();
      await hub.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/**
 * A made-up nickname the rules accept: random tails can spell a restricted word through the
 * look-alike digits ("7357" reads "test", "Race0…" holds "ceo"), so draw again until none does.
 */
export function allowedNickname(make: () => string): string {
  for (let tries = 0; tries < 50; tries++) {
    const nickname = make();
    if (nicknameError(nickname) === null) return nickname;
  }
  throw new Error('no allowed nickname in 50 draws');
}

/**
 * Signs a new user up through better-auth, confirms the address with the link from the dev
 * mailbox as a person would, and returns the session cookie the confirmation sets.
 */
/** The password `signUp` gives every user. */
export const PASSWORD = 'correct horse battery';

export async function signUp(server: Pick<TestServer, 'app'>, name = 'Lena') {
  userCounter += 1;
  const email = `reader${userCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  // Nicknames are unique, also by substring: give each one the same-length numeric tail.
  // The counter keeps the tails apart; where it spells a restricted word with the name
  // ("Sichtbar" + "0070…" reads "…root…"), later draws take a random number in its place.
  const digits = () => String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  let draws = 0;
  const nickname = allowedNickname(() => {
    draws += 1;
    const head = draws <= 10 ? String(userCounter).padStart(4, '0') : digits();
    return `${name}${head}${digits()}`;
  });
  const response = await server.app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: nickname }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  }
  const body = (await response.json()) as { user: { id: string }; token: string | null };
  const link = await mailedLink(server, email);
  const confirmed = await server.app.request(pathOf(link));
  const cookie = sessionCookie(confirmed);
  if (!cookie) throw new Error(`confirmation gave no session: ${confirmed.status}`);
  return { id: body.user.id, email, nickname, cookie, signUpToken: body.token };
}

/**
 * The bindings of a request that came through a loopback socket, as the Node server passes
 * them: app.request() has no socket of its own, and the dev mailbox answers only this machine.
 */
export const LOOPBACK_CLIENT = {
  incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 50_000, remoteFamily: 'IPv4' } },
};

/** The dev mailbox as a client on this machine reads it (newest first, of one address or all). */
export function devMailbox(server: Pick<TestServer, 'app'>, to?: string): Promise<Response> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
  return Promise.resolve(server.app.request(`/api/dev/mailbox${query}`, {}, LOOPBACK_CLIENT));
}

/** The first link of the newest e-mail to an address in the dev mailbox. */
export async function mailedLink(server: Pick<TestServer, 'app'>, to: string): Promise<string> {
  const response = await devMailbox(server, to);
  const { messages } = (await response.json()) as { messages: { links: string[] }[] };
  const link = messages[0]?.links[0];
  if (!link) throw new Error(`no e-mail with a link to ${to}`);
  return link;
}

/** The path and query of an absolute URL, for app.request(). */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The session cookie a response sets, as a Cookie header value. */
export function sessionCookie(response: Response): string {
  const cookies = response.headers.getSetCookie?.() ?? [response.headers.get('set-cookie') ?? ''];
  return cookies
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair.includes('session_token='))
    .join('; ');
}

/** A response body as JSON, typed loosely for assertions. */
export const json = async (response: Response): Promise<any> => response.json();

/** A JSON call to the app as a signed-in user (by session cookie). */
export function caller(server: Pick<TestServer, 'app'>) {
  return (cookie: string, method: string, path: string, body?: unknown) =>
    server.app.request(path, {
      method,
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/**
 * The app serving only a built web app from `distDir` (no database behind it): for tests of
 * what the web app's files get (headers, compression).
 */
export function webAppOnly(distDir: string) {
  return createApp({
    config: loadConfig({
      DATA_DIR: distDir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    }),
    webDistDir: distDir,
    logger: pino({ level: 'silent' }),
    database: { kind: 'pglite' } as never,
    auth: {} as never,
    hub: {} as never,
    syncRegistry: {} as never,
    mailer: { kind: 'dev-mailbox' } as never,
  }).app;
}
