import {
  checkOperation,
  emptyRecord,
  prune,
  type RateLimitRecord,
  rateLimitMessage,
} from '@lesefuchs/core/rate-limit/rate-limit';

// The client's rate limiter (spec 2 §4, §9), kept per user on the device: a refused or
// degraded operation is not lost, it goes to the batch queue; a blocked user is told so.
// The server applies the same limits, so a modified client gains nothing.

export interface RateNotice {
  message: string;
}

export interface RateDecision {
  /** Refused outright (blocked): tell the learner. */
  blocked: boolean;
  /** Send through the batch queue instead of at once (rate-limited or degraded). */
  batchOnly: boolean;
  notice: RateNotice | null;
}

const keyOf = (owner: string) => `lesefuchs.rateLimit.${owner}`;

function read(owner: string): RateLimitRecord {
  try {
    const parsed = JSON.parse(
      localStorage.getItem(keyOf(owner)) ?? 'null',
    ) as RateLimitRecord | null;
    return parsed && Array.isArray(parsed.operations) && Array.isArray(parsed.punishments)
      ? parsed
      : emptyRecord();
  } catch {
    return emptyRecord();
  }
}

function write(owner: string, record: RateLimitRecord): void {
  try {
    localStorage.setItem(keyOf(owner), JSON.stringify(record));
  } catch {
    // Storage blocked: the server still enforces the limits.
  }
}

/** Checks and records one operation of a signed-in user. */
export function checkRateLimit(
  owner: string,
  operationType: string,
  now = Date.now(),
): RateDecision {
  const verdict = checkOperation(prune(read(owner), now), operationType, now);
  write(owner, verdict.record);
  if (verdict.allowed) {
    return verdict.level === 'degraded'
      ? { blocked: false, batchOnly: true, notice: { message: rateLimitMessage('degraded') } }
      : { blocked: false, batchOnly: false, notice: null };
  }
  if (verdict.reason === 'blocked') {
    return { blocked: true, batchOnly: false, notice: { message: verdict.message } };
  }
  return { blocked: false, batchOnly: true, notice: { message: verdict.message } };
}
