// Builds content/vocabulary/forms.json: every written form of every vocabulary entry → the
// entries it belongs to, with what the form is of each ("ging" → gehen, past), so a tap on
// "ging" finds "gehen" and "kommt … an" finds "ankommen". Run after editing the vocabulary or
// content/forms-extra/: `npx tsx scripts/content/build-forms.ts [--content DIR] [--out FILE]`.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type FormsTable,
  type FormTag,
  type FormTarget,
  type Gender,
  sortFormTags,
  type VocabularyEntry,
  vocabularyKey,
} from '@lesefuchs/core';
import { z } from 'zod';
import {
  CONTENT_DIR,
  type Loaded,
  loadVocabulary,
  parseFile,
} from '../../apps/server/src/content/corpus.ts';
import {
  allStrings,
  germanSpeller,
  LEXICON_GENDER,
  lexiconAdjective,
  lexiconNoun,
  lexiconVerb,
  modernSpelling,
  type NounForms,
  type Speller,
  type VerbForm,
} from './lexicon.ts';

/** Closed-class paradigms the lexicon does not list: each lemma's inflected forms. */
const PARADIGMS: Record<string, string[]> = {
  der: ['der', 'den', 'dem', 'des'],
  die: ['die'],
  das: ['das'],
  ein: ['ein', 'eine', 'einen', 'einem', 'einer', 'eines'],
  kein: ['kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines'],
  ich: ['ich', 'mich', 'mir'],
  du: ['du', 'dich', 'dir'],
  er: ['er', 'ihn', 'ihm'],
  sie: ['sie', 'ihr'],
  es: ['es'],
  wir: ['wir', 'uns'],
  ihr: ['ihr', 'euch'],
  Sie: ['Sie', 'Ihnen'],
  sich: ['sich'],
  wer: ['wer', 'wen', 'wem', 'wessen'],
  jemand: ['jemand', 'jemanden', 'jemandem'],
  niemand: ['niemand', 'niemanden', 'niemandem'],
};
const DETERMINER_ENDINGS = ['', 'e', 'en', 'em', 'er', 'es'];
const DECLINED_DETERMINERS = [
  'mein',
  'dein',
  'sein',
  'ihr',
  'unser',
  'euer',
  'Ihr',
  'dies',
  'jen',
  'welch',
  'jed',
  'manch',
  'all',
  'solch',
];

/** Stems that are not the word less its ending: unser → unsere (not "unse"), euer → eure. */
const DETERMINER_STEMS: Record<string, string> = { unser: 'unser', euer: 'eur' };
/** Stems that stand on their own uninflected: "dies", "manch ein", "solch ein", "welch ein". */
const BARE_STEMS = ['dies', 'welch', 'manch', 'solch', 'all', 'mein', 'dein', 'sein', 'ihr', 'Ihr'];

/** The forms of a closed-class word (article, pronoun, possessive) from the table above. */
export function closedClassForms(base: string): string[] {
  const forms = [...(PARADIGMS[base] ?? [])];
  const stem = DETERMINER_STEMS[base] ?? base.replace(/e[rs]?$/, '');
  if (DECLINED_DETERMINERS.includes(base) || DECLINED_DETERMINERS.includes(stem)) {
    forms.push(base);
    for (const ending of DETERMINER_ENDINGS) {
      // The bare stem is a word only for some ("dies", "manch"), never "jed" or "eur".
      if (ending !== '' || BARE_STEMS.includes(stem)) forms.push(`${stem}${ending}`);
    }
  }
  return [...new Set(forms)];
}

/** A written form → what it is of its entry (no tag: the word itself, or nothing to say). */
export type Readings = Map<string, Set<FormTag>>;

function read(readings: Readings, form: string, ...tags: FormTag[]): void {
  const known = readings.get(form) ?? new Set<FormTag>();
  for (const tag of tags) known.add(tag);
  readings.set(form, known);
}

// ── Nouns ───────────────────────────────────────────────────────────────────────────────────

export interface NounData {
  base_word: string;
  gender: Gender;
  /** "die Häuser", or null for a noun without a plural. */
  plural: string | null;
}

const syllables = (word: string) => word.match(/[aeiouyäöüé]+/gi)?.length ?? 0;

