/**
 * The per-user rate limit (product spec, "Rate limit"): 80 operations a minute and 500 a day;
 * going over records a punishment, and punishments within the last 48 h escalate:
 * 1 → wait 30 s, 2 → wait 1 minute, 3 → degraded (offline only: operations go to the batch
 * queues), 4 or more → blocked. Everything clears once the punishments expire.
 *
 * A pure, serialisable state machine: the record is plain JSON (numbers and strings) that the
 * browser keeps in localStorage per user and the server per user in memory or the database, and
 * every function takes the time. Functions never change the record they are given.
 *
 * Decisions where the spec is silent:
 * - Windows are half-open: an operation counts for the minute while `now - at < 60 s` and for
 *   the day while `now - at < 24 h`; a punishment counts while `now - at < 48 h`. `prune` drops
 *   exactly what no longer counts.
 * - Waits run from the time of the punishment that started them: 30 s from the only one, 60 s
 *   from the latest of two. Degraded has no wait.
 * - Blocked lasts until fewer than 4 punishments remain within 48 h: with exactly 4 that is
 *   when the oldest expires (then the user is degraded until the next one expires).
 * - One overrun is punished once: going over the minute limit again within 60 s of a
 *   minute_limit punishment, or over the day limit within 24 h of a day_limit punishment, is
 *   refused with the same reason but records nothing more. Otherwise every retry after a short
 *   wait, still in the same full window, would escalate a single burst straight to blocked.
 * - Refused operations are not recorded as operations; only allowed ones count.
 * - A batch (`count` > 1) is allowed or refused whole. A batch larger than the limit can never
 *   pass: it is refused with `retryAfterMs: null`, so callers keep batches within 80.
 *   `count` 0 checks the level only and records nothing.
 * - `retryAfterMs` of a limit refusal is the later of the wait or block now running (if any)
 *   and the time when enough operations leave the window for this batch; the wait messages'
 *   remaining-seconds suffix shows it. A refusal's message is the one for the punishments now counted: 0–1 the
 *   30-second text, 2 the 1-minute text, 3 the offline text, 4+ the restricted text.
 */
export const RATE_LIMIT = {
  perMinute: 80,
  perDay: 500,
  punishmentMs: 48 * 3600_000,
  keepOperationsMs: 24 * 3600_000,
  cleanupEveryMs: 5 * 60_000,
  waitsMs: [30_000, 60_000],
} as const;

/** Callers that poll the level do so at most once a second; `checkOperation` itself is not throttled. */
export const CHECK_THROTTLE_MS = 1000;

const MINUTE_MS = 60_000;
const DAY_MS = RATE_LIMIT.keepOperationsMs;

export type PunishmentReason = 'minute_limit' | 'day_limit';

export interface RateLimitPunishment {
  at: number;
  reason: PunishmentReason;
  operationType: string;
}

export interface RateLimitRecord {
  /** Times (ms) of the allowed operations, one entry per operation. */
  operations: number[];
  punishments: RateLimitPunishment[];
}

export type RateLimitLevel = 'normal' | 'timeout' | 'degraded' | 'blocked';

export type RateLimitVerdict =
  | { allowed: true; level: 'normal' | 'degraded'; record: RateLimitRecord }
  | {
      allowed: false;
      reason: 'blocked' | 'timeout' | 'minute_limit' | 'day_limit';
      level: RateLimitLevel;
      retryAfterMs: number | null;
      message: string;
      record: RateLimitRecord;
    };

export type RateLimitMessageKey = 'timeout-30' | 'timeout-60' | 'degraded' | 'blocked';

export const RATE_LIMIT_MESSAGES: Record<RateLimitMessageKey, string> = {
  'timeout-30': "You're performing actions quickly. Please wait 30 seconds.",
  'timeout-60': 'Please slow down. Wait 1 minute before continuing.',
  degraded: 'Too many rapid actions. Operating in offline mode only.',
  blocked: 'Account temporarily restricted. Contact support if this continues.',
};

export function emptyRecord(): RateLimitRecord {
  return { operations: [], punishments: [] };
}

/** The record without operations older than 24 h and punishments older than 48 h. */
export function prune(record: RateLimitRecord, now: number): RateLimitRecord {
  return {
    operations: record.operations.filter((at) => now - at < RATE_LIMIT.keepOperationsMs),
    punishments: record.punishments.filter((p) => now - p.at < RATE_LIMIT.punishmentMs),
  };
}

/** Times of the punishments counted now, oldest first. */
function countedPunishments(record: RateLimitRecord, now: number): number[] {
  return record.punishments
    .filter((p) => now - p.at < RATE_LIMIT.punishmentMs)
    .map((p) => p.at)
    .sort((a, b) => a - b);
}

/**
 * The level the punishments of the last 48 h put the user on, and until when a wait or a block
 * lasts (null for normal and degraded).
 */
