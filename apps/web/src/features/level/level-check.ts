import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';

// "Help me choose" (issue #19): a yes/no vocabulary check. The learner marks which of 40 words
// they know: six per level from our own word lists, and four made-up words that look German.
// Marking a made-up word says the learner guesses, so the share of made-up words marked is taken
// off every level's share before it is scored (the usual correction for guessing in yes/no
// vocabulary tests: (hits − false alarms) / (1 − false alarms)).

export interface CheckWord {
  word: string;
  /** The level of a real word; null for a made-up one. */
  level: Level | null;
}

const REAL: Record<Level, readonly string[]> = {
  A1: ['sagen', 'regnen', 'gelb', 'leider', 'das Meer', 'die Zeit'],
  A2: ['abbiegen', 'tief', 'übermorgen', 'weil', 'das Erdgeschoss', 'der Wecker'],
  B1: [
    'sich beschweren',
    'zuverlässig',
    'während',
    'die Regierung',
    'das Vorurteil',
    'der Wortschatz',
  ],
  B2: [
    'berücksichtigen',
    'anspruchsvoll',
    'erfordern',
    'die Vereinbarung',
    'das Mitgefühl',
    'der Betrug',
  ],
  C1: ['abwägen', 'verharmlosen', 'hinfällig', 'geschweige denn', 'die Zwickmühle', 'die Sorgfalt'],
  C2: ['obliegen', 'monieren', 'vertrackt', 'beizeiten', 'die Marotte', 'die Larmoyanz'],
};

/** Made-up words: none of them is German. */
const MADE_UP = ['verschlobern', 'grähmlich', 'die Plinkung', 'der Flummerant'] as const;

/**
 * The 40 words in the order they are shown: levels interleaved, so easy words come all the way
 * down, and the made-up ones among them. Fixed, so every learner sees the same check.
 */
export const CHECK_WORDS: readonly CheckWord[] = (() => {
  const words: CheckWord[] = [];
  for (let round = 0; round < 6; round += 1) {
    for (const level of LEVELS) words.push({ word: REAL[level][round] as string, level });
  }
  MADE_UP.forEach((word, index) => words.splice(7 + index * 10, 0, { word, level: null }));
  return words;
})();

/** A level counts as known when at least this share of its words is (after the correction). */
const KNOWN_SHARE = 0.5;

export interface CheckResult {
  level: Level;
  /** Per level, the corrected share of its words the learner knows (0–1). */
  shares: Record<Level, number>;
  /** The share of made-up words marked (0–1): high means the result says little. */
  guessing: number;
}

/**
 * The level the marked words point to: the highest level that, with every level below it, the
 * learner knows at least half of (after the correction for guessing); A1 when none.
 */
export function scoreCheck(known: ReadonlySet<string>): CheckResult {
  const madeUp = CHECK_WORDS.filter((word) => word.level === null);
  const guessing = madeUp.filter((word) => known.has(word.word)).length / madeUp.length;
  const shares = {} as Record<Level, number>;
  for (const level of LEVELS) {
    const words = CHECK_WORDS.filter((word) => word.level === level);
    const hits = words.filter((word) => known.has(word.word)).length / words.length;
    shares[level] = guessing >= 1 ? 0 : Math.max(0, (hits - guessing) / (1 - guessing));
  }
  let level: Level = 'A1';
  for (const candidate of LEVELS) {
    if (shares[candidate] < KNOWN_SHARE) break;
    level = candidate;
  }
  return { level, shares, guessing };
}