/** Endings of masculine nouns that decline weak when their plural adds -en: des Studenten. */
const WEAK_ENDING = /(?:[^a]at|and|ant|ent|et|ist|it|ot|graf|graph|nom|naut|soph)$/;
/** Weak masculine nouns without such an ending, alone or ending a compound, and their -n/-en. */
const WEAK_NOUNS: Record<string, 'n' | 'en'> = {
  Mensch: 'en',
  Held: 'en',
  Herr: 'n',
  Bär: 'en',
  Prinz: 'en',
  Graf: 'en',
  Fürst: 'en',
  Narr: 'en',
  Christ: 'en',
  Hirt: 'en',
  Bauer: 'n',
  Nachbar: 'n',
  Kamerad: 'en',
  Architekt: 'en',
};
/** Masculine nouns in -e whose genitive adds -ns: des Namens, des Gedankens, des Glaubens. */
const MIXED = /(?:name|gedanke|buchstabe|friede|funke|glaube|wille|same|haufe)$/;

/**
 * How a noun declines: a masculine one weak (der Junge, den Jungen; der Student, des Studenten)
 * when its plural adds -n to an -e or -en to a weak ending or weak noun; mixed (der Name, des
 * Namens) for the few -e nouns that take -ns; every other noun strong.
 */
function declension(base: string, gender: Gender, plural: string | null) {
  if (gender !== 'masculine') return 'strong';
  if (MIXED.test(base.toLowerCase())) return 'mixed';
  const weak = weakEnding(base, plural);
  return weak ? { weak } : 'strong';
}

function weakEnding(base: string, plural: string | null): 'n' | 'en' | null {
  if (!plural) return null;
  if (base.endsWith('e') && !base.endsWith('ee') && plural === `${base}n`) return 'n';
  const word = Object.keys(WEAK_NOUNS).find(
    (weak) => base === weak || base.endsWith(weak.toLowerCase()),
  );
  if (word) {
    const ending = WEAK_NOUNS[word] as 'n' | 'en';
    return plural === `${base}en` || plural === `${base}n` ? ending : null;
  }
  return plural === `${base}en` && WEAK_ENDING.test(base) ? 'en' : null;
}

/**
 * The genitive singular of a masculine or neuter strong noun: -s, or -es after s, ß, x, z and
 * sch (-ses after -nis and where the plural doubles the s: des Busses); both after one syllable
 * ending in a consonant (des Tags, des Tages); -s alone after a vowel (des Käses, des Autos) and
 * with an -s plural; none for Latin and Greek -us, -os, -as (des Globus).
 */
export function genitiveSingular(base: string, plural: string | null): string[] {
  if (plural === `${base}s`) return [`${base}s`];
  if (base.endsWith('nis') || (base.endsWith('s') && plural?.startsWith(`${base}s`))) {
    return [`${base}ses`];
  }
  if (/[^aeiouäöü][aeiouy]s$/.test(base) && syllables(base) > 1) return [];
  if (/(?:s|ß|x|z|sch)$/.test(base)) return [`${base}es`];
  if (/[aeiouyäöüé]$/.test(base)) return [`${base}s`];
  return syllables(base) === 1 ? [`${base}s`, `${base}es`] : [`${base}s`];
}

/** The dative plural: -n after a plural in -e, -el, -er (den Kindern), else the plural itself. */
export function dativePlural(plural: string): string {
  return /[elr]$/.test(plural) ? `${plural}n` : plural;
}

/**
 * The forms of a noun by rule, from the entry's own gender and plural: the plural and dative
 * plural; for a weak noun its -n/-en form (den Jungen); for a mixed one -n and genitive -ns;
 * for another masculine or neuter noun the genitive; for a feminine noun nothing more.
 */
export function nounForms(noun: NounData): Readings {
  const base = noun.base_word;
  const plural = noun.plural?.replace(/^die\s+/, '') ?? null;
  const readings: Readings = new Map();
  const kind = declension(base, noun.gender, plural);
  if (kind === 'mixed') {
    read(readings, `${base}n`, 'obl');
    read(readings, `${base}ns`, 'gen');
  } else if (kind !== 'strong') {
    read(readings, `${base}${kind.weak}`, 'obl');
  } else if (noun.gender !== 'feminine') {
    for (const form of genitiveSingular(base, plural)) read(readings, form, 'gen');
  }
  if (plural) {
    read(readings, plural, 'pl');
    if (dativePlural(plural) !== plural) read(readings, dativePlural(plural), 'datpl');
  }
  return readings;
}

