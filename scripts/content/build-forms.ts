// Builds content/vocabulary/forms.json: every written form of every vocabulary entry → the
// entries it belongs to, so a tap on "ging" finds "gehen" and "kommt … an" finds "ankommen".
// Run after editing the vocabulary: `npx tsx scripts/content/build-forms.ts`.
import { writeFileSync } from 'node:fs';
import {
  type FormsTable,
  type FormTarget,
  type VocabularyEntry,
  vocabularyKey,
} from '@lesefuchs/core';
import { FORMS_FILE, loadVocabulary } from '../../apps/server/src/content/corpus.ts';
import {
  allStrings,
  lexiconAdjectives,
  lexiconNouns,
  lexiconVerbs,
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

const ENDINGS = ['', 'e', 'en', 'em', 'er', 'es'];

/** Declined forms of an adjective the lexicon does not list: the regular endings. */
function adjectiveEndings(base: string): string[] {
  const stem = base.endsWith('e') ? base.slice(0, -1) : base;
  return ENDINGS.slice(1).map((ending) => `${stem}${ending}`);
}

/** Regular comparative and superlative with their endings (umlauting ones come from the lexicon). */
function gradedForms(base: string): string[] {
  const stem = base.endsWith('e') ? base.slice(0, -1) : base;
  const superlative = /(s|ß|x|z|d|t|sch)$/.test(stem) ? `${stem}est` : `${stem}st`;
  return ENDINGS.flatMap((ending) => [
    `${stem}er${ending}`,
    ...(ending ? [`${superlative}${ending}`] : []),
  ]);
}

/**
 * Forms of a noun the lexicon does not list: genitive -s/-es, plural and dative -n/-en, and
 * for a nominalised adjective (der Erwachsene) its strong endings (ein Erwachsener).
 */
function regularNounForms(base: string): string[] {
  const forms = [`${base}s`, `${base}es`, `${base}n`, `${base}en`];
  if (base.endsWith('e')) forms.push(`${base}r`, `${base}m`);
  return forms;
}

function verbForms(lemma: string): { plain: Set<string>; separated: Map<string, string> } {
  const plain = new Set<string>([lemma]);
  const separated = new Map<string, string>();
  const entry = lexiconVerbs()[lemma];
  if (!entry) return { plain, separated };
  const add = (form: VerbForm) => {
    if (typeof form === 'string') plain.add(form);
    else {
      const [finite, particle] = form;
      separated.set(finite, particle);
      plain.add(`${particle}${finite}`); // joined in a subordinate clause: "…, weil er ankommt"
    }
  };
  for (const key of ['PRÄ', 'PRT', 'KJ1', 'KJ2'] as const) {
    for (const number of Object.values(entry[key] ?? {}))
      for (const form of Object.values(number)) add(form);
  }
  for (const form of Object.values(entry.IMP ?? {})) add(form);
  if (entry.PA1) plain.add(entry.PA1);
  for (const form of entry.PA2 ?? []) plain.add(form);
  const particle = [...separated.values()][0];
  if (particle && lemma.startsWith(particle))
    plain.add(`${particle}zu${lemma.slice(particle.length)}`);
  else plain.add(`zu${lemma}`);
  return { plain, separated };
}

function formsOf(entry: VocabularyEntry): { plain: Set<string>; separated: Map<string, string> } {
  const base = entry.base_word.replace(/^sich\s+/, '');
  const plain = new Set<string>();
  const separated = new Map<string, string>();
  if (/\s/.test(base)) return { plain, separated }; // phrases and expressions are not single tokens
  plain.add(base);
  switch (entry.part_of_speech) {
    case 'noun': {
      const known = lexiconNouns()[base];
      for (const form of allStrings(known)) if (form.length > 1) plain.add(form);
      if (entry.plural) plain.add(entry.plural.replace(/^die\s+/, ''));
      if (!known) for (const form of regularNounForms(base)) plain.add(form);
      // A nominalised adjective (der Erwachsene) the lexicon lists only as a neuter homograph:
      // its strong forms (ein Erwachsener) too.
      else if (base.endsWith('e') && known.G === 'N' && entry.gender !== 'neuter') {
        for (const ending of ['r', 'n', 'm', 's']) plain.add(`${base}${ending}`);
      }
      break;
    }
    case 'verb':
    case 'auxiliary':
    case 'modal':
      return verbForms(base);
    case 'adjective':
    case 'adverb': {
      const known = lexiconAdjectives()[base];
      for (const form of allStrings(known)) plain.add(form);
      if (entry.part_of_speech === 'adjective') {
        if (!known) for (const form of adjectiveEndings(base)) plain.add(form);
        for (const form of gradedForms(base)) plain.add(form);
      }
      break;
    }
    default:
      for (const form of PARADIGMS[base] ?? []) plain.add(form);
      if (
        DECLINED_DETERMINERS.includes(base) ||
        DECLINED_DETERMINERS.includes(base.replace(/e[rs]?$/, ''))
      ) {
        const stem = base.replace(/e[rs]?$/, '') === base ? base : base.replace(/e[rs]?$/, '');
        for (const ending of DETERMINER_ENDINGS) plain.add(`${stem}${ending}`);
      }
  }
  return { plain, separated };
}

/** The forms table of a vocabulary, deterministic: forms and candidates in a fixed order. */
export function buildForms(entries: VocabularyEntry[]): FormsTable {
  const table = new Map<string, FormTarget[]>();
  const add = (form: string, target: FormTarget) => {
    const key = form.toLowerCase();
    const list = table.get(key) ?? [];
    if (
      !list.some((existing) => existing.key === target.key && existing.particle === target.particle)
    ) {
      list.push(target);
    }
    table.set(key, list);
  };
  // An entry's own base form comes first among a form's candidates ("essen" before "das Essen"
  // only where "essen" is the written base).
  for (const entry of entries)
    add(entry.base_word.replace(/^sich\s+/, ''), { key: vocabularyKey(entry) });
  for (const entry of entries) {
    const key = vocabularyKey(entry);
    const { plain, separated } = formsOf(entry);
    for (const form of plain) add(form, { key });
    for (const [finite, particle] of separated) add(finite, { key, particle });
  }
  return Object.fromEntries([...table.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const entries = loadVocabulary().map((loaded) => loaded.value);
  const forms = buildForms(entries);
  writeFileSync(FORMS_FILE, `${JSON.stringify(forms)}\n`);
  console.log(`forms.json: ${Object.keys(forms).length} forms of ${entries.length} entries`);
}
