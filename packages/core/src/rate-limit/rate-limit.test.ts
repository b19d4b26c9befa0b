import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_THROTTLE_MS,
  checkOperation,
  emptyRecord,
  levelOf,
  prune,
  RATE_LIMIT,
  type RateLimitRecord,
  type RateLimitVerdict,
  rateLimitMessage,
} from './rate-limit.ts';
import { rateLimitRecordSchema } from './record-schema.ts';

const T = Date.UTC(2026, 10, 22, 12, 0, 0);
const s = 1_000;
const h = 3_600 * s;

const TEXTS = {
  wait30: "You're performing actions quickly. Please wait 30 seconds.",
  wait60: 'Please slow down. Wait 1 minute before continuing.',
  degraded: 'Too many rapid actions. Operating in offline mode only.',
  blocked: 'Account temporarily restricted. Contact support if this continues.',
};

/** `n` single operations at `at`, each of which must be allowed. */
function allowMany(record: RateLimitRecord, n: number, at: number): RateLimitRecord {
  let current = record;
  for (let i = 0; i < n; i++) {
    const verdict = checkOperation(current, 'save-word', at);
    if (!verdict.allowed) throw new Error(`operation ${i + 1} at ${at} refused: ${verdict.reason}`);
    current = verdict.record;
  }
  return current;
}

function refused(verdict: RateLimitVerdict) {
  if (verdict.allowed) throw new Error('expected a refusal');
  return verdict;
}

/** A full minute at `at`, then the 81st operation at `overAt`: the punishment is at `overAt`. */
function overrun(record: RateLimitRecord, at: number, overAt = at) {
  return refused(checkOperation(allowMany(record, 80, at), 'save-word', overAt));
}

describe('constants', () => {
  it('are the spec numbers', () => {
    expect(RATE_LIMIT).toEqual({
      perMinute: 80,
      perDay: 500,
      punishmentMs: 48 * h,
      keepOperationsMs: 24 * h,
      cleanupEveryMs: 5 * 60 * s,
      waitsMs: [30 * s, 60 * s],
    });
    expect(CHECK_THROTTLE_MS).toBe(1_000);
  });
});

describe('rateLimitMessage', () => {
  it('has the four texts', () => {
    expect(rateLimitMessage('timeout-30')).toBe(TEXTS.wait30);
    expect(rateLimitMessage('timeout-60')).toBe(TEXTS.wait60);
    expect(rateLimitMessage('degraded')).toBe(TEXTS.degraded);
    expect(rateLimitMessage('blocked')).toBe(TEXTS.blocked);
  });
  it('adds the remaining seconds to waits, rounded up', () => {
    expect(rateLimitMessage('timeout-30', 27_000)).toBe(`${TEXTS.wait30} (27 seconds remaining)`);
    expect(rateLimitMessage('timeout-30', 26_001)).toBe(`${TEXTS.wait30} (27 seconds remaining)`);
    expect(rateLimitMessage('timeout-60', 1)).toBe(`${TEXTS.wait60} (1 second remaining)`);
    expect(rateLimitMessage('timeout-60', 0)).toBe(TEXTS.wait60);
  });
  it('adds nothing to degraded and blocked', () => {
    expect(rateLimitMessage('degraded', 5_000)).toBe(TEXTS.degraded);
    expect(rateLimitMessage('blocked', 5_000)).toBe(TEXTS.blocked);
  });
});

