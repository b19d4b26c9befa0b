import { foldSpelling, writeOutUmlauts } from '@lesefuchs/core';
import type { Database } from '../db/client.ts';
import { formsIndex } from './forms-index.ts';

// Which entries a written form belongs to, for the vocabulary search (GET
// /api/vocabulary/forms): "ging" → gehen, "Häuser" → das Haus. The form table is read once per
// process, as the story tokens read it: the content is imported before the server listens and
// does not change while it runs. A form is found as written, then as a spelling of a form a
// learner types without a German keyboard, or in today's spelling where the lexicon has the
// old one: "wusste" finds the table's "wußte", "müsste" its "müßte", "hauser" its "häuser",
// "aepfel" its "äpfel". Only the table's side is spelt out: an umlaut typed is meant, so
// "fährt" does not find the forms of die Fahrt.

/** At most this many entries in one answer. */
export const FORM_ENTRIES_MAX = 20;

/** The other spellings of a form: ß as ss alone (müßte → müsste), folded, written out. */
const spellingsOf = (form: string) =>
  new Set(
    [form.replace(/ß/g, 'ss'), foldSpelling(form), writeOutUmlauts(form)].filter((s) => s !== form),
  );

interface FormLookup {
  /** The corpus import the table came from: the answers' version. */
  version: string;
  /** Form as written → entry ids, a separable verb written apart ("kommt … an") last. */
  written: Map<string, number[]>;
  /** Another spelling → entry ids of every form it is a spelling of. */
  spelt: Map<string, number[]>;
}

const append = (map: Map<string, number[]>, key: string, ids: readonly number[]) => {
  const list = map.get(key);
  if (list) list.push(...ids);
  else map.set(key, [...ids]);
};

async function loadLookup(db: Database): Promise<FormLookup> {
  const { forms, idOf, version } = await formsIndex(db);
  const written = new Map<string, number[]>();
  for (const [form, targets] of Object.entries(forms)) {
    // A separable verb written apart ("kommt … an") after the plain readings.
    const ordered = [
      ...targets.filter((target) => !target.particle),
      ...targets.filter((target) => target.particle),
    ];
    const ids = ordered.map((target) => idOf.get(target.key)).filter((id) => id !== undefined);
    written.set(form, ids);
  }
  const spelt = new Map<string, number[]>();
  for (const [form, ids] of written) {
    for (const spelling of spellingsOf(form)) append(spelt, spelling, ids);
  }
  return { version, written, spelt };
}

const lookups = new WeakMap<Database, Promise<FormLookup>>();

/** The form look-up of this database, built on first use; an empty table is read again. */
async function lookupOf(db: Database): Promise<FormLookup> {
  let loading = lookups.get(db);
  if (!loading) {
    loading = loadLookup(db);
    lookups.set(db, loading);
  }
  try {
    const lookup = await loading;
    if (lookup.written.size === 0) lookups.delete(db);
    return lookup;
  } catch (error) {
    lookups.delete(db);
    throw error;
  }
}

/** The version of the form table's answers (changes with each corpus import). */
export async function formsVersion(db: Database): Promise<string> {
  return (await lookupOf(db)).version;
}

/**
 * The entries a written form belongs to, most likely first: those of the form as written,
 * then those of the forms spelt alike once ß, umlauts and accents are folded.
 */
export async function entriesOfForm(db: Database, form: string): Promise<number[]> {
  const lookup = await lookupOf(db);
  const written = form.toLocaleLowerCase('de');
  const ids = [
    ...(lookup.written.get(written) ?? []),
    ...(lookup.spelt.get(foldSpelling(written)) ?? []),
  ];
  return [...new Set(ids)].slice(0, FORM_ENTRIES_MAX);
}
