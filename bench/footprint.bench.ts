// The embedded server's footprint (issue #20): how long a start takes until /api/health
// answers (the first, with the content import, and a restart with the content unchanged), and
// its memory: the peak while starting, idle after the start, and after a burst of reading and
// reviewing, and a minute after it; on PGlite and, when one answers, on PostgreSQL. Memory is the
// process's resident set from /proc (Linux), every thread included.
//   npm run build && npm run bench -- footprint
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  missingPrerequisite,
  postgresDatabase,
  signUpOverHttp,
  startProductionServer,
} from './production-server.ts';

const BURST_SECONDS = 5;
/**
 * Idle is measured once start-up work is done and V8 has had its idle collections (its memory
 * reducer starts about 8 s after the last busy moment): 30 s after healthy. The figure 2 s after
 * healthy is printed too; the forms index is still being read then.
 */
const SETTLE_MS = 30_000;

/** Resident and peak resident memory of a process in MB, from /proc; null elsewhere. */
function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1]);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reading every story and reviewing cards, side by side, for a few seconds. */
async function burst(base: string): Promise<void> {
  const cookie = await signUpOverHttp(base, { name: 'Footprint' });
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const session = await fetch(`${base}/api/flashcards/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ deck: 'level-a1', newCount: 20, reviewCount: 0 }),
  });
  const { new: cards = [] } = (await session.json()) as { new?: { id: number }[] };
  let counter = 0;
  await Promise.all([
    autocannon({
      url: base,
      connections: 10,
      duration: BURST_SECONDS,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: `/api/stories/${(counter++ % 120) + 1}`,
          }),
        },
      ],
    }),
    autocannon({
      url: `${base}/api/flashcards/reviews`,
      method: 'POST',
      headers,
      connections: 10,
      duration: BURST_SECONDS,
      requests: [
        {
          setupRequest: (request) => {
            counter += 1;
            return {
              ...request,
              body: JSON.stringify({
                cardId: cards[counter % Math.max(cards.length, 1)]?.id ?? 0,
                rating: 'good',
                reviewId: `footprint-${counter}`,
                reviewedAt: Date.now(),
              }),
            };
          },
        },
      ],
    }),
  ]);
}

/** Starts, measures, loads, measures a minute later; then restarts on the same data. */
async function footprint(label: string, databaseUrl?: string): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-bench-footprint-'));
  try {
    let started = performance.now();
    let server = await startProductionServer(dataDir, { databaseUrl });
    const firstStart = performance.now() - started;
    await settle(2_000);
    const soonAfterStart = memoryOf(server.pid);
    await settle(SETTLE_MS - 2_000);
    const afterStart = memoryOf(server.pid);
    await burst(server.url);
    const rightAfter = memoryOf(server.pid);
    await settle(60_000);
    const minuteAfter = memoryOf(server.pid);
    await server.stop();

    started = performance.now();
    server = await startProductionServer(dataDir, { databaseUrl });
    const restart = performance.now() - started;
    await settle(2_000);
    const soonAfterRestart = memoryOf(server.pid);
    await settle(SETTLE_MS - 2_000);
    const afterRestart = memoryOf(server.pid);
    await server.stop();
    return [
      `${label}: first start (the corpus imported) to healthy ${firstStart.toFixed(0)} ms, peak memory ${mb(afterStart?.peak)}`,
      `  2 s after the start ${mb(soonAfterStart?.rss)}, idle (30 s after) ${mb(afterStart?.rss)}; right after ${BURST_SECONDS} s of reading and reviewing ${mb(rightAfter?.rss)} (peak ${mb(rightAfter?.peak)}); a minute later ${mb(minuteAfter?.rss)}`,
      `  restart (content unchanged) to healthy ${restart.toFixed(0)} ms; 2 s after it ${mb(soonAfterRestart?.rss)}, idle (30 s after) ${mb(afterRestart?.rss)}`,
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<string[]> {
  const missing = missingPrerequisite();
  if (missing) return [missing];
  const lines = await footprint('PGlite (the embedded default)');
  const postgres = await postgresDatabase('footprint');
  if (!postgres) return [...lines, 'PostgreSQL: skipped, no server answered'];
  try {
    return [...lines, ...(await footprint('PostgreSQL', postgres.url))];
  } finally {
    await postgres.drop();
  }
}
