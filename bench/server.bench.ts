// Server throughput (issue #20): requests per second and latency of the endpoints a learner
// waits on, side by side in one run with a five-line Hono hello-world, on PGlite and — when one
// answers on 127.0.0.1:5432 (or BENCH_DATABASE_URL) — on PostgreSQL. The production build serves
// (run `npm run build` first); autocannon runs here, the servers in their own processes.
//   npm run build && npm run bench -- server
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Options } from 'autocannon';
import {
  analyzeDatabase,
  freePort,
  postgresDatabase,
  signUpOverHttp,
  startProductionServer,
} from './production-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Cards the review benchmark grades in turn: each comes round again after several seconds. */
const REVIEW_CARDS = 5_000;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The hello-world the figures are compared with, in a process of its own. */
async function startHelloWorld() {
  const port = await freePort();
  const source = `
    const { serve } = require('@hono/node-server');
    const { Hono } = require('hono');
    const app = new Hono().get('/', (c) => c.text('Hello'));
    serve({ fetch: app.fetch, port: ${port}, hostname: '127.0.0.1' });`;
  const child: ChildProcess = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, stop: () => void child.kill('SIGTERM') };
}

async function measure(options: Options, afterWarmUp?: () => Promise<void>): Promise<Figures> {
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  await afterWarmUp?.();
  const result = await autocannon({ ...options, duration: SECONDS, connections: CONNECTIONS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A revalidation's 304 is its answer; anything else is counted.
    non2xx: result.non2xx - (options.headers?.['if-none-match'] ? result['3xx'] : 0),
    errors: result.errors + result.timeouts,
  };
}

/**
 * The endpoints of one server: health, the story list, a story, a review. `analyze` runs after
 * the reviews' warm-up, on PostgreSQL: its autovacuum analyzes a table within a minute of its
 * first 50 rows, which this run's few seconds would not see (the embedded database does its own,
 * see pglite-maintenance.ts). Until then the review's read kept a plan made on the empty table.
 */
async function endpoints(
  base: string,
  analyze?: () => Promise<void>,
): Promise<[string, Figures][]> {
  const cookie = await signUpOverHttp(base, { name: `Bench${'abcdefghij'[Date.now() % 10]}` });
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  // A signed-in learner's browser reading: it always says which encodings it takes.
  const reader = { cookie, 'accept-encoding': 'gzip, deflate, br' };
  // Enough cards that none is graded twice within the 2-second duplicate guard (spec 3 §5) at
  // the rates measured: every review is applied, as a learner's are, not waved through as a
  // repeat.
  const cards: { id: number }[] = [];
  while (cards.length < REVIEW_CARDS) {
    const made = await fetch(`${base}/api/flashcards/cards`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ deck: 'database', count: 50, forceIgnoreDailyLimit: true }),
    });
    const { created } = (await made.json()) as { created?: { id: number }[] };
    if (!created?.length) throw new Error(`no cards for the review benchmark (${made.status})`);
    cards.push(...created);
  }
  let counter = 0;
  const review = () => {
    counter += 1;
    const card = cards[counter % cards.length] as { id: number };
    return JSON.stringify({
      cardId: card.id,
      rating: 'good',
      reviewId: `bench-${process.pid}-${counter}`,
      reviewedAt: Date.now(),
    });
  };
  // A browser that has the response asks with its ETag and gets 304: the server's own cost of
  // a cached read, without the body, whose 10–40 KB (compressed) bound the load generator's
  // rate rather than the server's.
  const revalidating = async (url: string) => {
    const etag = (await fetch(url, { headers: reader })).headers.get('etag') ?? '';
    return { ...reader, 'if-none-match': etag };
  };
  return [
    ['GET /api/health', await measure({ url: `${base}/api/health` })],
    ['GET /api/stories', await measure({ url: `${base}/api/stories`, headers: reader })],
    [
      'GET /api/stories (304)',
      await measure({
        url: `${base}/api/stories`,
        headers: await revalidating(`${base}/api/stories`),
      }),
    ],
    ['GET /api/stories/1', await measure({ url: `${base}/api/stories/1`, headers: reader })],
    [
      'GET /api/stories/1 (304)',
      await measure({
        url: `${base}/api/stories/1`,
        headers: await revalidating(`${base}/api/stories/1`),
      }),
    ],
    [
      'POST /api/flashcards/reviews',
      await measure(
        {
          url: `${base}/api/flashcards/reviews`,
          method: 'POST',
          headers,
          requests: [{ setupRequest: (request) => ({ ...request, body: review() }) }],
        },
        analyze,
      ),
    ],
  ];
}

const row = (name: string, figures: Figures, hello: number) =>
  `${name.padEnd(30)} ${figures.rps.toFixed(0).padStart(7)} rps  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(5)} ms  ${(hello / figures.rps).toFixed(0).padStart(4)}× slower` +
  (figures.non2xx || figures.errors
    ? `  (${figures.non2xx} non-2xx, ${figures.errors} errors)`
    : '');

export async function run(): Promise<string[]> {
  const lines: string[] = [
    `${CONNECTIONS} connections, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up`,
  ];
  const helloServer = await startHelloWorld();
  const hello = await measure({ url: helloServer.url });
  helloServer.stop();
  lines.push(row('hello-world', hello, hello.rps));

  const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-bench-server-'));
  const postgres = await postgresDatabase();
  try {
    for (const kind of ['pglite', 'postgres'] as const) {
      if (kind === 'postgres' && !postgres) {
        lines.push(
          'PostgreSQL: skipped, no server answered (BENCH_DATABASE_URL or 127.0.0.1:5432)',
        );
        continue;
      }
      const server = await startProductionServer(path.join(dir, kind), {
        databaseUrl: kind === 'postgres' ? postgres?.url : undefined,
      });
      try {
        lines.push(
          kind === 'pglite'
            ? 'PGlite:'
            : 'PostgreSQL (reviews after an ANALYZE, as autovacuum runs):',
        );
        const analyze =
          kind === 'postgres' && postgres ? () => analyzeDatabase(postgres.url) : undefined;
        for (const [name, figures] of await endpoints(server.url, analyze)) {
          lines.push(`  ${row(name, figures, hello.rps)}`);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
