import { randomBytes } from 'node:crypto';
import { ARTICLE_OF, type Gender, LEVELS, type Level } from '@lesefuchs/core';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.ts';
import { sqlStateOf } from '../db/errors.ts';
import {
  profiles,
  savedWords,
  sharedCollectionReports,
  sharedCollections,
  sharedCollectionUses,
  users,
  vocabulary,
} from '../db/schema/index.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import {
  COMMUNITY_LIMITS,
  type CollectionKind,
  type CollectionReport,
  type CollectionVisibility,
  type CreateCollection,
  type UpdateCollection,
} from '../routes/community.schema.ts';

// Shared vocabulary collections (spec 1 §7, issue #21): made from a learner's words, listed
// when public, opened by link, used and reported by others, hidden by the operator.

export interface CollectionSummary {
  id: string;
  name: string;
  description: string;
  kind: CollectionKind;
  visibility: CollectionVisibility;
  level: Level;
  wordCount: number;
  uses: number;
  createdAt: string;
  /** Named only while the creator's profile is public. */
  creator: { nickname: string; avatarUrl: string | null } | null;
  mine: boolean;
  hidden: boolean;
}

export interface CollectionWord {
  id: number;
  lemma: string;
  article: string | null;
  partOfSpeech: string;
  level: string;
  translations: { en: string; es: string; kr: string };
}

const isForeignKeyViolation = (error: unknown) => sqlStateOf(error) === '23503';

/** Some vocabulary ids name no entry. */
export class UnknownVocabularyError extends Error {}
/** The learner has as many collections as one may. */
export class TooManyCollectionsError extends Error {}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 12 random base62 characters (about 71 bits), drawn without modulo bias. */
export function newCollectionId(): string {
  let id = '';
  while (id.length < 12) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte < 248 && id.length < 12) id += BASE62[byte % 62];
    }
  }
  return id;
}

/** The most frequent level of the words; a tie goes to the lower level. */
export function collectionLevel(levels: readonly string[]): Level {
  const counts = new Map<string, number>();
  for (const level of levels) counts.set(level, (counts.get(level) ?? 0) + 1);
  let best: Level = LEVELS[0];
  let bestCount = 0;
  for (const level of LEVELS) {
    const n = counts.get(level) ?? 0;
    if (n > bestCount) {
      best = level;
      bestCount = n;
    }
  }
  return best;
}

const summaryColumns = {
  id: sharedCollections.id,
  creatorId: sharedCollections.creatorId,
  name: sharedCollections.name,
  description: sharedCollections.description,
  type: sharedCollections.type,
  isPublic: sharedCollections.isPublic,
  level: sharedCollections.level,
  wordCount: sharedCollections.wordCount,
  uses: sharedCollections.uses,
  hiddenAt: sharedCollections.hiddenAt,
  createdAt: sharedCollections.createdAt,
  creatorPublic: profiles.communityPublic,
  creatorNickname: users.name,
  creatorAvatarUrl: profiles.avatarUrl,
};

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** The one place a stored collection becomes what the API shows. */
function presentCollection(row: SummaryRow, viewerId: string | null): CollectionSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.type as CollectionKind,
    visibility: row.isPublic ? 'public' : 'link',
    level: row.level as Level,
    wordCount: row.wordCount,
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
    creator: row.creatorPublic
      ? { nickname: row.creatorNickname, avatarUrl: row.creatorAvatarUrl }
      : null,
    mine: viewerId !== null && row.creatorId === viewerId,
    hidden: row.hiddenAt !== null,
  };
}

/** Collections with their creator's public fields, as `where` selects them. */
function selectSummaries(db: Database, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(sharedCollections)
    .innerJoin(users, eq(users.id, sharedCollections.creatorId))
    .leftJoin(profiles, eq(profiles.userId, sharedCollections.creatorId))
    .where(where);
}

const listed = and(eq(sharedCollections.isPublic, true), isNull(sharedCollections.hiddenAt));

