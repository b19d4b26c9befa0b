import { describe, expect, it } from 'vitest';
import {
  afterUpsert,
  isLocalCardId,
  LOCAL_CARD_SYNC,
  type LocalCardOutbox,
  localCardId,
  nextInsertBatch,
  type PendingInsert,
  pruneFailedInserts,
  shouldFlushLocalCards,
} from './local-cards.ts';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');
const insert = (n: number, attempts = 0, createdAt = NOW): PendingInsert => ({
  localId: `local-${n}`,
  vocabularyId: 100 + n,
  createdAt,
  attempts,
});
const outbox = (pending: PendingInsert[]): LocalCardOutbox => ({ pending, failed: [] });

describe('local cards', () => {
  it('have the spec numbers', () => {
    expect(LOCAL_CARD_SYNC).toEqual({
      flushSize: 5,
      flushAfterMs: 15_000,
      insertBatch: 100,
      maxAttempts: 5,
      failedPruneMs: 2_592_000_000,
    });
  });

  it('carry the local- prefix', () => {
    const id = localCardId('3f2a-b9!x');
    expect(id).toBe('local-3f2a-b9x');
    expect(isLocalCardId(id)).toBe(true);
    expect(isLocalCardId(12)).toBe(false);
    expect(isLocalCardId('card-1')).toBe(false);
    expect(localCardId('!!!')).toBe('local-0');
  });

  it('flush at 5 pending or when the oldest has waited 15 s', () => {
    expect(shouldFlushLocalCards(outbox([1, 2, 3, 4].map((n) => insert(n))), NOW)).toBe(false);
    expect(shouldFlushLocalCards(outbox([1, 2, 3, 4, 5].map((n) => insert(n))), NOW)).toBe(true);
    expect(shouldFlushLocalCards(outbox([insert(1)]), NOW + 14_999)).toBe(false);
    expect(shouldFlushLocalCards(outbox([insert(1)]), NOW + 15_000)).toBe(true);
    expect(shouldFlushLocalCards(outbox([]), NOW + 1e9)).toBe(false);
  });

  it('send at most 100 per upsert, oldest first', () => {
    const many = Array.from({ length: 150 }, (_, i) => insert(i, 0, NOW - i));
    const batch = nextInsertBatch(outbox(many));
    expect(batch).toHaveLength(100);
    expect(batch[0]?.localId).toBe('local-149');
  });

  it('leave the outbox once synced; count a failure otherwise; move to failed at the fifth', () => {
    const start = outbox([insert(1), insert(2, 3), insert(3, 4), insert(4)]);
    const sent = start.pending.slice(0, 3);
    const { outbox: after, failedNow } = afterUpsert(start, sent, new Map([['local-1', 501]]), NOW);
    expect(after.pending).toEqual([insert(2, 4), insert(4)]);
    expect(failedNow).toEqual([{ ...insert(3, 5), failedAt: NOW }]);
    expect(after.failed).toEqual(failedNow);
  });

  it('prune failed entries after 720 hours', () => {
    const failed = { ...insert(1, 5), failedAt: NOW };
    const box = { pending: [], failed: [failed] };
    expect(pruneFailedInserts(box, NOW + 720 * 3_600_000 - 1).failed).toEqual([failed]);
    expect(pruneFailedInserts(box, NOW + 720 * 3_600_000).failed).toEqual([]);
  });
});