describe('checkOperation: limits', () => {
  it('allows and records operations', () => {
    const verdict = checkOperation(emptyRecord(), 'save-word', T);
    expect(verdict).toEqual({
      allowed: true,
      level: 'normal',
      record: { operations: [T], punishments: [] },
    });
  });

  it('refuses the 81st operation within 60 s, records a punishment and waits 30 s', () => {
    const full = allowMany(emptyRecord(), 80, T);
    const verdict = refused(checkOperation(full, 'save-word', T + 30 * s));
    expect(verdict).toEqual({
      allowed: false,
      reason: 'minute_limit',
      level: 'timeout',
      retryAfterMs: 30 * s,
      message: `${TEXTS.wait30} (30 seconds remaining)`,
      record: {
        operations: full.operations,
        punishments: [{ at: T + 30 * s, reason: 'minute_limit', operationType: 'save-word' }],
      },
    });
  });

  it('counts a sliding 60 s window', () => {
    let record = allowMany(emptyRecord(), 40, T);
    record = allowMany(record, 40, T + 59 * s);
    expect(checkOperation(record, 'x', T + 59_999).allowed).toBe(false);
    // At T + 60 s the first 40 have left the window.
    expect(allowMany(record, 40, T + 60 * s).operations).toHaveLength(120);
  });

  it('retries after the wait: still a full window is refused without a second punishment', () => {
    const first = overrun(emptyRecord(), T, T + 10 * s); // punished at T + 10 s, wait to T + 40 s
    expect(first.retryAfterMs).toBe(50 * s); // the window frees at T + 60 s
    // The 30-second text would promise too short a wait: the 1-minute text says it right.
    expect(first.message).toBe(`${TEXTS.wait60} (50 seconds remaining)`);
    const during = refused(checkOperation(first.record, 'save-word', T + 25 * s));
    expect(during).toMatchObject({
      reason: 'timeout',
      level: 'timeout',
      retryAfterMs: 15 * s,
      message: `${TEXTS.wait30} (15 seconds remaining)`,
    });
    const after = refused(checkOperation(first.record, 'save-word', T + 45 * s));
    expect(after).toMatchObject({
      reason: 'minute_limit',
      level: 'normal',
      retryAfterMs: 15 * s,
      message: `${TEXTS.wait30} (15 seconds remaining)`,
    });
    expect(after.record.punishments).toHaveLength(1);
    expect(checkOperation(first.record, 'save-word', T + 60 * s).allowed).toBe(true);
  });

  it('refuses the 501st operation within 24 h with one punishment', () => {
    let record = emptyRecord();
    for (let hour = 0; hour < 10; hour++) {
      const verdict = checkOperation(record, 'batch', T + hour * h, 50);
      expect(verdict.allowed).toBe(true);
      record = verdict.record;
    }
    const now = T + 10 * h;
    const over = refused(checkOperation(record, 'mark-read', now));
    expect(over).toMatchObject({
      reason: 'day_limit',
      level: 'timeout',
      retryAfterMs: 14 * h, // the first 50 leave the day at T + 24 h
      // No wait text fits 14 hours: the restricted text, not "wait 30 seconds".
      message: TEXTS.blocked,
    });
    expect(over.record.punishments).toEqual([
      { at: now, reason: 'day_limit', operationType: 'mark-read' },
    ]);
    // After the wait it is still refused for the day, but not punished again.
    const again = refused(checkOperation(over.record, 'mark-read', now + 31 * s));
    expect(again).toMatchObject({ reason: 'day_limit', level: 'normal' });
    expect(again.record.punishments).toHaveLength(1);
    // Once the first batch is a day old, 50 more fit, and no more.
    const later = checkOperation(again.record, 'batch', T + 24 * h, 50);
    expect(later.allowed).toBe(true);
    const full = refused(checkOperation(later.record, 'x', T + 24 * h));
    expect(full).toMatchObject({ reason: 'day_limit', retryAfterMs: h });
    expect(full.record.punishments).toHaveLength(1);
  });
});

describe('checkOperation: batches', () => {
  it('counts every operation of a batch', () => {
    const first = checkOperation(emptyRecord(), 'batch', T, 40);
    expect(first.record.operations).toEqual(new Array(40).fill(T));
    const second = checkOperation(first.record, 'batch', T + s, 40);
    expect(second.allowed).toBe(true);
    const third = refused(checkOperation(second.record, 'batch', T + 2 * s, 1));
    expect(third.reason).toBe('minute_limit');
    expect(third.retryAfterMs).toBe(58 * s);
  });

  it('refuses a batch whole when it does not fit, with the time until it does', () => {
    const record = checkOperation(emptyRecord(), 'batch', T, 50).record;
    const verdict = refused(checkOperation(record, 'batch', T + 10 * s, 31));
    expect(verdict.reason).toBe('minute_limit');
    expect(verdict.record.operations).toHaveLength(50);
    expect(verdict.retryAfterMs).toBe(50 * s);
  });

  it('refuses a batch larger than the limit with no retry time', () => {
    const verdict = refused(checkOperation(emptyRecord(), 'batch', T, 81));
    expect(verdict).toMatchObject({ reason: 'minute_limit', retryAfterMs: null });
    expect(verdict.message).toBe(TEXTS.wait30);
    expect(checkOperation(emptyRecord(), 'batch', T, 80).allowed).toBe(true);
  });

  it('checks the level only for a count of 0, and rejects a bad count', () => {
    expect(checkOperation(emptyRecord(), 'x', T, 0)).toEqual({
      allowed: true,
      level: 'normal',
      record: emptyRecord(),
    });
    expect(() => checkOperation(emptyRecord(), 'x', T, -1)).toThrow(RangeError);
    expect(() => checkOperation(emptyRecord(), 'x', T, 1.5)).toThrow(RangeError);
    expect(() => checkOperation(emptyRecord(), 'x', T, Number.NaN)).toThrow(RangeError);
  });
});