/** Public, unhidden collections, newest or most used first, of one level or all. */
export async function listCollections(
  db: Database,
  query: { sort: 'newest' | 'popular'; level: 'all' | Level; page: number },
  viewerId: string | null,
): Promise<{ items: CollectionSummary[]; page: number; pageSize: number; total: number }> {
  const pageSize = COMMUNITY_LIMITS.collectionPageSize;
  const where = and(
    listed,
    query.level === 'all' ? undefined : eq(sharedCollections.level, query.level),
  );
  const order =
    query.sort === 'popular'
      ? [desc(sharedCollections.uses), desc(sharedCollections.createdAt), asc(sharedCollections.id)]
      : [desc(sharedCollections.createdAt), asc(sharedCollections.id)];
  const [rows, [total]] = await Promise.all([
    selectSummaries(db, where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(sharedCollections).where(where),
  ]);
  return {
    items: rows.map((row) => presentCollection(row, viewerId)),
    page: query.page,
    pageSize,
    total: total?.n ?? 0,
  };
}

/** A creator's collections, newest first: all of them, or only the listed ones (a profile). */
export async function collectionsOfCreator(
  db: Database,
  creatorId: string,
  viewerId: string | null,
  options: { listedOnly: boolean },
): Promise<CollectionSummary[]> {
  const rows = await selectSummaries(
    db,
    and(eq(sharedCollections.creatorId, creatorId), options.listedOnly ? listed : undefined),
  ).orderBy(desc(sharedCollections.createdAt), asc(sharedCollections.id));
  return rows.map((row) => presentCollection(row, viewerId));
}

/** A collection as a viewer may see it: hidden ones only by their creator. */
async function visibleSummary(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<SummaryRow | null> {
  const [row] = await selectSummaries(db, eq(sharedCollections.id, id));
  if (!row) return null;
  if (row.hiddenAt !== null && row.creatorId !== viewerId) return null;
  return row;
}

/** One collection with its words (in the creator's order); null when not visible. */
export async function getCollection(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<(CollectionSummary & { words: CollectionWord[] }) | null> {
  const row = await visibleSummary(db, id, viewerId);
  if (!row) return null;
  const [stored] = await db
    .select({ content: sharedCollections.content })
    .from(sharedCollections)
    .where(eq(sharedCollections.id, id));
  const ids = stored?.content ?? [];
  const entries =
    ids.length === 0
      ? []
      : await db
          .select({
            id: vocabulary.id,
            lemma: vocabulary.baseWord,
            gender: vocabulary.gender,
            partOfSpeech: vocabulary.partOfSpeech,
            level: vocabulary.difficultyLevel,
            en: vocabulary.translationEn,
            es: vocabulary.translationEs,
            kr: vocabulary.translationKr,
          })
          .from(vocabulary)
          .where(inArray(vocabulary.id, ids));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  // An entry an import removed since is left out.
  const words = ids.flatMap((wordId): CollectionWord[] => {
    const entry = byId.get(wordId);
    if (!entry) return [];
    return [
      {
        id: entry.id,
        lemma: entry.lemma,
        article: entry.gender ? (ARTICLE_OF[entry.gender as Gender] ?? null) : null,
        partOfSpeech: entry.partOfSpeech,
        level: entry.level,
        translations: { en: entry.en, es: entry.es, kr: entry.kr },
      },
    ];
  });
  return { ...presentCollection(row, viewerId), words };
}

/** Makes a collection of the learner's chosen words; at most 50 per learner. */
export async function createCollection(
  db: Database,
  userId: string,
  body: CreateCollection,
): Promise<CollectionSummary> {
  const ids = [...new Set(body.vocabularyIds)];
  const id = newCollectionId();
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    // One learner's creations take turns, so two at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [mine] = await tx
      .select({ n: count() })
      .from(sharedCollections)
      .where(eq(sharedCollections.creatorId, userId));
    if ((mine?.n ?? 0) >= COMMUNITY_LIMITS.collectionsPerLearner) {
      throw new TooManyCollectionsError(
        `A learner may share at most ${COMMUNITY_LIMITS.collectionsPerLearner} collections.`,
      );
    }
    const entries = await tx
      .select({ id: vocabulary.id, level: vocabulary.difficultyLevel })
      .from(vocabulary)
      .where(inArray(vocabulary.id, ids));
    if (entries.length !== ids.length) {
      const known = new Set(entries.map((entry) => entry.id));
      const missing = ids.filter((wordId) => !known.has(wordId)).slice(0, 5);
      throw new UnknownVocabularyError(`vocabularyIds: no entry ${missing.join(', ')}`);
    }
    await tx.insert(sharedCollections).values({
      id,
      creatorId: userId,
      name: body.name,
      description: body.description,
      type: body.kind,
      content: ids,
      isPublic: body.visibility === 'public',
      level: collectionLevel(entries.map((entry) => entry.level)),
      wordCount: ids.length,
    });
  });
  const [row] = await selectSummaries(db, eq(sharedCollections.id, id));
  if (!row) throw new Error(`collection ${id} vanished`);
  return presentCollection(row, userId);
}

/** Changes the creator's own collection; null when it is not theirs (or does not exist). */
export async function updateCollection(
  db: Database,
  userId: string,
  id: string,
  change: UpdateCollection,
): Promise<CollectionSummary | null> {
  const set: Partial<typeof sharedCollections.$inferInsert> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.description !== undefined) set.description = change.description;
  if (change.visibility !== undefined) set.isPublic = change.visibility === 'public';
  const updated = await db
    .update(sharedCollections)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(sharedCollections.id, id), eq(sharedCollections.creatorId, userId)))
    .returning({ id: sharedCollections.id });
  if (updated.length === 0) return null;
  const [row] = await selectSummaries(db, eq(sharedCollections.id, id));
  return row ? presentCollection(row, userId) : null;
}

