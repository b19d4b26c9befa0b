import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { ListenState } from '../db/listener.ts';

/** The PostgreSQL channel every server instance listens on. */
export const EVENTS_CHANNEL = 'lesefuchs_events';

/** An event for one user's open tabs, e.g. `{ type: 'bookmarks.changed' }`. */
export interface RealtimeEvent {
  type: string;
  data?: unknown;
}

type Subscriber = (event: RealtimeEvent) => void;

/** The text a NOTIFY carries for one user's event. */
export function payloadOf(userId: string, event: RealtimeEvent): string {
  return JSON.stringify({ userId, event });
}

/**
 * The SQL expression that publishes a payload (payloadOf) when a statement evaluates it; the
 * payload may be a placeholder, for a statement built once.
 */
export function notificationOf(payload: string | Placeholder<string>): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, ${payload})`;
}

/** Sent to every open stream after a lost connection came back: events may have been missed. */
export const RESYNC_EVENT: RealtimeEvent = { type: 'resync' };

/**
 * Fans realtime events out to the signed-in users' event streams. Events go through PostgreSQL
 * NOTIFY, so a user connected to another instance behind the same database receives them too,
 * and an event published inside a transaction is delivered only if the transaction commits.
 */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private stopListening: (() => Promise<void>) | null = null;
  private listenState: ListenState = 'ok';

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(EVENTS_CHANNEL, {
      onNotification: (payload) => this.deliver(payload),
      onStateChange: (state) => this.changeState(state),
    });
  }

  /** 'reconnecting' while events from other instances cannot arrive (reported by /api/health). */
  get state(): ListenState {
    return this.listenState;
  }

  private changeState(state: ListenState): void {
    this.listenState = state;
    if (state === 'reconnecting') {
      this.logger.warn('realtime: the LISTEN connection was lost; reconnecting');
      return;
    }
    // Events published meanwhile are gone: every open stream here is told to refetch.
    this.logger.info({ streams: this.connectionCount }, 'realtime: listening again');
    for (const set of this.subscribers.values()) {
      for (const subscriber of set) subscriber(RESYNC_EVENT);
    }
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    this.subscribers.clear();
  }

  /** Publishes an event to every stream of a user, on every instance. Pass `tx` to tie it to a commit. */
  async publish(
    userId: string,
    event: RealtimeEvent,
    tx: Database = this.database.db,
  ): Promise<void> {
    await tx.execute(sql`select ${notificationOf(payloadOf(userId, event))}`);
  }

  /** Receives the events of one user until the returned function is called. */
  subscribe(userId: string, subscriber: Subscriber): () => void {
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(userId);
    };
  }

  /** How many streams are open on this instance. */
  get connectionCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  private deliver(payload: string): void {
    let message: { userId: string; event: RealtimeEvent };
    try {
      message = JSON.parse(payload);
    } catch {
      this.logger.warn({ payload }, 'ignored a malformed realtime notification');
      return;
    }
    for (const subscriber of this.subscribers.get(message.userId) ?? []) subscriber(message.event);
  }
}
