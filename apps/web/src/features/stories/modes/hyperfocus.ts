// Timing of the hyperfocus mode: one word at a time at a chosen speed, with a pause after the end
// of a sentence and after a comma. Pure functions, so the component only schedules.

export type HyperfocusSpeed = 'slow' | 'normal' | 'fast';

/** Words per minute of each named speed. */
export const SPEED_WPM: Record<HyperfocusSpeed, number> = {
  slow: 150,
  normal: 250,
  fast: 400,
};

export const MIN_WPM = 50;
export const MAX_WPM = 501;

/** Extra time after a word that ends a sentence (. ! ? … or a paragraph break). */
export const SENTENCE_PAUSE_MS = 500;
/** Extra time after a word followed by a comma. */
export const COMMA_PAUSE_MS = 300;

/** A speed in words per minute, as a whole number within MIN_WPM–MAX_WPM (normal if not a number). */
export function clampWpm(wpm: number): number {
  if (Number.isNaN(wpm)) return SPEED_WPM.normal;
  return Math.min(MAX_WPM, Math.max(MIN_WPM, Math.round(wpm)));
}

// Punctuation at the end of a word as written ("Haus." → "."), and the text after a word up to
// the next letter or digit.
const TRAILING = /[^\p{L}\p{N}]*$/u;
const LEADING = /^[^\p{L}\p{N}]*/u;
const SENTENCE_END = /[.!?…]|\n\s*\n/u;

/**
 * How long a word stays on screen: 60 000 / wpm milliseconds, plus SENTENCE_PAUSE_MS when it ends
 * a sentence or COMMA_PAUSE_MS when a comma follows it. `wordText` may carry its punctuation
 * ("Haus.") and `followingText` is what comes after it (only the part before the next word
 * counts), so both a whitespace split and a letters-only split of the text work.
 */
export function wordDelayMs(wordText: string, followingText: string, wpm: number): number {
  const after = (wordText.match(TRAILING)?.[0] ?? '') + (followingText.match(LEADING)?.[0] ?? '');
  const base = Math.round(60_000 / clampWpm(wpm));
  if (SENTENCE_END.test(after)) return base + SENTENCE_PAUSE_MS;
  if (after.includes(',')) return base + COMMA_PAUSE_MS;
  return base;
}

/** A word as the hyperfocus mode shows it: as written, with its punctuation. */
export interface ReadingWord {
  /** The word with the punctuation attached to it, e.g. „Hallo, or Haus. */
  text: string;
  /** Offset of its first character in the text. */
  start: number;
  /** The text after it up to the next word (spaces, a lone dash, a paragraph break). */
  following: string;
}

/**
 * The words of a text split at whitespace, each kept with its punctuation and numbers included
 * ("25"); a piece without a letter or digit (a dash) goes into the text after the previous word.
 */
export function readingWords(text: string): ReadingWord[] {
  const pieces = [...text.matchAll(/\S+/gu)]
    .filter((match) => /[\p{L}\p{N}]/u.test(match[0]))
    .map((match) => ({ text: match[0], start: match.index }));
  return pieces.map((piece, index) => {
    const end = piece.start + piece.text.length;
    const next = pieces[index + 1];
    return { ...piece, following: text.slice(end, next ? next.start : text.length) };
  });
}

/** Milliseconds to show every word from `from` on at a speed, pauses included. */
export function remainingMs(words: ReadingWord[], from: number, wpm: number): number {
  return words
    .slice(Math.max(0, from))
    .reduce((sum, word) => sum + wordDelayMs(word.text, word.following, wpm), 0);
}