/** Deletes the creator's own collection (its uses and reports go with it). */
export async function deleteCollection(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sharedCollections)
    .where(and(eq(sharedCollections.id, id), eq(sharedCollections.creatorId, userId)))
    .returning({ id: sharedCollections.id });
  return deleted.length > 0;
}

/** What adding a collection's words did: the words newly saved, those already saved. */
export interface CollectionUse {
  uses: number;
  added: number;
  alreadySaved: number;
}

/**
 * Saves a collection's words to the learner's saved words, all in one transaction (one write
 * for the rate limit, however many words: a 500-word collection must not take six minutes of
 * the 80-a-minute budget), announces it to their other devices, and notes the use: once per
 * learner, never the creator's own. Null when the collection is not visible to them.
 */
export async function useCollection(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  id: string,
): Promise<CollectionUse | null> {
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const row = await visibleSummary(tx, id, userId);
      if (!row) return null;
      const saved = await tx.execute(sql`
        with words as (
          select distinct word.id
          from ${sharedCollections} collection
          cross join lateral jsonb_array_elements_text(collection.content) as item(value)
          join ${vocabulary} word on word.id = item.value::int
          where collection.id = ${id}
        ), inserted as (
          insert into ${savedWords} (user_id, vocabulary_id)
          select ${userId}, words.id from words
          on conflict do nothing
          returning 1
        )
        select (select count(*) from inserted)::int as added,
               (select count(*) from words)::int as total`);
      const [counts] = rowsOf<{ added: number; total: number }>(saved);
      const { added = 0, total = 0 } = counts ?? {};
      if (added > 0)
        await hub.publish(userId, { type: 'vocabulary', data: { action: 'save' } }, tx);
      const uses = row.creatorId === userId ? row.uses : await addUse(tx, userId, id, row.uses);
      return { uses, added, alreadySaved: total - added };
    });
  } catch (error) {
    // Deleted by its creator meanwhile: gone, as if it had been before.
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

async function addUse(tx: Database, userId: string, id: string, uses: number): Promise<number> {
  const added = await tx
    .insert(sharedCollectionUses)
    .values({ collectionId: id, userId })
    .onConflictDoNothing()
    .returning({ userId: sharedCollectionUses.userId });
  const [counted] =
    added.length > 0
      ? await tx
          .update(sharedCollections)
          .set({ uses: sql`${sharedCollections.uses} + 1` })
          .where(eq(sharedCollections.id, id))
          .returning({ uses: sharedCollections.uses })
      : await tx
          .select({ uses: sharedCollections.uses })
          .from(sharedCollections)
          .where(eq(sharedCollections.id, id));
  return counted?.uses ?? uses;
}

/** A learner's report to the operator: the first one counts. False when not visible to them. */
export async function reportCollection(
  db: Database,
  userId: string,
  id: string,
  report: CollectionReport,
): Promise<boolean> {
  const row = await visibleSummary(db, id, userId);
  if (!row) return false;
  try {
    await db
      .insert(sharedCollectionReports)
      .values({ collectionId: id, userId, reason: report.reason, note: report.note || null })
      .onConflictDoNothing();
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
  return true;
}

export interface CollectionModeration {
  id: string;
  name: string;
  reports: number;
  hidden: boolean;
}

/** The operator hides a collection (or shows it again); null when no collection has the id. */
export async function setCollectionHidden(
  db: Database,
  id: string,
  hidden: boolean,
): Promise<CollectionModeration | null> {
  const [row] = await db
    .update(sharedCollections)
    .set({ hiddenAt: hidden ? sql`coalesce(${sharedCollections.hiddenAt}, now())` : null })
    .where(eq(sharedCollections.id, id))
    .returning({ id: sharedCollections.id, name: sharedCollections.name });
  if (!row) return null;
  const [reports] = await db
    .select({ n: count() })
    .from(sharedCollectionReports)
    .where(eq(sharedCollectionReports.collectionId, id));
  return { ...row, reports: reports?.n ?? 0, hidden };
}

/** Reported collections, the most reported first (hidden ones too, marked). */
export async function reportedCollections(db: Database): Promise<CollectionModeration[]> {
  const rows = await db
    .select({
      id: sharedCollections.id,
      name: sharedCollections.name,
      reports: count(),
      hiddenAt: sharedCollections.hiddenAt,
    })
    .from(sharedCollectionReports)
    .innerJoin(sharedCollections, eq(sharedCollections.id, sharedCollectionReports.collectionId))
    .groupBy(sharedCollections.id)
    .orderBy(desc(count()), asc(sharedCollections.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    reports: row.reports,
    hidden: row.hiddenAt !== null,
  }));
}
