import { type CardSchedule, type FlashcardDeck, LEVELS, type Level } from '@lesefuchs/core';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  lte,
  or,
  type Placeholder,
  type Query,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Database, runRendered, sqlDialect } from '../../db/client.ts';
import {
  flashcardReviews,
  flashcards,
  profiles,
  savedWords,
  srsSettings,
  vocabulary,
} from '../../db/schema/index.ts';
import { type CardWithEntryRow, cardWithEntryColumns } from './present.ts';
import { settingsColumns } from './settings.service.ts';

// The Drizzle queries of the flashcards, and nothing else: which cards a deck selection holds,
// the queues, counts, inserts and updates. Rules live in the services.

export type CardRow = typeof flashcards.$inferSelect;

/** Whose cards, from which deck selection, and whether leeches and suspended cards count. */
export interface CardScope {
  userId: string;
  deck: FlashcardDeck;
  includeLeeches?: boolean;
  includeSuspended?: boolean;
}

/** Existence checks of vocabulary ids run in chunks of 900 (spec 3 §4). */
export const EXISTENCE_CHUNK = 900;

// Written as literal SQL (not bound parameters) so the planner matches the partial index
// spaced_repetition_cards_due, whose predicate is these same words.
const reviewStates = sql`${flashcards.cardState} in ('review', 'relearning')`;
const learningStates = sql`${flashcards.cardState} in ('learning', 'relearning')`;
const notLeech = sql`not ${flashcards.isLeech}`;
const notSuspended = sql`not ${flashcards.isSuspended}`;

/** The saved-words condition on the vocabulary id column given (cards or vocabulary). */
export function savedBy(userId: string, vocabularyIdColumn: SQL | typeof vocabulary.id): SQL {
  return sql`exists (select 1 from ${savedWords} where ${savedWords.userId} = ${userId} and ${savedWords.vocabularyId} = ${vocabularyIdColumn})`;
}

/** The user's cards in the deck selection: its levels (none = all) and, if asked, saved words only. */
function inDeck(scope: Pick<CardScope, 'userId' | 'deck'>): SQL[] {
  const conditions: SQL[] = [eq(flashcards.userId, scope.userId)];
  if (scope.deck.levels.length > 0 && scope.deck.levels.length < LEVELS.length)
    conditions.push(inArray(flashcards.difficultyLevel, scope.deck.levels));
  if (scope.deck.savedOnly) conditions.push(savedBy(scope.userId, sql`${flashcards.vocabularyId}`));
  return conditions;
}

/** Leeches and suspended cards are left out unless asked for (see isStudyable in core). */
function studyable(scope: CardScope): SQL[] {
  const conditions: SQL[] = [];
  if (!scope.includeLeeches) conditions.push(notLeech);
  if (!scope.includeSuspended) conditions.push(notSuspended);
  return conditions;
}

function cardsWithEntry(db: Database) {
  return db
    .select(cardWithEntryColumns)
    .from(flashcards)
    .innerJoin(vocabulary, eq(vocabulary.id, flashcards.vocabularyId));
}

/** The review's read, with placeholders (userId, id, reviewId). */
function reviewRead(db: Database) {
  const userId = sql.placeholder('userId');
  const reviewId = sql.placeholder('reviewId');
  return db
    .select({
      ...cardWithEntryColumns,
      version: sql<string>`${flashcards}.xmin::text`,
      reviewSeen: sql<boolean>`exists (select 1 from ${flashcardReviews} where ${flashcardReviews.userId} = ${userId} and ${flashcardReviews.reviewId} = ${reviewId})`,
      lastReviewAt: sql<
        number | null
      >`(select (extract(epoch from max(${flashcardReviews.reviewedAt})) * 1000)::float8 from ${flashcardReviews} where ${flashcardReviews.userId} = ${userId} and ${flashcardReviews.vocabularyId} = ${flashcards.vocabularyId})`,
      ...settingsColumns,
    })
    .from(flashcards)
    .innerJoin(vocabulary, eq(vocabulary.id, flashcards.vocabularyId))
    .leftJoin(srsSettings, eq(srsSettings.userId, flashcards.userId))
    .leftJoin(profiles, eq(profiles.userId, flashcards.userId))
    .where(and(eq(flashcards.id, sql.placeholder('id')), eq(flashcards.userId, userId)))
    .prepare('card_for_review');
}

/**
 * The review's read, built once per database handle (building drizzle's queries was a third of
 * a review's time on the HTTP thread); a transaction, a handle of its own, builds its own.
 */
const reviewReads = new WeakMap<Database, ReturnType<typeof reviewRead>>();

/**
 * One card of the user with its entry and what grading it needs besides, in one round trip:
 * whether the review id was applied already, when the card's word was last reviewed (ms), the
 * learner's settings (read with settingsOf), and the row's version (its `xmin`, the transaction
 * that wrote it last), which the review's write requires unchanged. Undefined for another
 * user's card.
 */
