import type { SyncRequest, SyncResponse } from '@lesefuchs/core/sync/operations';
import { BOOKMARK_QUEUE, STATS_QUEUE } from '@lesefuchs/core/sync/queue-policy';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api';
import { type RejectedItem, SyncQueue } from './sync-queue';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

const applied = (request: SyncRequest): SyncResponse => ({
  results: request.operations.map((operation) => ({
    id: operation.id,
    outcome: 'applied' as const,
  })),
});

describe('SyncQueue', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    storage = memoryStorage();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = (
    send: (request: SyncRequest) => Promise<SyncResponse>,
    policy = BOOKMARK_QUEUE,
    onRejected?: (items: RejectedItem<{ storyId: number }>[]) => void,
  ) => {
    const queue = new SyncQueue<{ storyId: number }>({
      type: 'bookmarks',
      policy,
      send,
      storage,
      onRejected,
      beaconUrl: null,
    });
    queue.start();
    return queue;
  };

  it('flushes when the fifth bookmark is queued, with a distinct id per item', async () => {
    const send = vi.fn(async (request: SyncRequest) => applied(request));
    const queue = make(send);
    for (let storyId = 1; storyId <= 4; storyId++) queue.enqueue({ storyId });
    expect(send).not.toHaveBeenCalled();
    queue.enqueue({ storyId: 5 });
    await vi.runOnlyPendingTimersAsync();
    expect(send).toHaveBeenCalledTimes(1);
    const request = send.mock.calls[0]?.[0] as SyncRequest;
    expect(request.type).toBe('bookmarks');
    expect(request.operations.map((op) => op.payload)).toEqual(
      [1, 2, 3, 4, 5].map((storyId) => ({ storyId })),
    );
    expect(new Set(request.operations.map((op) => op.id)).size).toBe(5);
    expect(queue.pending).toHaveLength(0);
    expect(storage.map.size).toBe(0);
    queue.stop();
  });

  it('flushes a single item after the 15 s interval', async () => {
    const send = vi.fn(async (request: SyncRequest) => applied(request));
    const queue = make(send);
    queue.enqueue({ storyId: 1 });
    await vi.advanceTimersByTimeAsync(14_000);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(1);
    queue.stop();
  });

  it('survives a reload: a new queue on the same storage sends what the old one held', async () => {
    const never = vi.fn(() => new Promise<SyncResponse>(() => undefined));
    const first = make(never);
    first.enqueue({ storyId: 7 });
    first.stop();
    const send = vi.fn(async (request: SyncRequest) => applied(request));
    const second = make(send);
    expect(second.pending.map((item) => item.payload)).toEqual([{ storyId: 7 }]);
    await second.flushNow();
    expect(send.mock.calls[0]?.[0].operations[0]?.id).toBe(first.pending[0]?.id);
    second.stop();
  });

  it('keeps failed items and retries with backoff 1 s, 2 s, 4 s, then waits for the next trigger', async () => {
    let calls = 0;
    const send = vi.fn(async (request: SyncRequest) => {
      calls += 1;
      if (calls <= 4) throw new Error('offline');
      return applied(request);
    });
    const queue = make(send, STATS_QUEUE);
    for (let storyId = 1; storyId <= 10; storyId++) queue.enqueue({ storyId });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(queue.pending).toHaveLength(10);
    // Out of retries; the next flush comes from an ordinary trigger, here coming online.
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(5);
    expect(queue.pending).toHaveLength(0);
    queue.stop();
  });

  it('drops bookmark operations older than 24 h without sending them', async () => {
    const send = vi.fn(async (request: SyncRequest) => applied(request));
    const onDropped = vi.fn();
    storage.setItem(
      'lesefuchs.queue.bookmarks',
      JSON.stringify([
        { id: 'old-operation-1', payload: { storyId: 1 }, queuedAt: T0 - 86_400_001 },
      ]),
    );
    const queue = new SyncQueue({
      type: 'bookmarks',
      policy: BOOKMARK_QUEUE,
      send,
      storage,
      onDropped,
      beaconUrl: null,
    });
    queue.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onDropped).toHaveBeenCalledWith([expect.objectContaining({ id: 'old-operation-1' })]);
    expect(queue.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
    queue.stop();
  });

  it('removes items the server rejected for good and reports them', async () => {
    const onRejected = vi.fn();
    const send = vi.fn(async (request: SyncRequest) => ({
      results: request.operations.map((operation) => ({
        id: operation.id,
        outcome: 'rejected' as const,
      })),
    }));
    const queue = make(send, BOOKMARK_QUEUE, onRejected);
    queue.enqueue({ storyId: -1 });
    await queue.flushNow();
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(onRejected.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({
        payload: { storyId: -1 },
        reason: 'The server refused this change.',
      }),
    ]);
    expect(queue.pending).toHaveLength(0);
  });

  it('keeps the applied and drops only the rejected of one batch, with their reasons', async () => {
    const onRejected = vi.fn();
    const send = vi.fn(async (request: SyncRequest) => ({
      results: request.operations.map((operation, index) =>
        index === 1
          ? { id: operation.id, outcome: 'rejected' as const, message: 'storyId: too big' }
          : { id: operation.id, outcome: 'applied' as const },
      ),
    }));
    const queue = make(send, BOOKMARK_QUEUE, onRejected);
    for (const storyId of [1, 2, 3]) queue.enqueue({ storyId });
    await queue.flushNow();
    expect(queue.pending).toHaveLength(0);
    expect(onRejected.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({ payload: { storyId: 2 }, reason: 'storyId: too big' }),
    ]);
  });

  it('gives up a batch the server refuses whole with 400 instead of retrying it forever', async () => {
    const onRejected = vi.fn();
    const send = vi.fn(async () => {
      throw new ApiRequestError(400, 'validation_failed', 'operations.0.id: Too small');
    });
    const queue = make(send, BOOKMARK_QUEUE, onRejected);
    queue.enqueue({ storyId: 1 });
    await queue.flushNow();
    expect(queue.pending).toHaveLength(0);
    expect(onRejected.mock.calls[0]?.[0][0].reason).toBe('operations.0.id: Too small');
  });

  it.each([
    [401, 'unauthorized'],
    [429, 'rate_limited'],
    [500, 'internal_error'],
    [0, 'network'],
  ] as const)('keeps the batch for a retry after %s', async (status, code) => {
    const send = vi.fn(async () => {
      throw new ApiRequestError(status, code, 'not now');
    });
    const queue = new SyncQueue({
      type: 'bookmarks',
      policy: BOOKMARK_QUEUE,
      send,
      storage,
      beaconUrl: null,
    });
    queue.enqueue({ storyId: 1 });
    await queue.flushNow();
    expect(queue.pending).toHaveLength(1);
    queue.stop();
  });

  it('hands pending items to sendBeacon on page hide and keeps them queued', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const send = vi.fn(() => new Promise<SyncResponse>(() => undefined));
    const queue = new SyncQueue({ type: 'bookmarks', policy: BOOKMARK_QUEUE, send, storage });
    queue.start();
    queue.enqueue({ storyId: 3 });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith('/api/sync', expect.any(Blob));
    expect(queue.pending).toHaveLength(1);
    queue.stop();
  });

  it('keeps a queue per storage key and forgets superseded items on clear', () => {
    const send = vi.fn(async (request: SyncRequest) => applied(request));
    const anna = new SyncQueue({
      type: 'preferences',
      policy: BOOKMARK_QUEUE,
      send,
      storage,
      storageKey: 'q.anna',
      beaconUrl: null,
    });
    anna.enqueue({ storyId: 1 });
    expect(storage.map.has('q.anna')).toBe(true);
    expect(
      new SyncQueue({
        type: 'preferences',
        policy: BOOKMARK_QUEUE,
        send,
        storage,
        storageKey: 'q.ben',
      }).pending,
    ).toHaveLength(0);
    anna.clear();
    expect(anna.pending).toHaveLength(0);
    expect(storage.map.has('q.anna')).toBe(false);
  });
});
