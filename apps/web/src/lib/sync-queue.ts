import { SYNC_BATCH_MAX } from '@lesefuchs/core/sync/limits';
import type { SyncRequest, SyncResponse } from '@lesefuchs/core/sync/operations';
import {
  canRetry,
  flushDecision,
  partitionExpired,
  type QueuePolicy,
  retryDelayMs,
} from '@lesefuchs/core/sync/queue-policy';
import { ApiRequestError } from './api';
import { onAppState } from './app-state';
import { credentialsOfRequest, serverUrl, usesBearerToken } from './server';

/** One queued write. The id is made here and lets the server apply it at most once. */
export interface QueueItem<P> {
  id: string;
  payload: P;
  queuedAt: number;
}

/** An item the server refused for good, with its reason, for the area to show where it matters. */
export type RejectedItem<P> = QueueItem<P> & { reason: string };

/** Sends a batch; resolves with the server's outcome per id, rejects on a transient failure. */
export type SendBatch = (request: SyncRequest) => Promise<SyncResponse>;

export interface SyncQueueOptions<P> {
  /** The queue type, as the server's sync endpoint knows it. */
  type: string;
  policy: QueuePolicy;
  send: SendBatch;
  /** The storage key, for a queue per user (default: by type). */
  storageKey?: string;
  /** Where the items survive reloads (default: localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Called with the items the server refused for good (they are removed), each with its reason. */
  onRejected?: (items: RejectedItem<P>[]) => void;
  /** Called with the items dropped for exceeding the policy's maximum age. */
  onDropped?: (items: QueueItem<P>[]) => void;
  /** Called once the server has answered for items, which are then off the queue. */
  onSettled?: (items: QueueItem<P>[]) => void;
  /** The beacon target on page hide; null disables the beacon. */
  beaconUrl?: string | null;
  now?: () => number;
  /** How often the queue looks at its timers. */
  tickMs?: number;
}

/**
 * A persistent queue of writes: flushes on size, interval, maximum wait and hard size, when the
 * browser comes online, and on page hide through `navigator.sendBeacon`; keeps failed items and
 * retries with capped exponential backoff; drops items past the policy's maximum age.
 */
export class SyncQueue<P> {
  private items: QueueItem<P>[];
  private lastFlushAt: number | null = null;
  private readonly startedAt: number;
  private flushing = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private readonly storageKey: string;
  private readonly storage: NonNullable<SyncQueueOptions<P>['storage']>;
  private readonly now: () => number;
  private readonly detach: (() => void)[] = [];

  constructor(private readonly options: SyncQueueOptions<P>) {
    this.storage = options.storage ?? localStorage;
    this.storageKey = options.storageKey ?? `lesefuchs.queue.${options.type}`;
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.items = this.load();
  }

  /** Starts the timers and the online / page-hide listeners. */
  start(): void {
    if (this.tickTimer) return;
    this.tickTimer = setInterval(() => this.trigger('tick'), this.options.tickMs ?? 1_000);
    const onOnline = () => this.trigger('online');
    window.addEventListener('online', onOnline);
    // Handed over when the app goes to the background (a hidden tab, a closed page, the native
    // shell's pause): it may not run again to send them.
    const offAppState = onAppState((state) => {
      if (state === 'hidden') this.beacon();
    });
    this.detach.push(() => window.removeEventListener('online', onOnline), offAppState);
  }

  stop(): void {
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.tickTimer = null;
    this.retryTimer = null;
    for (const detach of this.detach.splice(0)) detach();
  }

  /**
   * Queues a write and returns its operation id: the one given (a write first tried directly
   * under that id, so the server applies it once whichever copy arrives) or a new one.
   */
  enqueue(payload: P, id: string = crypto.randomUUID()): string {
    const item: QueueItem<P> = { id, payload, queuedAt: this.now() };
    this.items.push(item);
    this.save();
    this.trigger('enqueue');
    return item.id;
  }

  get pending(): readonly QueueItem<P>[] {
    return this.items;
  }

  /** Forgets every pending item (they were superseded, e.g. by a reset). */
  clear(): void {
    this.items = [];
    this.save();
  }

  /** Flushes now, whatever the timers say. */
  flushNow(): Promise<void> {
    return this.flush();
  }