describe('escalation', () => {
  // Punishments at T+30 s, T+100 s, T+200 s and T+300 s, each from a fresh full minute.
  const p1 = T + 30 * s;
  const p2 = T + 100 * s;
  const p3 = T + 200 * s;
  const p4 = T + 300 * s;
  function ladder() {
    const first = overrun(emptyRecord(), T, p1);
    const second = overrun(first.record, p2);
    const third = overrun(second.record, p3);
    const fourth = overrun(
      checkOperation(third.record, 'x', p4 - 60 * s).record, // degraded: still allowed
      p4,
    );
    return { first, second, third, fourth };
  }

  it('1 punishment: waits 30 s', () => {
    const { first } = ladder();
    expect(first).toMatchObject({
      level: 'timeout',
      message: `${TEXTS.wait30} (30 seconds remaining)`,
    });
    expect(levelOf(first.record, p1)).toEqual({ level: 'timeout', waitUntil: p1 + 30 * s });
    expect(levelOf(first.record, p1 + 30 * s)).toEqual({ level: 'normal', waitUntil: null });
  });

  it('2 punishments: waits 1 minute from the second', () => {
    const { second } = ladder();
    expect(second).toMatchObject({
      reason: 'minute_limit',
      level: 'timeout',
      retryAfterMs: 60 * s,
      message: `${TEXTS.wait60} (60 seconds remaining)`,
    });
    const during = refused(checkOperation(second.record, 'x', p2 + 33 * s));
    expect(during).toMatchObject({
      reason: 'timeout',
      retryAfterMs: 27 * s,
      message: `${TEXTS.wait60} (27 seconds remaining)`,
    });
    expect(checkOperation(second.record, 'x', p2 + 60 * s)).toMatchObject({
      allowed: true,
      level: 'normal',
    });
  });

  it('3 punishments: degraded, operations allowed for the batch queues', () => {
    const { third } = ladder();
    expect(third).toMatchObject({
      reason: 'minute_limit',
      level: 'degraded',
      message: TEXTS.degraded,
    });
    expect(levelOf(third.record, p3)).toEqual({ level: 'degraded', waitUntil: null });
    const later = checkOperation(third.record, 'x', p3 + 60 * s);
    expect(later).toMatchObject({ allowed: true, level: 'degraded' });
  });

  it('4 punishments: blocked until the oldest expires', () => {
    const { fourth } = ladder();
    const until = p1 + 48 * h;
    expect(fourth).toMatchObject({
      reason: 'minute_limit',
      level: 'blocked',
      retryAfterMs: until - p4,
      message: TEXTS.blocked,
    });
    expect(fourth.record.punishments).toHaveLength(4);
    const tried = refused(checkOperation(fourth.record, 'x', p4 + h));
    expect(tried).toEqual({
      allowed: false,
      reason: 'blocked',
      level: 'blocked',
      retryAfterMs: until - p4 - h,
      message: TEXTS.blocked,
      record: prune(fourth.record, p4 + h),
    });
    expect(tried.record.punishments).toHaveLength(4);
  });

  it('clears as the punishments expire after 48 h', () => {
    const { fourth } = ladder();
    const record = fourth.record;
    expect(levelOf(record, p1 + 48 * h - 1).level).toBe('blocked');
    expect(levelOf(record, p1 + 48 * h).level).toBe('degraded');
    expect(checkOperation(record, 'x', p1 + 48 * h)).toMatchObject({
      allowed: true,
      level: 'degraded',
    });
    expect(levelOf(record, p2 + 48 * h).level).toBe('normal');
    const clear = checkOperation(record, 'x', p4 + 48 * h);
    expect(clear).toEqual({
      allowed: true,
      level: 'normal',
      record: { operations: [p4 + 48 * h], punishments: [] },
    });
  });

  it('stays blocked while 4 punishments remain, however many there were', () => {
    const five: RateLimitRecord = {
      operations: [],
      punishments: [0, 1, 2, 3, 4].map((i) => ({
        at: T + i * h,
        reason: 'minute_limit' as const,
        operationType: 'x',
      })),
    };
    expect(levelOf(five, T + 5 * h)).toEqual({ level: 'blocked', waitUntil: T + h + 48 * h });
    expect(levelOf(five, T + 48 * h).level).toBe('blocked');
    expect(levelOf(five, T + 49 * h).level).toBe('degraded');
  });
});

