import type { MiddlewareHandler } from 'hono';
import { errorBody, RETRY_AFTER_SECONDS } from './errors.ts';

export interface LoadLimits {
  /** Requests handled at once; more wait in line. */
  concurrency: number;
  /** Requests that may wait in line; one more is refused at once. */
  queue: number;
  /** The longest a request waits in line before it is refused. */
  maxWaitMs: number;
}

/**
 * Bounds the work the server takes on: at most `concurrency` API requests at once and `queue`
 * waiting, each for at most `maxWaitMs`. Beyond that a request is answered at once with 503 and
 * Retry-After, instead of every request waiting longer and longer behind the database (on the
 * embedded one, which serves one query at a time, latency under overload otherwise grows
 * without limit until clients time out). The web app treats a 503 as worth retrying: its sync
 * queues send again with backoff, its queries retry.
 *
 * Returns the middleware and a gauge of what it holds, for the health report.
 */
export function shedLoad(limits: LoadLimits) {
  let inFlight = 0;
  const waiting: { admit: () => void; timer: ReturnType<typeof setTimeout> }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    } else inFlight -= 1;
  };

  const refuse = () =>
    new Response(
      JSON.stringify(errorBody('unavailable', 'The server is busy. Please try again shortly.')),
      {
        status: 503,
        headers: {
          'Content-Type': 'application/json',
          'Retry-After': String(RETRY_AFTER_SECONDS),
          'Cache-Control': 'no-store',
        },
      },
    );

  const middleware: MiddlewareHandler = async (c, next) => {
    if (inFlight >= limits.concurrency) {
      if (waiting.length >= limits.queue) return refuse();
      const admitted = await new Promise<boolean>((resolve) => {
        const entry = {
          // A freed slot passes straight to the first in line (inFlight stays the same).
          admit: () => resolve(true),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            resolve(false);
          }, limits.maxWaitMs),
        };
        waiting.push(entry);
      });
      if (!admitted) return refuse();
    } else inFlight += 1;
    try {
      await next();
    } finally {
      release();
    }
  };

  return { middleware, load: () => ({ inFlight, waiting: waiting.length }) };
}
