// The flashcards issue's budgets, on PGlite in a temporary directory:
// - the due queue of a learner with 20,000 cards builds in under 30 ms (the target),
//   and its curve at 1,000 / 5,000 / 20,000 / 100,000 cards (issue #20: 100,000 within 1.5× of
//   20,000);
// - the review endpoint, at a fixed 50 requests/s for 10 s, answers with p99 under 100 ms
//   (our target: a grade should feel instant, and 100 ms is the usual limit of "instant").
// The server and its database run in a child process (flashcards-server.ts), so the load
// generator here does not share their thread; requests go over loopback only.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ServerMessage } from './flashcards-server.ts';

const REVIEW_P99_BUDGET_MS = 100;
const REVIEW_RATE = 50;
const REVIEW_SECONDS = 10;
const CONNECTIONS = [10, 1];
/** The whole benchmark gives up after this long. */
const TIMEOUT_MS = 10 * 60_000;

const here = path.dirname(fileURLToPath(import.meta.url));

export async function run(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-bench-'));
  const child = fork(path.join(here, 'flashcards-server.ts'), [dir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  child.on('message', (message: ServerMessage) => {
    messages.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const next = async <T extends ServerMessage['type']>(type: T) => {
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const found = messages.find((m) => m.type === type || m.type === 'failed');
      if (found?.type === 'failed') throw new Error(`benchmark server failed: ${found.message}`);
      if (found) return found as Extract<ServerMessage, { type: T }>;
      if (child.exitCode !== null) throw new Error(`benchmark server exited (${child.exitCode})`);
      if (Date.now() > deadline) throw new Error(`no "${type}" from the benchmark server`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 1_000);
      });
    }
  };

  try {
    const ready = await next('ready');
    const lines = [...ready.lines];
    // Each request grades a different due card with a new review id.
    let sent = 0;
    const body = () => {
      sent += 1;
      return JSON.stringify({
        cardId: ready.cardIds[sent % ready.cardIds.length],
        rating: sent % 5 === 0 ? 'again' : 'good',
        reviewId: `bench-review-${sent}`,
        // As the web app sends it: the review also records the learner's day (the streak).
        timeZone: 'Europe/Berlin',
      });
    };
    const url = `${ready.url}/api/flashcards/reviews`;
    const headers = { cookie: ready.cookie, 'content-type': 'application/json' };
    for (let i = 0; i < 20; i++) await fetch(url, { method: 'POST', headers, body: body() });
    // autocannon keeps a rate by sending each connection's share of a second back to back,
    // then pausing: with 10 connections the 50 requests of each second arrive as a burst, 10
    // in flight at a time (harsher than learners grading independently); with 1 connection
    // they go one after another. Both are reported.
    for (const connections of CONNECTIONS) {
      const result = await autocannon({
        url,
        method: 'POST',
        headers,
        connections,
        overallRate: REVIEW_RATE,
        duration: REVIEW_SECONDS,
        requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
      });
      const { p50, p90, p99, max } = result.latency;
      lines.push(
        `review endpoint, POST /api/flashcards/reviews at ${REVIEW_RATE} req/s for ${REVIEW_SECONDS} s, ${connections} connection${connections === 1 ? '' : 's'}: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors`,
        `  latency p50 ${p50} ms, p90 ${p90} ms, p99 ${p99} ms, max ${max} ms — target (ours) p99 < ${REVIEW_P99_BUDGET_MS} ms: ${p99 < REVIEW_P99_BUDGET_MS ? 'ok' : 'OVER BUDGET'}`,
      );
    }
    child.send('stop');
    const { reviewsLogged } = await next('done');
    lines.push(`reviews logged by the server: ${reviewsLogged} (${sent} sent, 20 of them warm-up)`);
    await exited;
    return lines;
  } finally {
    if (child.exitCode === null) {
      child.kill();
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
