import {
  type FormsTable,
  type FormTag,
  type FormTarget,
  isFormTag,
  type NamesTable,
} from '@lesefuchs/core';
import { asc, eq } from 'drizzle-orm';
import { loadNames } from '../content/corpus.ts';
import type { Database } from '../db/client.ts';
import { contentImports, vocabulary, vocabularyForms } from '../db/schema/index.ts';

// The imported form table (written form → entries), the entry ids by natural key, the names of
// the stories and the corpus version, read once per process for the story tokens and the form
// look-up alike: the content is imported before the server listens and does not change while
// it runs. An empty table (nothing imported yet) is read again on the next call.

export interface FormsIndex {
  forms: FormsTable;
  idOf: Map<string, number>;
  names: NamesTable;
  /** The imported corpus's hash: what a story's or a form's answer depends on. */
  version: string;
}

/** The version before any import of the corpus. */
export const NO_CORPUS = 'none';

async function load(db: Database): Promise<FormsIndex> {
  const entries = await db
    .select({ id: vocabulary.id, word: vocabulary.word, pos: vocabulary.partOfSpeech })
    .from(vocabulary);
  const idOf = new Map(entries.map((entry) => [`${entry.word}|${entry.pos}`, entry.id]));
  const keyOf = new Map(entries.map((entry) => [entry.id, `${entry.word}|${entry.pos}`]));
  const rows = await db
    .select({
      form: vocabularyForms.form,
      vocabularyId: vocabularyForms.vocabularyId,
      particle: vocabularyForms.particle,
      tags: vocabularyForms.tags,
    })
    .from(vocabularyForms)
    .orderBy(asc(vocabularyForms.form), asc(vocabularyForms.position));
  // The table lives as long as the process, so it is kept small: the few hundred distinct tag
  // lists and particles are shared rather than read anew for each of ~60,000 rows, and each
  // form's list has exactly its length (a list grown by push keeps room for 17).
  const shared = new Map<string, FormTag[]>();
  const sharedTags = (tags: FormTag[]) => {
    const id = tags.join(' ');
    let found = shared.get(id);
    if (!found) {
      // (Frozen: a list shared by thousands of forms must not be changed through one.)
      found = Object.freeze(tags) as FormTag[];
      shared.set(id, found);
    }
    return found;
  };
  const particles = new Map<string, string>();
  const sharedParticle = (particle: string) => {
    const found = particles.get(particle);
    if (found) return found;
    particles.set(particle, particle);
    return particle;
  };
  const forms: FormsTable = {};
  let form: string | null = null;
  let targets: FormTarget[] = [];
  const close = () => {
    if (form !== null && targets.length > 0) forms[form] = targets.slice();
  };
  // Rows come ordered by form: each form's targets are gathered, then stored at their size.
  for (const row of rows) {
    if (row.form !== form) {
      close();
      form = row.form;
      targets = [];
    }
    const key = keyOf.get(row.vocabularyId);
    if (!key) continue;
    const tags = row.tags?.filter(isFormTag);
    targets.push({
      key,
      ...(row.particle ? { particle: sharedParticle(row.particle) } : {}),
      ...(tags && tags.length > 0 ? { tags: sharedTags(tags) } : {}),
    });
  }
  close();
  const [corpus] = await db
    .select({ hash: contentImports.hash })
    .from(contentImports)
    .where(eq(contentImports.source, 'corpus'));
  // The names ship with the content files, as the audio does; they change only with them.
  return { forms, idOf, names: loadNames(), version: corpus?.hash.slice(0, 16) ?? NO_CORPUS };
}

const indexes = new WeakMap<Database, Promise<FormsIndex>>();
/** Whether an index holds no forms, found once per index (its forms are tens of thousands). */
const emptiness = new WeakMap<FormsIndex, boolean>();
const isEmpty = (index: FormsIndex) => {
  let empty = emptiness.get(index);
  if (empty === undefined) {
    empty = Object.keys(index.forms).length === 0;
    emptiness.set(index, empty);
  }
  return empty;
};

/** The forms index of this database, loaded on first use. */
export async function formsIndex(db: Database): Promise<FormsIndex> {
  let loading = indexes.get(db);
  if (!loading) {
    loading = load(db);
    indexes.set(db, loading);
  }
  try {
    const index = await loading;
    if (isEmpty(index)) indexes.delete(db);
    return index;
  } catch (error) {
    indexes.delete(db);
    throw error;
  }
}
