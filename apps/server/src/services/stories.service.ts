import {
  type FormsTable,
  isFormTag,
  type NamesTable,
  resolveText,
  type StoryToken,
  splitCompound,
  tokenizeWords,
} from '@lesefuchs/core';
import { asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { stories, vocabulary } from '../db/schema/index.ts';
import { formsIndex, NO_CORPUS } from './forms-index.ts';

// Stories for the reader: the metadata list (with a cheap version so clients can keep their
// cache), one story with its content in every language, the vocabulary it uses and its words
// resolved to entries, and titles in bulk.

const metadataColumns = {
  id: stories.id,
  titleDe: stories.titleDe,
  titleEn: stories.titleEn,
  titleEs: stories.titleEs,
  titleKr: stories.titleKr,
  previewDe: stories.previewDe,
  previewEn: stories.previewEn,
  difficulty: stories.difficulty,
  category: stories.category,
  wordCountDe: stories.wordCountDe,
  wordCountEn: stories.wordCountEn,
  readingTimeMinutes: stories.readingTimeMinutes,
  vocabularyList: stories.vocabularyList,
  isActive: stories.isActive,
  audioUrlDe: stories.audioUrlDe,
  audioUrlDe2: stories.audioUrlDe2,
  audioUrlEn: stories.audioUrlEn,
  audioUrlEs: stories.audioUrlEs,
  audioUrlKr: stories.audioUrlKr,
  series: stories.series,
  createdAt: stories.createdAt,
  updatedAt: stories.updatedAt,
};

export type StoryMetadata = Awaited<ReturnType<typeof listStories>>[number];

/** Active stories by id; every story when none is active (spec 2 §5 "Listing"). */
export async function listStories(db: Database) {
  const active = await db
    .select(metadataColumns)
    .from(stories)
    .where(eq(stories.isActive, true))
    .orderBy(asc(stories.id));
  if (active.length > 0) return active;
  return db.select(metadataColumns).from(stories).orderBy(asc(stories.id));
}

/** The latest change and the count: equal values mean an unchanged list. */
async function readStoriesVersion(db: Database) {
  const [row] = await db
    .select({ latest: max(stories.updatedAt), count: count() })
    .from(stories)
    .where(eq(stories.isActive, true));
  return {
    latestUpdatedAt: row?.latest ? new Date(row.latest).toISOString() : null,
    count: row?.count ?? 0,
  };
}

type StoriesVersion = Awaited<ReturnType<typeof readStoriesVersion>>;
const storiesVersions = new WeakMap<Database, { corpus: string; read: Promise<StoriesVersion> }>();

/**
 * The list's version (its latest change and its count). Stories change only with an import of
 * the corpus, so it is read once per corpus version, not on every request; before any import
 * it is read each time.
 */
export async function storiesVersion(db: Database): Promise<StoriesVersion> {
  const corpus = await corpusVersion(db);
  const kept = storiesVersions.get(db);
  if (kept?.corpus === corpus) return kept.read;
  const read = readStoriesVersion(db);
  if (corpus === NO_CORPUS) return read;
  storiesVersions.set(db, { corpus, read });
  read.catch(() => storiesVersions.delete(db));
  return read;
}

/** Titles of the given stories, e.g. for a bookmark list. */
export async function storyTitles(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: stories.id,
      titleDe: stories.titleDe,
      titleEn: stories.titleEn,
      titleEs: stories.titleEs,
      titleKr: stories.titleKr,
    })
    .from(stories)
    .where(inArray(stories.id, ids))
    .orderBy(asc(stories.id));
}

/** The columns of a vocabulary entry as every API presents it. */
export const entryColumns = {
  id: vocabulary.id,
  word: vocabulary.word,
  baseWord: vocabulary.baseWord,
  translationEn: vocabulary.translationEn,
  translationEs: vocabulary.translationEs,
  translationKr: vocabulary.translationKr,
  partOfSpeech: vocabulary.partOfSpeech,
  difficultyLevel: vocabulary.difficultyLevel,
  exampleSentence: vocabulary.exampleSentence,
  gender: vocabulary.gender,
  plural: vocabulary.plural,
};
export type VocabularyEntryView = Awaited<ReturnType<typeof entriesById>>[number];

function entriesById(db: Database, ids: number[]) {
  return db.select(entryColumns).from(vocabulary).where(inArray(vocabulary.id, ids));
}

/**
 * Resolves every word of a German text in its sentence: the entry id, the other entries its
 * form can be of, what the form is, a separable verb, a name, or a compound's parts.
 */
export async function resolveStoryTokens(
  db: Database,
  text: string,
  targetWords: readonly string[],
): Promise<StoryToken[]> {
  const { forms, idOf, names } = await formsIndex(db);
  const words = tokenizeWords(text);
  const resolutions = resolveText(words, forms, text, names);
  const targetIds = new Set<number>();
  for (const [key, id] of idOf) {
    if (targetWords.includes(key.slice(0, key.lastIndexOf('|')))) targetIds.add(id);
  }
  return words.map((word, index) => {
    const resolution = resolutions[index];
    const vocabularyId = resolution?.key ? (idOf.get(resolution.key) ?? null) : null;
    const token: StoryToken = {
      start: word.start,
      end: word.start + word.text.length,
      vocabularyId,
    };
    if (vocabularyId === null && resolution?.name) {
      // A listed name is a name, never a compound of words ("Offenbach" is not offen + Bach).
      token.name = resolution.name;
    } else if (vocabularyId === null) {
      const parts = splitCompound(word.text, forms)
        ?.map((part) => idOf.get(part))
        .filter((id): id is number => id !== undefined);
      if (parts && parts.length > 1) token.parts = parts;
    }
    if (vocabularyId !== null && targetIds.has(vocabularyId)) token.target = true;
    if (resolution?.tags) token.form = resolution.tags;
    if (resolution?.separable) token.separable = true;
    const alternatives = resolution?.alternatives
      .map((key) => idOf.get(key))
      .filter((id): id is number => id !== undefined);
    if (alternatives && alternatives.length > 0) token.alternatives = alternatives;
    return token;
  });
}

/** One story with its content in every language, its words resolved, and the entries used. */
export async function getStory(db: Database, id: number) {
  const [story] = await db
    .select({
      ...metadataColumns,
      contentDe: stories.contentDe,
      contentEn: stories.contentEn,
      contentEs: stories.contentEs,
      contentKr: stories.contentKr,
    })
    .from(stories)
    .where(eq(stories.id, id));
  if (!story) return null;
  const tokens = await resolveStoryTokens(db, story.contentDe, story.vocabularyList);
  const ids = new Set<number>();
  for (const token of tokens) {
    if (token.vocabularyId !== null) ids.add(token.vocabularyId);
    for (const part of token.parts ?? []) ids.add(part);
    for (const other of token.alternatives ?? []) ids.add(other);
  }
  const targets = await db
    .select({ id: vocabulary.id })
    .from(vocabulary)
    .where(
      story.vocabularyList.length > 0 ? inArray(vocabulary.word, story.vocabularyList) : sql`false`,
    );
  for (const target of targets) ids.add(target.id);
  const entries = ids.size > 0 ? await entriesById(db, [...ids]) : [];
  return {
    story,
    tokens,
    vocabulary: entries,
    targetVocabularyIds: targets.map((target) => target.id),
  };
}

/**
 * The version of the imported corpus (stories, vocabulary, forms): a story's response changes
 * only when it does, so it is the story's ETag.
 */
export async function corpusVersion(db: Database): Promise<string> {
  return (await formsIndex(db)).version;
}
