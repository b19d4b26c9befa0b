import type { TextRange, TimedSentence } from './types';

/**
 * The seconds of the audio that speak a range of the text: from the start of the first timed
 * sentence it overlaps to the end of the last one; null when no timed sentence does.
 */
export function clipSeconds(
  sentences: readonly TimedSentence[],
  range: TextRange,
): { start: number; end: number } | null {
  const spoken = sentences.filter(
    (sentence) => sentence.from < range.to && range.from < sentence.to,
  );
  const first = spoken[0];
  const last = spoken[spoken.length - 1];
  if (!first || !last) return null;
  return { start: first.start, end: Math.max(first.start, last.end) };
}

export const sameClip = (a: TextRange | null | undefined, b: TextRange | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.from === b.from && a.to === b.to);