/** Adjective and participle endings of a noun declined like an adjective (der Erwachsene). */
const DERIVED_ADJECTIVE = /(?:lich|isch|ig|los|bar|sam|haft|end|en|t)$/;

/**
 * A nominalised adjective or participle (der Erwachsene, die Vorgesetzte): an -e noun whose
 * stem is a derived adjective of the lexicon. Plain ones are left out on purpose: die Wüste,
 * die Runde and der Junge are nouns, not adjectives (eine Runde, not "einer Runder").
 */
function isNominalised(noun: NounData): boolean {
  const stem = noun.base_word.slice(0, -1);
  return (
    noun.gender !== 'neuter' &&
    noun.base_word.endsWith('e') &&
    syllables(stem) > 1 &&
    DERIVED_ADJECTIVE.test(stem) &&
    lexiconAdjective(stem.toLowerCase()).length > 0
  );
}

/** The forms of a nominalised adjective: der Erwachsene, den Erwachsenen, ein Erwachsener. */
function nominalisedForms(noun: NounData): Readings {
  const base = noun.base_word;
  const readings: Readings = new Map();
  read(readings, `${base}n`, 'obl', 'pl');
  read(readings, `${base}r`, 'decl');
  if (noun.gender === 'masculine') read(readings, `${base}m`, 'decl');
  return readings;
}

/** What each slot of a lexicon noun is: plural, dative plural, genitive, old dative, weak. */
function nounSlotTag(
  caseKey: string,
  numberKey: string,
  form: string,
  base: string,
): FormTag | null {
  if (numberKey.startsWith('P')) return caseKey.startsWith('DA') ? 'datpl' : 'pl';
  if (caseKey === 'GEN') return 'gen';
  if (caseKey === 'NOM' || form === base) return null;
  return caseKey.startsWith('DA') && form === `${base}e` ? 'dat' : 'obl';
}

/** The forms of a noun the lexicon knows with our gender, in today's spelling. */
function lexiconNounForms(
  entries: NounForms[],
  noun: NounData,
  speller: Speller,
  confirmed: (readings: Readings) => Readings,
): Readings {
  const readings: Readings = new Map();
  for (const entry of entries) {
    for (const [caseKey, numbers] of Object.entries(entry)) {
      if (caseKey === 'G' || typeof numbers !== 'object') continue;
      for (const [numberKey, written] of Object.entries(numbers as Record<string, string>)) {
        const form = modernSpelling(written, speller);
        if (!form || form.length < 2) continue;
        const tag = nounSlotTag(caseKey, numberKey, form, noun.base_word);
        read(readings, form, ...(tag ? [tag] : []));
      }
    }
  }
  const hasGenitive = [...readings.values()].some((tags) => tags.has('gen') || tags.has('obl'));
  const ruled = confirmed(nounForms(noun));
  for (const [form, tags] of ruled) {
    if (tags.has('pl') || tags.has('datpl') || !hasGenitive) read(readings, form, ...tags);
  }
  return readings;
}

/**
 * The forms of a noun: the lexicon's, when it has the noun with our gender; else the rules'.
 * A form a rule makes stays only where Hunspell knows it (as a word or a compound of words):
 * the rules are sure, but a noun may have its own ways (des Gramms, not "des Grammes").
 */
function nounReadings(noun: NounData, speller: Speller): Readings {
  const readings = untidyNounReadings(noun, speller);
  // "Menschen" is plural and the weak singular: it needs no "dative plural" or "genitive" more.
  for (const tags of readings.values()) {
    if (tags.has('pl')) tags.delete('datpl');
    if (tags.has('obl')) tags.delete('gen');
  }
  return readings;
}

