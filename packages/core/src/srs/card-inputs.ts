/**
 * The new-card and review-card count inputs and the Get Cards button of the flashcard page
 * (spec 3 §2, §4 "Card creation", §5, §8 rate limits, §9): what a count may be, how long the
 * button waits after each outcome, and the backoff after a 429. Pure: jitter is passed in.
 *
 * Decisions where the spec is silent:
 * - A count is digits only (no sign, no decimals, surrounding spaces trimmed); anything else is
 *   invalid and Get Cards waits until it is fixed.
 * - "Positive level seeding" is any build that made cards (created > 0): 10 s. A build that made
 *   none but found cards to study waits the 500 ms repeat guard. An empty build (no card at all)
 *   waits 15 s while the deck has vocabulary without cards, 5 minutes when it has none; from the
 *   third empty build in a row, 30 s × the count, capped at 5 minutes.
 * - The 429 backoff's attempt is 1-based: 5 s, 10 s, 20 s … 10 min, each × (1 ± 20 %).
 */

/** The count inputs of §9: placeholders 20 and 100, maxima 50 and 100, defaults 20 and 40. */
export const CARD_COUNT_INPUTS = {
  new: { placeholder: 20, max: 50, default: 20 },
  review: { placeholder: 100, max: 100, default: 40 },
} as const;
export type CardCountKind = keyof typeof CARD_COUNT_INPUTS;

export interface CountInput {
  /** The accepted count, or null when the text is not a whole number of at least 0. */
  value: number | null;
  /** Over the maximum: the max tooltip shows, the value is still accepted. */
  overMax: boolean;
}

/** Reads a count input (§5): integers of at least 0, empty is 0, over the maximum flagged. */
export function parseCountInput(text: string, kind: CardCountKind): CountInput {
  const trimmed = text.trim();
  if (trimmed === '') return { value: 0, overMax: false };
  if (!/^\d+$/.test(trimmed)) return { value: null, overMax: false };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) return { value: null, overMax: false };
  return { value, overMax: value > CARD_COUNT_INPUTS[kind].max };
}

/** The Get Cards cooldowns of §4. */
export const GET_CARDS_COOLDOWN_MS = {
  /** After a build that made cards (level seeding throttle). */
  afterCreated: 10_000,
  /** After a build that made none (repeat guard). */
  afterZeroCreated: 500,
  /** An empty build while the deck still has vocabulary without cards (seeding failed). */
  emptySeedingFailed: 15_000,
  /** An empty build with no vocabulary left. */
  emptyNoneLeft: 300_000,
  /** From this many empty builds in a row … */
  repeatedEmptyAfter: 3,
  /** … wait this long per empty build … */
  repeatedEmptyStep: 30_000,
  /** … at most. */
  repeatedEmptyMax: 300_000,
} as const;

export interface GetCardsOutcome {
  /** New cards this build made. */
  created: number;
  /** Cards the build gave to study (learning, due and new). */
  cards: number;
  /** Whether the deck has vocabulary left without a card. */
  vocabularyLeft: boolean;
}

/** Empty builds in a row, counting this outcome. */
export function consecutiveEmptyBuilds(previous: number, outcome: GetCardsOutcome): number {
  return outcome.cards === 0 ? previous + 1 : 0;
}

/** How long Get Cards waits after a build (§4), given the empty builds in a row so far. */
export function getCardsCooldownMs(outcome: GetCardsOutcome, emptyInARow: number): number {
  const c = GET_CARDS_COOLDOWN_MS;
  if (outcome.cards > 0) return outcome.created > 0 ? c.afterCreated : c.afterZeroCreated;
  if (emptyInARow >= c.repeatedEmptyAfter)
    return Math.min(c.repeatedEmptyStep * emptyInARow, c.repeatedEmptyMax);
  return outcome.vocabularyLeft ? c.emptySeedingFailed : c.emptyNoneLeft;
}

/** Whole seconds left of a cooldown ending at `until`, as the button counts them down. */
export function cooldownSecondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** The 429 backoff of §8: 5 s doubling up to 10 minutes, ±20 % jitter, at least 1 s. */
export const RATE_LIMIT_BACKOFF = {
  baseMs: 5_000,
  maxMs: 600_000,
  jitter: 0.2,
  minMs: 1_000,
} as const;

/**
 * The wait before retry `attempt` (1-based) after a 429; `random` in [0, 1) picks the jitter
 * (0 is −20 %, 0.5 none, towards 1 +20 %).
 */
export function rateLimitBackoffMs(attempt: number, random: number): number {
  const b = RATE_LIMIT_BACKOFF;
  const n = Number.isFinite(attempt) ? Math.max(1, Math.floor(attempt)) : 1;
  const base = Math.min(b.baseMs * 2 ** Math.min(n - 1, 30), b.maxMs);
  const r = Number.isFinite(random) ? Math.min(1, Math.max(0, random)) : 0.5;
  const factor = 1 + (r * 2 - 1) * b.jitter;
  return Math.max(b.minMs, Math.round(base * factor));
}
