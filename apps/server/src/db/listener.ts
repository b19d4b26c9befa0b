import pg from 'pg';

/** Whether notifications can arrive: 'reconnecting' while the LISTEN connection is lost. */
export type ListenState = 'ok' | 'reconnecting';

export interface ListenEvents {
  /** Each payload sent on the channel. */
  onNotification(payload: string): void;
  /** The connection was lost ('reconnecting') or is back and listening again ('ok'). */
  onStateChange?(state: ListenState): void;
}

/** First wait before reconnecting, doubled after each failed try up to the cap. */
export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 30_000;

/**
 * The wait before reconnect try number `failures` (0 first): exponential, capped, with "equal
 * jitter" (between half and all of the step) so instances cut off together do not all come
 * back in the same instant.
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
  return step / 2 + random() * (step / 2);
}

/**
 * LISTEN on one connection of the pool for as long as the process lives: when the connection
 * drops (PostgreSQL restarted, the network cut, the backend terminated), it is opened again
 * with exponential backoff and jitter, as often as it takes, until `stop()`. The first connect
 * must succeed (a server that cannot listen at start does not start); later ones are retried.
 */
export async function listenWithReconnect(
  pool: pg.Pool,
  channel: string,
  events: ListenEvents,
): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let current: pg.PoolClient | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const released = new WeakSet<pg.PoolClient>();

  /**
   * Closed, not pooled: its handlers stay on it and must never serve another caller. A client
   * can report several errors (the socket's, then its end); it is given back only once.
   */
  const discard = (client: pg.PoolClient) => {
    if (released.has(client)) return;
    released.add(client);
    client.release(true);
  };

  const lost = (client: pg.PoolClient) => {
    discard(client);
    if (current !== client) return;
    current = null;
    if (stopped) return;
    events.onStateChange?.('reconnecting');
    retryLater();
  };

  const retryLater = () => {
    timer = setTimeout(() => {
      timer = null;
      void connect().catch(() => {
        if (!stopped) retryLater();
      });
    }, retryDelay(failures));
    failures += 1;
    // A pending retry never keeps a stopping process alive.
    timer.unref();
  };

  const connect = async () => {
    const client = await pool.connect();
    client.on('error', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        events.onNotification(message.payload);
      }
    });
    try {
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      discard(client);
      throw error;
    }
    // Stopped while this try was connecting: nobody wants the connection any more.
    if (stopped) {
      discard(client);
      return;
    }
    const reconnected = failures > 0;
    current = client;
    failures = 0;
    if (reconnected) events.onStateChange?.('ok');
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const client = current;
      current = null;
      // Closing the connection ends its session and so its LISTEN; an UNLISTEN first could wait
      // forever on a connection the network dropped silently, and stall the shutdown.
      if (client) discard(client);
    },
  };
}