function untidyNounReadings(noun: NounData, speller: Speller): Readings {
  const plural = noun.plural?.replace(/^die\s+/, '');
  const confirmed = (readings: Readings): Readings =>
    new Map(
      [...readings].filter(([form]) => form === plural || speller.knowsCompound(asNoun(form))),
    );
  if (isNominalised(noun)) return confirmed(merge(nominalisedForms(noun), nounForms(noun)));
  // The lexicon keeps one noun per spelling: one of another gender is another noun (das Steuer,
  // the wheel, for die Steuer, the tax), so our rules decline ours.
  const known = lexiconNoun(noun.base_word).filter(
    (entry) => !entry.G || LEXICON_GENDER[entry.G] === noun.gender,
  );
  return known.length > 0
    ? lexiconNounForms(known, noun, speller, confirmed)
    : confirmed(nounForms(noun));
}

/** A form as the speller is asked about a noun's: "ddr-fernsehens" → "Ddr-fernsehens". */
export const asNoun = (form: string) =>
  `${form.charAt(0).toUpperCase()}${form.slice(1).toLowerCase()}`;

function merge(...all: Readings[]): Readings {
  const readings: Readings = new Map();
  for (const one of all) for (const [form, tags] of one) read(readings, form, ...tags);
  return readings;
}

// ── Verbs ───────────────────────────────────────────────────────────────────────────────────

const TENSE = { PRÄ: 'pres', PRT: 'past' } as const;
const MOOD = { KJ1: 'subj1', KJ2: 'subj2' } as const;

interface VerbReadings {
  plain: Readings;
  /** Finite forms of a separable verb written apart: "kommt" of "kommt … an". */
  separated: Map<string, { particle: string; tags: Set<FormTag> }>;
}

function verbReadings(lemma: string, speller: Speller): VerbReadings {
  const plain: Readings = new Map([[lemma, new Set()]]);
  const separated: VerbReadings['separated'] = new Map();
  // joined: a separable verb's finite form in a subordinate clause ("…, weil er ankommt");
  // never an imperative.
  const add = (form: VerbForm, tag: FormTag, joined = true) => {
    if (typeof form === 'string') {
      const modern = modernSpelling(form, speller);
      if (modern) read(plain, modern, tag);
      return;
    }
    const [finite, particle] = form;
    const modern = modernSpelling(finite, speller);
    if (!modern) return;
    const known = separated.get(modern) ?? { particle, tags: new Set<FormTag>() };
    known.tags.add(tag);
    separated.set(modern, known);
    if (joined) read(plain, `${particle}${modern}`, tag);
  };
  for (const entry of lexiconVerb(lemma)) {
    for (const key of ['PRÄ', 'PRT'] as const) {
      for (const [number, persons] of Object.entries(entry[key] ?? {})) {
        for (const [person, form] of Object.entries(persons)) {
          add(form, `${TENSE[key]}${person}${number === 'S' ? 's' : 'p'}` as FormTag);
        }
      }
    }
    for (const key of ['KJ1', 'KJ2'] as const) {
      for (const persons of Object.values(entry[key] ?? {})) {
        for (const form of Object.values(persons)) add(form, MOOD[key]);
      }
    }
    for (const form of Object.values(entry.IMP ?? {})) add(form, 'imp', false);
    if (entry.PA1) add(entry.PA1, 'prp');
    for (const form of entry.PA2 ?? []) add(form, 'pp');
    // Only a separable verb writes its zu-infinitive as one word: anzukommen, but "zu gehen".
    if (entry.EIZ) add(entry.EIZ, 'zuinf');
  }
  return { plain, separated };
}

// ── Adjectives ──────────────────────────────────────────────────────────────────────────────

const ENDINGS = ['e', 'en', 'em', 'er', 'es'];

/** Comparison no rule makes: comparative and superlative stems (mehr, lieber take no ending). */
const IRREGULAR_GRADES: Record<string, [string, string]> = {
  gut: ['besser', 'best'],
  groß: ['größer', 'größt'],
  viel: ['mehr', 'meist'],
  hoch: ['höher', 'höchst'],
  nah: ['näher', 'nächst'],
  gern: ['lieber', 'liebst'],
  bald: ['eher', 'ehest'],
  oft: ['öfter', 'öftest'],
};
const UNDECLINED = new Set(['mehr', 'lieber', 'eher', 'öfter']);

