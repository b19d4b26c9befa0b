import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTICLE_OF, GENDERS, type Gender } from '../content/taxonomy.ts';
import { GENDER_RULES, genderRuleFor } from './gender-rules.ts';

const GENDER_OF_ARTICLE = Object.fromEntries(
  GENDERS.map((gender) => [ARTICLE_OF[gender], gender]),
) as Record<string, Gender>;

/** "das Stadion, der Tanz" → [{ noun: 'Stadion', gender: 'neuter' }, …] */
const exceptionsOf = (text: string) =>
  text.split(',').map((entry) => {
    const [article = '', noun = ''] = entry.trim().split(' ');
    const gender = GENDER_OF_ARTICLE[article];
    if (!gender) throw new Error(`no article in "${entry}"`);
    return { noun, gender };
  });

describe('genderRuleFor', () => {
  it('gives the ending that tells the gender, and that the noun follows it', () => {
    expect(genderRuleFor('Zeitung', 'feminine')).toEqual({
      rule: { suffix: 'ung', gender: 'feminine', reliability: 100 },
      follows: true,
    });
    expect(genderRuleFor('Mädchen', 'neuter')).toMatchObject({
      rule: { suffix: 'chen', gender: 'neuter' },
      follows: true,
    });
    expect(genderRuleFor('Tourismus', 'masculine')).toMatchObject({
      rule: { suffix: 'ismus', gender: 'masculine' },
      follows: true,
    });
    expect(genderRuleFor('Möglichkeit', 'feminine')?.rule.suffix).toBe('keit');
    expect(genderRuleFor('Freiheit', 'feminine')?.rule.suffix).toBe('heit');
    expect(genderRuleFor('Universität', 'feminine')?.rule.suffix).toBe('tät');
    expect(genderRuleFor('Schmetterling', 'masculine')?.rule.suffix).toBe('ling');
  });

  it('takes the longest ending when several match', () => {
    // "Friseur" ends in both -eur (masculine) and -ur (feminine).
    expect(genderRuleFor('Friseur', 'masculine')).toMatchObject({
      rule: { suffix: 'eur', gender: 'masculine' },
      follows: true,
    });
    // "Familie" ends in both -ie and -e.
    expect(genderRuleFor('Familie', 'feminine')?.rule.suffix).toBe('ie');
    expect(genderRuleFor('Natur', 'feminine')?.rule.suffix).toBe('ur');
  });

  it('reports an exception as not following the rule', () => {
    expect(genderRuleFor('Name', 'masculine')).toEqual({
      rule: { suffix: 'e', gender: 'feminine', reliability: 80, exception: 'der Name, das Ende' },
      follows: false,
    });
    expect(genderRuleFor('Ende', 'neuter')).toMatchObject({
      rule: { suffix: 'e' },
      follows: false,
    });
    expect(genderRuleFor('Knie', 'neuter')).toMatchObject({
      rule: { suffix: 'ie' },
      follows: false,
    });
    expect(genderRuleFor('Moment', 'masculine')).toMatchObject({
      rule: { suffix: 'ment' },
      follows: false,
    });
  });

  it('gives no rule to a noun with fewer than two letters beyond the ending', () => {
    expect(genderRuleFor('Ei', 'neuter')).toBeNull();
    // one letter beyond -ur: too short; two letters beyond -ei: long enough
    expect(genderRuleFor('Kur', 'feminine')).toBeNull();
    expect(genderRuleFor('Brei', 'masculine')).toMatchObject({
      rule: { suffix: 'ei' },
      follows: false,
    });
    expect(genderRuleFor('Tee', 'masculine')).toMatchObject({ rule: { suffix: 'e' } });
  });

  it('gives null to a noun with no listed ending', () => {
    for (const noun of ['Hund', 'Tisch', 'Haus', 'Auto', 'Buch', 'Apfel', '']) {
      expect(genderRuleFor(noun, 'masculine'), noun).toBeNull();
    }
  });

  it('ignores case and surrounding spaces', () => {
    expect(genderRuleFor('  ZEITUNG ', 'feminine')).toMatchObject({
      rule: { suffix: 'ung' },
      follows: true,
    });
    expect(genderRuleFor('MÄDCHEN', 'neuter')?.rule.suffix).toBe('chen');
  });

  it('the rule found ends the noun and no longer listed ending does (property)', () => {
    const letters = fc.string({
      unit: fc.constantFrom(...'abdefghiklmnorstuäöß'.split('')),
      maxLength: 12,
    });
    fc.assert(
      fc.property(letters, fc.constantFrom(...GENDERS), (noun, gender) => {
        const found = genderRuleFor(noun, gender);
        const matching = GENDER_RULES.filter(
          (rule) => noun.length >= rule.suffix.length + 2 && noun.endsWith(rule.suffix),
        );
        if (matching.length === 0) {
          expect(found).toBeNull();
          return;
        }
        const longest = Math.max(...matching.map((rule) => rule.suffix.length));
        expect(found?.rule.suffix.length).toBe(longest);
        expect(noun.endsWith(found?.rule.suffix ?? '\u0000')).toBe(true);
        expect(found?.follows).toBe(found?.rule.gender === gender);
      }),
    );
  });
});

describe('GENDER_RULES', () => {
  it('are lower-case, distinct endings with a share between 0 and 100', () => {
    const suffixes = GENDER_RULES.map((rule) => rule.suffix);
    expect(new Set(suffixes).size).toBe(suffixes.length);
    for (const rule of GENDER_RULES) {
      expect(rule.suffix, rule.suffix).toMatch(/^\p{Ll}+$/u);
      expect(GENDERS).toContain(rule.gender);
      expect(rule.reliability).toBeGreaterThan(50);
      expect(rule.reliability).toBeLessThanOrEqual(100);
    }
  });

  it('name only exceptions that have the ending and another gender, found as exceptions', () => {
    for (const rule of GENDER_RULES) {
      if (!rule.exception) continue;
      for (const { noun, gender } of exceptionsOf(rule.exception)) {
        expect(noun.toLocaleLowerCase('de').endsWith(rule.suffix), noun).toBe(true);
        expect(gender, noun).not.toBe(rule.gender);
        const found = genderRuleFor(noun, gender);
        if (noun.length < rule.suffix.length + 2) expect(found, noun).toBeNull();
        else expect(found, noun).toEqual({ rule, follows: false });
      }
    }
  });
});
