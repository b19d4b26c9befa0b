// The production build on loopback, for the benchmarks that drive a browser against it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MALLOC_SETTING } from '../apps/server/src/runtime/malloc-setting.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Debian's Chromium, which the browser benchmarks drive. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Its flags on this machine: no sandbox as root, no GPU, and no calls out to the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Why a browser benchmark cannot run here (no build, no browser), or null. */
export function missingPrerequisite(): string | null {
  if (!existsSync(path.join(root, 'apps/server/dist/index.js'))) {
    return 'skipped: no production build (run `npm run build` first)';
  }
  return existsSync(CHROMIUM) ? null : `skipped: no Chromium at ${CHROMIUM}`;
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The built server on loopback with its own data directory (on PGlite, or on the PostgreSQL
 * database `databaseUrl` names); stop() ends it with SIGTERM.
 */
export async function startProductionServer(
  dataDir: string,
  options: { databaseUrl?: string; publicUrl?: string; authSecret?: string } = {},
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      // As `npm start` and the production command in docs/operations.md run it.
      ...MALLOC_SETTING,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address users reach it at: its own, or a proxy's in front of several instances.
      PUBLIC_URL: options.publicUrl ?? url,
      // Instances of one deployment sign sessions with one secret.
      ...(options.authSecret ? { AUTH_SECRET: options.authSecret } : {}),
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: 'ignore',
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop, pid: child.pid as number };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('the server did not start within 60 s');
}

/** Signs a new learner up and confirms the address through the dev mailbox (cookies on `page`). */
export async function signUp(page: import('@playwright/test').Page) {
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse battery', name: `Bench${Date.now() % 1_000_000}` },
  });
  if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()}`);
  const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { links: string[] }[] };
  const link = new URL(messages[0]?.links[0] ?? '');
  await page.request.get(`${link.pathname}${link.search}`);
}

/** Gets `newCards` new A1 cards for the learner of `page` and opens the flashcards on the first. */
export async function openFlashcards(page: import('@playwright/test').Page, newCards: number) {
  const session = await page.request.post('/api/flashcards/session', {
    data: { deck: 'level-a1', newCount: newCards, reviewCount: 0 },
  });
  if (!session.ok()) throw new Error(`session: ${session.status()}`);
  await page.goto('/study/flashcards');
  const card = page.locator('article[data-card-id]');
  await card.waitFor({ timeout: 20_000 });
  return card;
}

const POSTGRES_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new PostgreSQL database for one benchmark run on the server at BENCH_DATABASE_URL (or
 * 127.0.0.1:5432), or null when none answers; drop() removes it.
 */
export async function postgresDatabase(
  tag = 'bench',
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 2_000,
  });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `lesefuchs_${tag}_${process.pid}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * PostgreSQL's ANALYZE of the whole database, as autovacuum runs it within a minute of a table's
 * first 50 rows (a benchmark's few seconds on a new database would not see it).
 */
export async function analyzeDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/**
 * Signs a learner up over HTTP and confirms the address through the dev mailbox, as a person
 * would; resolves to the session cookie. `origin` is the address the server trusts (a proxy's
 * in front of several instances); `name` the nickname (letters only, unique).
 */
export async function signUpOverHttp(
  base: string,
  { name, origin = base }: { name: string; origin?: string },
): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'correct horse battery', name }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status}`);
  const mailbox = await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { links: string[] }[] };
  const link = new URL(messages[0]?.links[0] ?? '');
  const confirmed = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
  const cookie = confirmed.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('no session cookie after the confirmation');
  return cookie;
}