/** The stem with its last a, o or u umlauted (alt → ält), or null when it has none. */
function umlauted(word: string): string | null {
  const match = /([aou])([^aeiouäöü]*)$/.exec(word);
  if (!match || /[ae]u$/.test(word.slice(0, match.index + 1))) return null;
  const umlaut = { a: 'ä', o: 'ö', u: 'ü' }[match[1] as 'a' | 'o' | 'u'];
  return `${word.slice(0, match.index)}${umlaut}${match[2]}`;
}

/** The stems declined adjectives are built on: müde → müd-, dunkel → dunkl-, teuer → teur-. */
function declensionStems(base: string): string[] {
  if (base === 'hoch') return ['hoh'];
  if (base.endsWith('e')) return [base.slice(0, -1)];
  if (/[^e]el$/.test(base) || /[ae]uer$/.test(base)) return [base, base.replace(/e(?=[lr]$)/, '')];
  return [base];
}

/**
 * Comparative and superlative, each with its endings, as far as Hunspell knows them: it lists
 * comparison only for adjectives that have one (not tot, not schwanger), and it tells älter from
 * "alter", the plain adjective with an ending.
 */
function gradedReadings(base: string, check: (word: string) => boolean): Readings {
  const readings: Readings = new Map();
  const irregular = IRREGULAR_GRADES[base];
  const stems = [base, umlauted(base)].filter((stem): stem is string => stem !== null);
  const comparatives = irregular
    ? [irregular[0]]
    : stems.map((stem) => (stem.endsWith('e') ? `${stem}r` : `${declensionStems(stem).at(-1)}er`));
  const superlatives = irregular
    ? [irregular[1]]
    : stems.flatMap((stem) => (stem.endsWith('e') ? [`${stem}st`] : [`${stem}st`, `${stem}est`]));
  for (const stem of comparatives) {
    const undeclined = irregular && UNDECLINED.has(stem);
    const forms = undeclined ? [stem] : [stem, ...ENDINGS.map((e) => `${stem}${e}`)];
    const known = forms.filter(check);
    if (irregular || check(`${stem}en`)) for (const form of known) read(readings, form, 'comp');
  }
  for (const stem of superlatives) {
    const known = ENDINGS.map((ending) => `${stem}${ending}`).filter(check);
    if (irregular || check(`${stem}en`)) for (const form of known) read(readings, form, 'sup');
  }
  return readings;
}

function adjectiveReadings(entry: VocabularyEntry, base: string, speller: Speller): Readings {
  const readings: Readings = new Map();
  const check = speller.knows(base)
    ? speller.knows
    : (form: string) => speller.knowsCompound(form.toLowerCase());
  const known = lexiconAdjective(base);
  for (const written of known.flatMap(allStrings)) {
    const form = modernSpelling(written, speller);
    if (form) read(readings, form, 'decl');
  }
  const isAdjective = entry.part_of_speech === 'adjective';
  if (known.length === 0 && isAdjective) {
    const candidates = declensionStems(base).flatMap((stem) => ENDINGS.map((e) => `${stem}${e}`));
    for (const form of candidates.filter(check)) read(readings, form, 'decl');
  }
  if (isAdjective || IRREGULAR_GRADES[base]) {
    for (const [form, tags] of gradedReadings(base, check)) read(readings, form, ...tags);
  }
  return readings;
}

// ── The table ───────────────────────────────────────────────────────────────────────────────

function formsOf(entry: VocabularyEntry, speller: Speller): VerbReadings {
  const base = entry.base_word.replace(/^sich\s+/, '');
  const separated: VerbReadings['separated'] = new Map();
  // Phrases and expressions are not single tokens.
  if (/\s/.test(base)) return { plain: new Map(), separated };
  switch (entry.part_of_speech) {
    case 'noun':
      return { plain: nounReadings(entry, speller), separated };
    case 'verb':
    case 'auxiliary':
    case 'modal':
      return verbReadings(base, speller);
    case 'adjective':
    case 'adverb':
      return { plain: adjectiveReadings(entry, base, speller), separated };
    default:
      return { plain: new Map(closedClassForms(base).map((form) => [form, new Set()])), separated };
  }
}

