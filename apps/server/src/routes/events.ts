import { Hono } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { RealtimeEvent, RealtimeHub } from '../realtime/hub.ts';

/** A comment line keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/** Most event streams one user may hold open on an instance; a new one closes the oldest. */
export const MAX_STREAMS_PER_USER = 10;

/**
 * Open streams, so a shutdown can end them instead of waiting for clients to leave, and so no
 * user holds more than MAX_STREAMS_PER_USER (each is a socket and a subscription; a tab that
 * reconnects in a loop, or a script, would otherwise hold them without end).
 */
export class EventStreams {
  private readonly open = new Map<SSEStreamingApi, { userId: string; finish: () => void }>();
  add(stream: SSEStreamingApi, userId: string, finish: () => void) {
    const mine = [...this.open].filter(([, entry]) => entry.userId === userId);
    const excess = Math.max(0, mine.length + 1 - MAX_STREAMS_PER_USER);
    // Map order is insertion order: the first are the oldest.
    for (const [oldest, entry] of mine.slice(0, excess)) {
      this.open.delete(oldest);
      entry.finish();
    }
    this.open.set(stream, { userId, finish });
  }
  delete(stream: SSEStreamingApi) {
    this.open.delete(stream);
  }
  get size(): number {
    return this.open.size;
  }
  /** How many streams a user has open here. */
  countOf(userId: string): number {
    let count = 0;
    for (const entry of this.open.values()) if (entry.userId === userId) count++;
    return count;
  }
  async closeAll(): Promise<void> {
    const open = [...this.open];
    this.open.clear();
    for (const [, entry] of open) entry.finish();
    await Promise.all(open.map(([stream]) => stream.close().catch(() => undefined)));
  }
}

/** `GET /api/events`: Server-Sent Events for the signed-in user. */
export function eventRoutes(deps: { auth: Auth; hub: RealtimeHub; streams: EventStreams }) {
  return new Hono<{ Variables: AuthVariables }>().use(requireUser(deps.auth)).get('/', (c) => {
    const userId = c.get('user').id;
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let done: () => void = () => undefined;
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      deps.streams.add(stream, userId, done);
      const send = (event: RealtimeEvent) =>
        void stream
          .writeSSE({ event: event.type, data: JSON.stringify(event.data ?? null) })
          .catch(done);
      const unsubscribe = deps.hub.subscribe(userId, send);
      const heartbeat = setInterval(
        () => void stream.write(': heartbeat\n\n').catch(done),
        HEARTBEAT_MS,
      );
      stream.onAbort(done);
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ userId }) });
      await finished;
      clearInterval(heartbeat);
      unsubscribe();
      deps.streams.delete(stream);
    });
  });
}