  private trigger(trigger: 'enqueue' | 'tick' | 'online' | 'hidden' | 'manual'): void {
    this.dropExpired();
    if (this.retryTimer && trigger !== 'online') return;
    const reason = flushDecision(
      this.options.policy,
      {
        pending: this.items.length,
        oldestQueuedAt: this.items[0]?.queuedAt ?? null,
        lastFlushAt: this.lastFlushAt,
        startedAt: this.startedAt,
        flushing: this.flushing,
      },
      trigger,
      this.now(),
    );
    if (reason) void this.flush();
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.items.length === 0) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.flushing = true;
    this.lastFlushAt = this.now();
    const batch = this.items.slice(0, SYNC_BATCH_MAX);
    try {
      const response = await this.options.send({
        type: this.options.type,
        operations: batch.map((item) => ({
          id: item.id,
          queuedAt: item.queuedAt,
          payload: item.payload,
        })),
      });
      const results = new Map(response.results.map((result) => [result.id, result]));
      const done = new Set(batch.filter((item) => results.has(item.id)).map((item) => item.id));
      const rejected = batch.flatMap((item) => {
        const result = results.get(item.id);
        if (result?.outcome !== 'rejected') return [];
        return [{ ...item, reason: result.message ?? 'The server refused this change.' }];
      });
      this.settle(done, rejected);
    } catch (error) {
      // The server refused the batch itself (it names no operation): sent again it would be
      // refused again and hold up every item behind it, so its items are given up as rejected.
      if (error instanceof ApiRequestError && error.status === 400) {
        this.settle(
          new Set(batch.map((item) => item.id)),
          batch.map((item) => ({ ...item, reason: error.message })),
        );
        return;
      }
      this.attempt += 1;
      if (canRetry(this.options.policy, this.attempt)) {
        this.retryTimer = setTimeout(
          () => {
            this.retryTimer = null;
            void this.flush();
          },
          retryDelayMs(this.options.policy, this.attempt),
        );
      } else {
        // Out of retries: the items stay queued for the next trigger (interval, online, reload).
        this.attempt = 0;
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Takes answered items off the queue and reports those refused for good. */
  private settle(done: Set<string>, rejected: RejectedItem<P>[]): void {
    const settled = this.items.filter((item) => done.has(item.id));
    this.items = this.items.filter((item) => !done.has(item.id));
    this.save();
    this.attempt = 0;
    if (settled.length > 0) this.options.onSettled?.(settled);
    if (rejected.length > 0) this.options.onRejected?.(rejected);
  }

  /**
   * Page hide: hand everything pending to the browser, which sends it even as the page goes.
   * The items stay queued; if the beacon did arrive, the server ignores their ids next time.
   */
  private beacon(): void {
    const url = this.options.beaconUrl === undefined ? '/api/sync' : this.options.beaconUrl;
    if (!url || this.items.length === 0) return;
    const body: SyncRequest = {
      type: this.options.type,
      operations: this.items
        .slice(0, SYNC_BATCH_MAX)
        .map((item) => ({ id: item.id, queuedAt: item.queuedAt, payload: item.payload })),
    };
    // Inside the native shell a beacon could not carry the bearer token: a request kept alive
    // past the page's end carries it instead.
    if (usesBearerToken()) {
      const who = credentialsOfRequest();
      void fetch(serverUrl(url), {
        method: 'POST',
        keepalive: true,
        headers: { ...who.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: who.credentials,
      }).catch(() => undefined);
      return;
    }
    if (typeof navigator.sendBeacon !== 'function') return;
    navigator.sendBeacon(url, new Blob([JSON.stringify(body)], { type: 'application/json' }));
  }

  private dropExpired(): void {
    const { keep, dropped } = partitionExpired(this.options.policy, this.items, this.now());
    if (dropped.length === 0) return;
    this.items = keep;
    this.save();
    this.options.onDropped?.(dropped);
  }

  private load(): QueueItem<P>[] {
    try {
      const raw = this.storage.getItem(this.storageKey);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as QueueItem<P>[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    if (this.items.length === 0) this.storage.removeItem(this.storageKey);
    else this.storage.setItem(this.storageKey, JSON.stringify(this.items));
  }
}