/** Hand-added forms: lower-case written form → the keys ("word|part_of_speech") it leads to. */
const formsExtraSchema = z.record(z.string().trim().min(1), z.array(z.string().min(1)).min(1));
export type FormsExtra = z.infer<typeof formsExtraSchema>;

/** Every content/forms-extra/*.json: forms the lexicon lacks, chosen by a person. */
export function loadFormsExtra(contentDir = CONTENT_DIR): Loaded<FormsExtra>[] {
  const dir = path.join(contentDir, 'forms-extra');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, value: parseFile(path.join(dir, file), formsExtraSchema) }));
}

/**
 * A speller that knows nothing and notes every word it is asked about. Told no, each check goes
 * on to ask all it could ever ask (modernSpelling tries every spelling, the comparison every
 * ending), so the notes hold every word the real speller will be asked about.
 */
function questionsSpeller(asked: Set<string>): Speller {
  const knows = (word: string) => {
    asked.add(word);
    return false;
  };
  return { knows, knowsCompound: knows };
}

/**
 * The forms table of a vocabulary, deterministic: forms and candidates in a fixed order. An
 * entry's own base word comes first among a form's candidates, then hand-added ones (a person
 * chose them), then the generated ones. A hand-added key that names no entry is an error.
 */
export function buildForms(
  entries: VocabularyEntry[],
  extras: Loaded<FormsExtra>[] = loadFormsExtra(),
): FormsTable {
  const keys = new Set(entries.map(vocabularyKey));
  const unknown = extras.flatMap(({ file, value }) =>
    Object.entries(value).flatMap(([form, targets]) =>
      targets.filter((key) => !keys.has(key)).map((key) => `${file}: "${form}" → "${key}"`),
    ),
  );
  if (unknown.length > 0) {
    throw new Error(
      `content/forms-extra: ${unknown.length} hand-added form(s) name no vocabulary entry (a key is "word|part_of_speech", e.g. "das Haus|noun"):\n  ${unknown.join('\n  ')}`,
    );
  }

  // Two passes: the first notes every word the spelling checks ask about, so that Hunspell is
  // loaded with only the dictionary lines those words need (seconds less than all of it).
  const asked = new Set<string>();
  const questions = questionsSpeller(asked);
  for (const entry of entries) formsOf(entry, questions);
  const speller = germanSpeller(asked);

  const table = new Map<string, FormTarget[]>();
  const add = (form: string, key: string, particle?: string, tags?: Iterable<FormTag>) => {
    const list = table.get(form.toLowerCase()) ?? [];
    let target = list.find((existing) => existing.key === key && existing.particle === particle);
    if (!target) {
      target = particle === undefined ? { key } : { key, particle };
      list.push(target);
    }
    const merged = sortFormTags([...(target.tags ?? []), ...(tags ?? [])]);
    if (merged.length > 0) target.tags = merged;
    table.set(form.toLowerCase(), list);
  };
  for (const entry of entries) add(entry.base_word.replace(/^sich\s+/, ''), vocabularyKey(entry));
  for (const { value } of extras) {
    for (const [form, targets] of Object.entries(value)) for (const key of targets) add(form, key);
  }
  for (const entry of entries) {
    const key = vocabularyKey(entry);
    const own = entry.base_word.replace(/^sich\s+/, '').toLowerCase();
    // The entry's own word needs no tag: the card shows the entry itself.
    const tagsOf = (form: string, tags: Set<FormTag>) => (form.toLowerCase() === own ? [] : tags);
    const { plain, separated } = formsOf(entry, speller);
    for (const [form, tags] of plain) add(form, key, undefined, tagsOf(form, tags));
    for (const [finite, { particle, tags }] of separated) add(finite, key, particle, tags);
  }
  return Object.fromEntries([...table.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name: string) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const contentDir = path.resolve(option('--content') ?? CONTENT_DIR);
  const out = path.resolve(option('--out') ?? path.join(contentDir, 'vocabulary', 'forms.json'));
  const entries = loadVocabulary(contentDir).map((loaded) => loaded.value);
  const forms = buildForms(entries, loadFormsExtra(contentDir));
  writeFileSync(out, `${JSON.stringify(forms)}\n`);
  console.log(`${out}: ${Object.keys(forms).length} forms of ${entries.length} entries`);
}
