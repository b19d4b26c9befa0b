// Noun endings that tell the gender (beyond spec 2: the hint after a wrong gender answer).
// Reliability is the rounded share of common nouns with the ending that follow the rule; the
// exceptions named are ones a learner meets early.
import type { Gender } from '../content/taxonomy.ts';

export interface GenderRule {
  suffix: string;
  gender: Gender;
  /** Share of nouns with this ending that have this gender, 0–100. */
  reliability: number;
  /** A common exception, if the rule has one worth naming. */
  exception?: string;
}

export const GENDER_RULES: readonly GenderRule[] = [
  { suffix: 'ung', gender: 'feminine', reliability: 100 },
  { suffix: 'heit', gender: 'feminine', reliability: 100 },
  { suffix: 'keit', gender: 'feminine', reliability: 100 },
  { suffix: 'schaft', gender: 'feminine', reliability: 100 },
  { suffix: 'tät', gender: 'feminine', reliability: 100 },
  { suffix: 'ion', gender: 'feminine', reliability: 95, exception: 'das Stadion' },
  { suffix: 'ei', gender: 'feminine', reliability: 90, exception: 'der Brei' },
  { suffix: 'ie', gender: 'feminine', reliability: 90, exception: 'das Knie' },
  { suffix: 'ik', gender: 'feminine', reliability: 90, exception: 'der Katholik' },
  { suffix: 'ur', gender: 'feminine', reliability: 85, exception: 'das Abitur' },
  { suffix: 'enz', gender: 'feminine', reliability: 100 },
  { suffix: 'anz', gender: 'feminine', reliability: 95, exception: 'der Kranz' },
  { suffix: 'e', gender: 'feminine', reliability: 80, exception: 'der Name, das Ende' },
  { suffix: 'chen', gender: 'neuter', reliability: 100 },
  { suffix: 'lein', gender: 'neuter', reliability: 100 },
  { suffix: 'ment', gender: 'neuter', reliability: 90, exception: 'der Moment' },
  { suffix: 'um', gender: 'neuter', reliability: 90, exception: 'der Irrtum' },
  { suffix: 'nis', gender: 'neuter', reliability: 70, exception: 'die Erlaubnis' },
  { suffix: 'ma', gender: 'neuter', reliability: 80, exception: 'die Firma' },
  { suffix: 'ismus', gender: 'masculine', reliability: 100 },
  { suffix: 'ling', gender: 'masculine', reliability: 100 },
  { suffix: 'or', gender: 'masculine', reliability: 90, exception: 'das Labor' },
  { suffix: 'ich', gender: 'masculine', reliability: 95, exception: 'das Reich' },
  { suffix: 'ig', gender: 'masculine', reliability: 95 },
  { suffix: 'ant', gender: 'masculine', reliability: 90 },
  { suffix: 'ist', gender: 'masculine', reliability: 95 },
  { suffix: 'eur', gender: 'masculine', reliability: 95 },
];

/**
 * The rule of the longest ending the noun has, or null. `follows` says whether this noun is one
 * of the rule's nouns or an exception; a noun with fewer than two letters before the ending
 * ("Ei", "Kur") does not count as having it.
 */
export function genderRuleFor(
  noun: string,
  gender: Gender,
): { rule: GenderRule; follows: boolean } | null {
  const word = noun.trim().toLocaleLowerCase('de');
  let best: GenderRule | null = null;
  for (const rule of GENDER_RULES) {
    if (word.length < rule.suffix.length + 2 || !word.endsWith(rule.suffix)) continue;
    if (!best || rule.suffix.length > best.suffix.length) best = rule;
  }
  return best ? { rule: best, follows: best.gender === gender } : null;
}
