import { Hono } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { RealtimeEvent, RealtimeHub } from '../realtime/hub.ts';

/** A comment line keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/** Open streams, so a shutdown can end them instead of waiting for clients to leave. */
export class EventStreams {
  private readonly open = new Map<SSEStreamingApi, () => void>();
  add(stream: SSEStreamingApi, finish: () => void) {
    this.open.set(stream, finish);
  }
  delete(stream: SSEStreamingApi) {
    this.open.delete(stream);
  }
  get size(): number {
    return this.open.size;
  }
  async closeAll(): Promise<void> {
    const open = [...this.open];
    this.open.clear();
    for (const [, finish] of open) finish();
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
      deps.streams.add(stream, done);
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