export function levelOf(
  record: RateLimitRecord,
  now: number,
): { level: RateLimitLevel; waitUntil: number | null } {
  const times = countedPunishments(record, now);
  const count = times.length;
  if (count >= 4) {
    return { level: 'blocked', waitUntil: (times[count - 4] as number) + RATE_LIMIT.punishmentMs };
  }
  if (count === 3) return { level: 'degraded', waitUntil: null };
  if (count === 0) return { level: 'normal', waitUntil: null };
  const waitUntil = (times[count - 1] as number) + (RATE_LIMIT.waitsMs[count - 1] as number);
  return now < waitUntil ? { level: 'timeout', waitUntil } : { level: 'normal', waitUntil: null };
}

/** ' (27 seconds remaining)', rounded up to whole seconds. */
function remainingSuffix(remainingMs: number): string {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  return ` (${seconds} ${seconds === 1 ? 'second' : 'seconds'} remaining)`;
}

/** The spec's four texts; the two waits get a remaining-seconds suffix when a time is given. */
export function rateLimitMessage(level: RateLimitMessageKey, remainingMs?: number): string {
  const text = RATE_LIMIT_MESSAGES[level];
  const isWait = level === 'timeout-30' || level === 'timeout-60';
  return isWait && remainingMs !== undefined && remainingMs > 0
    ? text + remainingSuffix(remainingMs)
    : text;
}

/**
 * The text for the punishments counted, never promising a shorter wait than the real one: a
 * refusal for a full window can outlast the punishment's own wait (59 s left of the minute
 * after the 30-second text's punishment), and then the next text that covers it is shown.
 */
function messageFor(punishments: number, retryAfterMs: number | null): string {
  const remaining = retryAfterMs ?? undefined;
  if (punishments >= 4) return rateLimitMessage('blocked');
  if (punishments === 3) return rateLimitMessage('degraded');
  const waitMs = retryAfterMs ?? 0;
  if (waitMs > (RATE_LIMIT.waitsMs[1] as number)) return rateLimitMessage('blocked');
  if (punishments === 2 || waitMs > (RATE_LIMIT.waitsMs[0] as number)) {
    return rateLimitMessage('timeout-60', remaining);
  }
  return rateLimitMessage('timeout-30', remaining);
}

/**
 * When `count` more operations fit in the window: null if they never can, else the time (ms
 * from now) until enough of the counted operations leave it (0 if they fit now).
 */
function windowWait(
  operations: readonly number[],
  now: number,
  windowMs: number,
  limit: number,
  count: number,
): number | null {
  if (count > limit) return null;
  const inWindow = operations.filter((at) => now - at < windowMs).sort((a, b) => a - b);
  const excess = inWindow.length + count - limit;
  if (excess <= 0) return 0;
  return Math.max(1, (inWindow[excess - 1] as number) + windowMs - now);
}

/**
 * Checks `count` operations (a batch; default 1) of the given type at `now`. Allowed: they are
 * added to the returned record. Refused for the minute or day limit: a punishment is added
 * (once per overrun). The returned record is always pruned; store it either way.
 */
export function checkOperation(
  record: RateLimitRecord,
  operationType: string,
  now: number,
  count = 1,
): RateLimitVerdict {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  const current = prune(record, now);
  const { level, waitUntil } = levelOf(current, now);
  const punishments = countedPunishments(current, now).length;

  if (level === 'blocked' || level === 'timeout') {
    const retryAfterMs = (waitUntil as number) - now;
    return {
      allowed: false,
      reason: level,
      level,
      retryAfterMs,
      message: messageFor(punishments, retryAfterMs),
      record: current,
    };
  }

  const limits = [
    { reason: 'minute_limit', windowMs: MINUTE_MS, limit: RATE_LIMIT.perMinute },
    { reason: 'day_limit', windowMs: DAY_MS, limit: RATE_LIMIT.perDay },
  ] as const;
  for (const { reason, windowMs, limit } of limits) {
    const wait = windowWait(current.operations, now, windowMs, limit, count);
    if (wait === 0) continue;
    const alreadyPunished = current.punishments.some(
      (p) => p.reason === reason && now - p.at < windowMs,
    );
    const next: RateLimitRecord = alreadyPunished
      ? current
      : {
          operations: current.operations,
          punishments: [...current.punishments, { at: now, reason, operationType }],
        };
    const after = levelOf(next, now);
    const levelWait = after.waitUntil === null ? 0 : after.waitUntil - now;
    const retryAfterMs = wait === null ? null : Math.max(wait, levelWait);
    return {
      allowed: false,
      reason,
      level: after.level,
      retryAfterMs,
      message: messageFor(countedPunishments(next, now).length, retryAfterMs),
      record: next,
    };
  }

  const added =
    count === 0
      ? current.operations
      : [...current.operations, ...new Array<number>(count).fill(now)];
  return {
    allowed: true,
    level,
    record: { operations: added, punishments: current.punishments },
  };
}
