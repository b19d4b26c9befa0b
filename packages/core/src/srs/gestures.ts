/**
 * How a learner answers on the flashcard page without the buttons (spec 3 §2, §9): swipes, keys
 * and the auto mode's timing. Pure: positions and times are passed in.
 *
 * Decisions where the spec is silent:
 * - A swipe is read along its longer axis; the other axis is ignored. A move exactly 50 px long,
 *   or lasting exactly 50 or 1000 ms, counts.
 * - Swipe up is recognised (so it does not count as a tap) but rates nothing.
 * - Space reveals the answer; on a revealed card it rates good (§9: "2 (or space)").
 * - The preference speed veryFast (older stored values) plays as fast: the spec has three speeds.
 * - The auto mode shows the question, then the answer, then the next question, each for one
 *   interval; after the last card it wraps to the first and reports the wrap.
 */
import type { Rating } from './scheduler.ts';

/** The swipe numbers of §2: 50 px to count, feedback from 20 px, 50–1000 ms, 50 ms haptic. */
export const SWIPE = {
  thresholdPx: 50,
  feedbackPx: 20,
  minMs: 50,
  maxMs: 1000,
  hapticMs: 50,
} as const;

export type SwipeDirection = 'right' | 'left' | 'down' | 'up';

/** Right is easy, left again, down good; up is ignored. */
export const SWIPE_RATINGS: Record<SwipeDirection, Rating | null> = {
  right: 'easy',
  left: 'again',
  down: 'good',
  up: null,
};

export interface SwipeMove {
  /** Horizontal distance, positive to the right (px). */
  dx: number;
  /** Vertical distance, positive downwards (px). */
  dy: number;
  durationMs: number;
}

/** The direction a move points in along its longer axis (a tie counts as horizontal). */
function direction(dx: number, dy: number): SwipeDirection {
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 'right' : 'left';
  return dy >= 0 ? 'down' : 'up';
}

/** A finished move as a swipe: its direction and rating, or null when it is not a swipe. */
export function classifySwipe(
  move: SwipeMove,
): { direction: SwipeDirection; rating: Rating | null } | null {
  const { dx, dy, durationMs } = move;
  if (![dx, dy, durationMs].every(Number.isFinite)) return null;
  if (durationMs < SWIPE.minMs || durationMs > SWIPE.maxMs) return null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE.thresholdPx) return null;
  const to = direction(dx, dy);
  return { direction: to, rating: SWIPE_RATINGS[to] };
}

/** The direction to hint at while the finger moves: from 20 px on, otherwise null. */
export function swipeFeedback(dx: number, dy: number): SwipeDirection | null {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE.feedbackPx) return null;
  return direction(dx, dy);
}

export type KeyAction = { kind: 'reveal' } | { kind: 'rate'; rating: Rating };

/** What a key does on the card (§2): space reveals or advances; 1 again, 2 good, 3 easy. */
export function keyAction(key: string, revealed: boolean): KeyAction | null {
  if (key === ' ' || key === 'Spacebar')
    return revealed ? { kind: 'rate', rating: 'good' } : { kind: 'reveal' };
  if (!revealed) return null;
  const rating = ({ '1': 'again', '2': 'good', '3': 'easy' } as const)[key];
  return rating ? { kind: 'rate', rating } : null;
}

/** Auto-mode speeds of §2: slow 3000 ms, normal 1000 ms (default), fast 500 ms. */
export const AUTO_SPEEDS_MS = { slow: 3000, normal: 1000, fast: 500 } as const;
export type AutoSpeed = keyof typeof AUTO_SPEEDS_MS;
export const AUTO_SPEEDS = Object.keys(AUTO_SPEEDS_MS) as AutoSpeed[];

/** The speed a stored preference plays at: veryFast as fast, anything unknown as normal. */
export function autoSpeedOf(preference: unknown): AutoSpeed {
  if (preference === 'veryFast') return 'fast';
  return typeof preference === 'string' && preference in AUTO_SPEEDS_MS
    ? (preference as AutoSpeed)
    : 'normal';
}

export interface AutoStep {
  index: number;
  revealed: boolean;
}

/** The auto mode's next step: reveal, or move on (wrapping after the last card). */
export function nextAutoStep(step: AutoStep, length: number): AutoStep & { wrapped: boolean } {
  if (length <= 0) return { index: 0, revealed: false, wrapped: false };
  if (!step.revealed) return { index: step.index, revealed: true, wrapped: false };
  const next = step.index + 1;
  return next >= length
    ? { index: 0, revealed: false, wrapped: true }
    : { index: next, revealed: false, wrapped: false };
}
