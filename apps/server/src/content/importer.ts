import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  countWords,
  type FormsTable,
  READING_WORDS_PER_MINUTE,
  readingMinutes,
  type StoryFile,
  type StorySeries,
  type VocabularyEntry,
} from '@lesefuchs/core';
import { eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { contentImports, stories, vocabulary, vocabularyForms } from '../db/schema/index.ts';
import { CONTENT_DIR, loadSeries, loadStories, loadVocabulary, readForms } from './corpus.ts';

/** The URL path the server serves content/audio under. */
export const AUDIO_URL_PREFIX = '/audio';
const CHUNK = 500;

export interface ImportResult {
  /** True when nothing changed since the last import and the database was not touched. */
  unchanged: boolean;
  stories: { inserted: number; updated: number; deactivated: number };
  vocabulary: { inserted: number; updated: number };
  forms: number;
  ms: number;
}

const sha256 = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/**
 * The URL of a story's audio in one voice, or null when there is no file. The hash of its timing
 * file versions the URL, so the file can be cached for good and still change: the timings change
 * with the text, the voice and where the sentences are cut, as the audio does.
 */
function audioUrl(contentDir: string, storyId: number, voice: 'amala' | 'florian'): string | null {
  const base = path.join(contentDir, 'audio', String(storyId), `de-${voice}`);
  if (!existsSync(`${base}.mp3`) || !existsSync(`${base}.json`)) return null;
  const version = sha256(readFileSync(`${base}.json`, 'utf8')).slice(0, 12);
  return `${AUDIO_URL_PREFIX}/${storyId}/de-${voice}.mp3?v=${version}`;
}

function storyRow(contentDir: string, story: StoryFile, series: StorySeries | null) {
  const row = {
    id: story.id,
    titleDe: story.title.de,
    titleEn: story.title.en,
    titleEs: story.title.es,
    titleKr: story.title.kr,
    previewDe: story.preview.de,
    previewEn: story.preview.en,
    contentDe: story.content.de,
    contentEn: story.content.en,
    contentEs: story.content.es,
    contentKr: story.content.kr,
    difficulty: story.difficulty,
    category: story.category,
    wordCountDe: countWords(story.content.de),
    wordCountEn: countWords(story.content.en),
    readingTimeMinutes: readingMinutes(countWords(story.content.de), READING_WORDS_PER_MINUTE),
    vocabularyList: story.vocabulary_list,
    isActive: story.is_active,
    audioUrlDe: audioUrl(contentDir, story.id, 'amala'),
    audioUrlDe2: audioUrl(contentDir, story.id, 'florian'),
    audioUrlEn: null,
    audioUrlEs: null,
    audioUrlKr: null,
    series,
    createdAt: new Date(story.created_at),
  };
  return { ...row, contentHash: sha256(JSON.stringify(row)), updatedAt: row.createdAt };
}

function vocabularyRow(entry: VocabularyEntry) {
  const row = {
    word: entry.word,
    baseWord: entry.base_word,
    translationEn: entry.translation_en,
    translationEs: entry.translation_es,
    translationKr: entry.translation_kr,
    partOfSpeech: entry.part_of_speech,
    difficultyLevel: entry.difficulty_level,
    exampleSentence: entry.example_sentence,
    gender: entry.part_of_speech === 'noun' ? entry.gender : null,
    plural: entry.part_of_speech === 'noun' ? entry.plural : null,
  };
  return { ...row, contentHash: sha256(JSON.stringify(row)) };
}

/** `SET col = excluded.col` for every column but the keys, for an upsert. */
function excludedExcept<T extends PgTable>(table: T, keep: string[]): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, PgColumn][]) {
    if (!keep.includes(key)) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

function assertUnique(keys: string[], what: string): void {
  const seen = new Set<string>();
  const repeated = keys.filter((key) => (seen.has(key) ? true : (seen.add(key), false)));
  if (repeated.length > 0) {
    throw new Error(`content: repeated ${what}: ${[...new Set(repeated)].slice(0, 10).join(', ')}`);
  }
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The corpus as read from content/: the rows to write and the hash of them all. */
export interface Corpus {
  storyRows: ReturnType<typeof storyRow>[];
  vocabularyRows: ReturnType<typeof vocabularyRow>[];
  formsText: string;
  hash: string;
  /** How long reading it took, in ms. */
  ms: number;
}

/**
 * Reads content/: every file parsed and checked, the rows built and hashed. CPU work on the
 * calling thread (~250 ms), with no database: a start does it while the database opens.
 */
export function readCorpus(contentDir = CONTENT_DIR): Corpus {
  const started = performance.now();
  const storyFiles = loadStories(contentDir).map((loaded) => loaded.value);
  const entries = loadVocabulary(contentDir).map((loaded) => loaded.value);
  const formsText = readForms(contentDir);
  const seriesOf = loadSeries(contentDir);
  const storyRows = storyFiles.map((story) =>
    storyRow(contentDir, story, seriesOf.get(story.id) ?? null),
  );
  const vocabularyRows = entries.map(vocabularyRow);
  assertUnique(
    storyRows.map((row) => String(row.id)),
    'story id',
  );
  assertUnique(
    vocabularyRows.map((row) => `${row.word}|${row.partOfSpeech}`),
    'vocabulary (word, part of speech)',
  );
  const hash = sha256(
    ...storyRows.map((row) => row.contentHash),
    ...vocabularyRows.map((row) => row.contentHash),
    formsText,
  );
  return { storyRows, vocabularyRows, formsText, hash, ms: performance.now() - started };
}

/**
 * Loads content/ into the database, idempotently and in one transaction: stories by id and
 * vocabulary by (word, part of speech), each written only when its content hash changed (so
 * `updated_at` moves only then); stories no longer in the files are deactivated, never deleted,
 * because reads and bookmarks refer to them. A second start with unchanged files touches nothing.
 */
export async function importContent(db: Database, contentDir = CONTENT_DIR): Promise<ImportResult> {
  return importCorpus(db, readCorpus(contentDir));
}

/** Writes a corpus `readCorpus` read, as `importContent` does; `ms` counts the reading too. */
export async function importCorpus(db: Database, corpus: Corpus): Promise<ImportResult> {
  const started = performance.now() - corpus.ms;
  const { storyRows, vocabularyRows, formsText, hash: corpusHash } = corpus;

  const result: ImportResult = {
    unchanged: false,
    stories: { inserted: 0, updated: 0, deactivated: 0 },
    vocabulary: { inserted: 0, updated: 0 },
    forms: 0,
    ms: 0,
  };

  await db.transaction(async (tx) => {
    // Serialise concurrent starts of several instances on one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lesefuchs.content-import'))`);
    const [last] = await tx
      .select()
      .from(contentImports)
      .where(eq(contentImports.source, 'corpus'));
    if (last?.hash === corpusHash) {
      result.unchanged = true;
      return;
    }

    const storyHashes = new Map(
      (await tx.select({ id: stories.id, hash: stories.contentHash }).from(stories)).map((row) => [
        row.id,
        row.hash,
      ]),
    );
    for (const row of storyRows) {
      const previous = storyHashes.get(row.id);
      if (previous === undefined) result.stories.inserted += 1;
      else if (previous !== row.contentHash) result.stories.updated += 1;
    }
    for (const batch of chunks(storyRows, 50)) {
      await tx
        .insert(stories)
        .values(batch)
        .onConflictDoUpdate({
          target: stories.id,
          set: {
            ...excludedExcept(stories, ['id', 'createdAt', 'updatedAt']),
            updatedAt: sql`now()`,
          },
          setWhere: sql`${stories.contentHash} <> excluded.content_hash`,
        });
    }
    const ids = storyRows.map((row) => row.id);
    const deactivated = await tx
      .update(stories)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(
        sql`${stories.isActive} and ${ids.length > 0 ? notInArray(stories.id, ids) : sql`true`}`,
      )
      .returning({ id: stories.id });
    result.stories.deactivated = deactivated.length;

    const vocabularyHashes = new Map(
      (
        await tx
          .select({
            word: vocabulary.word,
            pos: vocabulary.partOfSpeech,
            hash: vocabulary.contentHash,
          })
          .from(vocabulary)
      ).map((row) => [`${row.word}|${row.pos}`, row.hash]),
    );
    for (const row of vocabularyRows) {
      const previous = vocabularyHashes.get(`${row.word}|${row.partOfSpeech}`);
      if (previous === undefined) result.vocabulary.inserted += 1;
      else if (previous !== row.contentHash) result.vocabulary.updated += 1;
    }
    for (const batch of chunks(vocabularyRows)) {
      await tx
        .insert(vocabulary)
        .values(batch)
        .onConflictDoUpdate({
          target: [vocabulary.word, vocabulary.partOfSpeech],
          set: {
            ...excludedExcept(vocabulary, ['id', 'word', 'partOfSpeech', 'createdAt', 'updatedAt']),
            updatedAt: sql`now()`,
          },
          setWhere: sql`${vocabulary.contentHash} <> excluded.content_hash`,
        });
    }

    const idOf = new Map(
      (
        await tx
          .select({ id: vocabulary.id, word: vocabulary.word, pos: vocabulary.partOfSpeech })
          .from(vocabulary)
      ).map((row) => [`${row.word}|${row.pos}`, row.id]),
    );
    const forms = JSON.parse(formsText) as FormsTable;
    const formRows = Object.entries(forms).flatMap(([form, targets]) =>
      targets.flatMap((target, position) => {
        const vocabularyId = idOf.get(target.key);
        return vocabularyId === undefined
          ? []
          : [
              {
                form,
                position,
                vocabularyId,
                particle: target.particle ?? null,
                tags: target.tags ?? null,
              },
            ];
      }),
    );
    await tx.delete(vocabularyForms);
    for (const batch of chunks(formRows, 1_000)) await tx.insert(vocabularyForms).values(batch);
    result.forms = formRows.length;

    await tx
      .insert(contentImports)
      .values({ source: 'corpus', hash: corpusHash })
      .onConflictDoUpdate({
        target: contentImports.source,
        set: { hash: corpusHash, importedAt: sql`now()` },
      });
  });

  result.ms = Math.round(performance.now() - started);
  return result;
}