export async function cardForReview(db: Database, userId: string, id: number, reviewId: string) {
  let read = reviewReads.get(db);
  if (!read) {
    read = reviewRead(db);
    reviewReads.set(db, read);
  }
  const [row] = await read.execute({ userId, id, reviewId });
  return row;
}

/** The condition that a card row is still the version read with it (see cardForReview). */
export function sameVersion(version: string | Placeholder<string>): SQL {
  return sql`${flashcards}.xmin = ${version}::xid`;
}

/** One card of the user with its entry, locked until the transaction ends; undefined for another user's. */
export async function lockCard(
  tx: Database,
  userId: string,
  id: number,
): Promise<CardWithEntryRow | undefined> {
  const [row] = await cardsWithEntry(tx)
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .for('update', { of: flashcards });
  return row;
}

/** One card of the user with its entry. */
export async function findCard(
  db: Database,
  userId: string,
  id: number,
): Promise<CardWithEntryRow | undefined> {
  const [row] = await cardsWithEntry(db).where(
    and(eq(flashcards.id, id), eq(flashcards.userId, userId)),
  );
  return row;
}

/** Cards of the user by id, in the order of the ids given. */
export async function findCards(
  db: Database,
  userId: string,
  ids: number[],
): Promise<CardWithEntryRow[]> {
  if (ids.length === 0) return [];
  const rows = await cardsWithEntry(db).where(
    and(eq(flashcards.userId, userId), inArray(flashcards.id, ids)),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Review and relearning cards due at `now`, in due order (§7 get_due_cards). */
export function dueCards(db: Database, scope: CardScope, now: Date, limit: number) {
  return cardsWithEntry(db)
    .where(and(...inDeck(scope), reviewStates, lte(flashcards.dueAt, now), ...studyable(scope)))
    .orderBy(asc(flashcards.dueAt), asc(flashcards.id))
    .limit(limit);
}

/** Learning and relearning cards, due or not, in due order. */
export function learningCards(db: Database, scope: CardScope, limit: number) {
  return cardsWithEntry(db)
    .where(and(...inDeck(scope), learningStates, ...studyable(scope)))
    .orderBy(asc(flashcards.dueAt), asc(flashcards.id))
    .limit(limit);
}

/** New cards in creation order, a page at a time. */
export function newCards(db: Database, scope: CardScope, limit: number, offset = 0) {
  return cardsWithEntry(db)
    .where(and(...inDeck(scope), eq(flashcards.cardState, 'new'), ...studyable(scope)))
    .orderBy(asc(flashcards.createdAt), asc(flashcards.id))
    .limit(limit)
    .offset(offset);
}

/** Cards that are not new and fall due after `now`, up to `until`. */
export function upcomingCards(
  db: Database,
  scope: CardScope,
  now: Date,
  until: Date,
  limit: number,
) {
  return cardsWithEntry(db)
    .where(
      and(
        ...inDeck(scope),
        sql`${flashcards.cardState} <> 'new'`,
        gt(flashcards.dueAt, now),
        lte(flashcards.dueAt, until),
        ...studyable(scope),
      ),
    )
    .orderBy(asc(flashcards.dueAt), asc(flashcards.id))
    .limit(limit);
}

/** Leeches and suspended cards, most recently changed first. */
export function leechAndSuspendedCards(db: Database, userId: string, limit: number) {
  return cardsWithEntry(db)
    .where(
      and(eq(flashcards.userId, userId), or(flashcards.isLeech, flashcards.isSuspended) as SQL),
    )
    .orderBy(desc(flashcards.updatedAt), desc(flashcards.id))
    .limit(limit);
}

/** How many new, studyable cards the deck selection holds. */
export async function countNewCards(db: Database, scope: CardScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(flashcards)
    .where(and(...inDeck(scope), eq(flashcards.cardState, 'new'), ...studyable(scope)));
  return row?.n ?? 0;
}

export interface StateCountRow {
  level: Level;
  state: string;
  total: number;
  due: number;
  leeches: number;
  suspended: number;
}

/** Cards by level and state, with the due, leech and suspended counts of each group. */
export async function countCards(
  db: Database,
  scope: Pick<CardScope, 'userId' | 'deck'>,
  now: Date,
): Promise<StateCountRow[]> {
  const rows = await db
    .select({
      level: flashcards.difficultyLevel,
      state: flashcards.cardState,
      total: sql<number>`count(*)::int`,
      due: sql<number>`(count(*) filter (where ${reviewStates} and ${flashcards.dueAt} <= ${now} and ${notLeech} and ${notSuspended}))::int`,
      leeches: sql<number>`(count(*) filter (where ${flashcards.isLeech}))::int`,
      suspended: sql<number>`(count(*) filter (where ${flashcards.isSuspended}))::int`,
    })
    .from(flashcards)
    .where(and(...inDeck(scope)))
    .groupBy(flashcards.difficultyLevel, flashcards.cardState);
  return rows as StateCountRow[];
}

/** The vocabulary ids among `ids` the user already has a card for, checked 900 at a time. */
export async function vocabularyIdsWithCards(
  db: Database,
  userId: string,
  ids: readonly number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let start = 0; start < ids.length; start += EXISTENCE_CHUNK) {
    const chunk = ids.slice(start, start + EXISTENCE_CHUNK);
    const rows = await db
      .select({ id: flashcards.vocabularyId })
      .from(flashcards)
      .where(and(eq(flashcards.userId, userId), inArray(flashcards.vocabularyId, chunk)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The fields a new card is made with, every one given (card-creation.service's newCardRow). */
const NEW_CARD_FIELDS = [
  'userId',
  'vocabularyId',
  'deckName',
  'difficultyLevel',
  'cardState',
  'dueAt',
  'easeFactor',
  'intervalDays',
  'repetitions',
  'lapses',
  'learningStep',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof flashcards.$inferInsert)[];

export type NewCardRow = Required<
  Pick<typeof flashcards.$inferInsert, (typeof NEW_CARD_FIELDS)[number]>
>;

let cardInsertQuery: Query | undefined;

/**
 * The cards' insert, rendered once: each field's values as one array, the rows made by
 * `unnest`, so one statement text serves any number of cards (and is prepared once per
 * connection). Drizzle's multi-row insert built a new text per call, value by value: about a
 * fifth of the server's CPU for a request that makes 50 cards.
 */
function cardInsert(): Query {
  cardInsertQuery ??= sqlDialect.sqlToQuery(
    sql`insert into ${flashcards} (${sql.join(
      NEW_CARD_FIELDS.map((field) => sql.identifier(flashcards[field].name)),
      sql`, `,
    )}) select * from unnest(${sql.join(
      NEW_CARD_FIELDS.map(
        (field) => sql`${sql.placeholder(field)}::${sql.raw(flashcards[field].getSQLType())}[]`,
      ),
      sql`, `,
    )}) on conflict (${sql.identifier(flashcards.userId.name)}, ${sql.identifier(flashcards.vocabularyId.name)}) do nothing returning ${sql.identifier(flashcards.id.name)}`,
  );
  return cardInsertQuery;
}

/** Inserts cards; one the user already has for that word is left as it is. Answers the new ids. */
export async function insertCards(tx: Database, rows: NewCardRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  // Each value as the column writes it (a date as its ISO text), field by field.
  const values = Object.fromEntries(
    NEW_CARD_FIELDS.map((field) => [
      field,
      rows.map((row) => flashcards[field].mapToDriverValue(row[field] as never)),
    ]),
  );
  const inserted = await runRendered<{ id: number }>(tx, cardInsert(), values);
  return inserted.map((row) => row.id);
}

/** The card's id for a vocabulary entry, if the user has one. */
export async function cardIdsByVocabulary(
  db: Database,
  userId: string,
  vocabularyIds: number[],
): Promise<Map<number, number>> {
  if (vocabularyIds.length === 0) return new Map();
  const rows = await db
    .select({ id: flashcards.id, vocabularyId: flashcards.vocabularyId })
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), inArray(flashcards.vocabularyId, vocabularyIds)));
  return new Map(rows.map((row) => [row.vocabularyId, row.id]));
}

export type CardChange = Partial<
  Pick<
    CardRow,
    | 'cardState'
    | 'learningStep'
    | 'easeFactor'
    | 'intervalDays'
    | 'repetitions'
    | 'lapses'
    | 'dueAt'
    | 'lastReviewedAt'
    | 'isLeech'
    | 'isSuspended'
    | 'fsrsStability'
    | 'fsrsDifficulty'
    | 'difficultyLevel'
    | 'updatedAt'
  >
>;

/** Changes one card of the user; answers whether it was there. */
export async function updateCard(
  tx: Database,
  userId: string,
  id: number,
  change: CardChange,
): Promise<boolean> {
  const updated = await tx
    .update(flashcards)
    .set({ updatedAt: new Date(), ...change })
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .returning({ id: flashcards.id });
  return updated.length > 0;
}

/** The scheduling fields of a row, as the core scheduler names them. */
export function scheduleOf(
  row: Pick<
    CardRow,
    | 'cardState'
    | 'learningStep'
    | 'easeFactor'
    | 'intervalDays'
    | 'repetitions'
    | 'lapses'
    | 'dueAt'
    | 'lastReviewedAt'
    | 'fsrsStability'
    | 'fsrsDifficulty'
  >,
): CardSchedule & {
  fsrs_stability: number | null;
  fsrs_difficulty: number | null;
} {
  return {
    card_state: row.cardState as CardSchedule['card_state'],
    learning_step: row.learningStep,
    ease_factor: row.easeFactor,
    interval_days: row.intervalDays,
    repetitions: row.repetitions,
    lapses: row.lapses,
    due_at: row.dueAt,
    last_reviewed_at: row.lastReviewedAt,
    fsrs_stability: row.fsrsStability,
    fsrs_difficulty: row.fsrsDifficulty,
  };
}