describe('records', () => {
  it('prune drops operations of 24 h and punishments of 48 h, without changing its input', () => {
    const record: RateLimitRecord = {
      operations: [T - 24 * h, T - 24 * h + 1, T],
      punishments: [
        { at: T - 48 * h, reason: 'minute_limit', operationType: 'a' },
        { at: T - 48 * h + 1, reason: 'day_limit', operationType: 'b' },
      ],
    };
    const copy = structuredClone(record);
    expect(prune(record, T)).toEqual({
      operations: [T - 24 * h + 1, T],
      punishments: [{ at: T - 48 * h + 1, reason: 'day_limit', operationType: 'b' }],
    });
    expect(record).toEqual(copy);
  });

  it('checkOperation does not change its input and returns plain JSON', () => {
    const record = overrun(emptyRecord(), T).record;
    const copy = structuredClone(record);
    const verdict = checkOperation(record, 'save-word', T + 90 * s);
    expect(record).toEqual(copy);
    expect(JSON.parse(JSON.stringify(verdict.record))).toEqual(verdict.record);
    expect(rateLimitRecordSchema.parse(JSON.parse(JSON.stringify(verdict.record)))).toEqual(
      verdict.record,
    );
  });

  it('the schema rejects a damaged stored record', () => {
    expect(rateLimitRecordSchema.safeParse({ operations: ['x'], punishments: [] }).success).toBe(
      false,
    );
    expect(
      rateLimitRecordSchema.safeParse({
        operations: [],
        punishments: [{ at: T, reason: 'other', operationType: 'x' }],
      }).success,
    ).toBe(false);
  });
});

describe('properties', () => {
  const step = fc.record({
    // Mostly rapid operations, now and then a long pause (up to 30 h).
    gap: fc.oneof(
      { weight: 30, arbitrary: fc.integer({ min: 0, max: 1_500 }) },
      { weight: 20, arbitrary: fc.integer({ min: 0, max: 120 * s }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 30 * h }) },
    ),
    count: fc.oneof(
      { weight: 3, arbitrary: fc.constant(1) },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: 90 }) },
    ),
  });

  /** The most operations at times `times` (sorted) within any window of `windowMs`. */
  function densest(times: number[], windowMs: number): number {
    let best = 0;
    let start = 0;
    for (let end = 0; end < times.length; end++) {
      while ((times[end] as number) - (times[start] as number) >= windowMs) start++;
      best = Math.max(best, end - start + 1);
    }
    return best;
  }

  it('keeps no operation older than 24 h after prune, and never allows more than the limits', () => {
    fc.assert(
      // Long sequences (size 'max'), so most runs reach timeouts, the day limit and blocking.
      fc.property(fc.array(step, { maxLength: 400, size: 'max' }), (steps) => {
        let record = emptyRecord();
        let now = T;
        const allowed: number[] = [];
        for (const { gap, count } of steps) {
          now += gap;
          const verdict = checkOperation(record, 'op', now, count);
          record = verdict.record;
          if (verdict.allowed) for (let i = 0; i < count; i++) allowed.push(now);
          // The returned record is pruned already; prune of it keeps nothing older either.
          const kept = [...record.operations, ...prune(record, now).operations];
          if (kept.some((at) => now - at >= 24 * h)) return false;
        }
        expect(JSON.parse(JSON.stringify(record))).toEqual(record);
        expect(densest(allowed, 60 * s)).toBeLessThanOrEqual(80);
        expect(densest(allowed, 24 * h)).toBeLessThanOrEqual(500);
        return true;
      }),
      { numRuns: 100 },
    );
  });
});
