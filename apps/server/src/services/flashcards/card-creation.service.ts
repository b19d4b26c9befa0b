import { randomUUID } from 'node:crypto';
import {
  type CardSchedule,
  type CreateCardsRequest,
  clampCardRequest,
  type FlashcardCard,
  type FlashcardDeck,
  formatFlashcardDeck,
  LEVELS,
  newCardSchedule,
  parseFlashcardDeck,
  quotaStatus,
  STORED_DECK_NAME,
} from '@lesefuchs/core';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { flashcardSeedings, vocabulary } from '../../db/schema/index.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { withContexts } from './card-context.service.ts';
import {
  cardIdsByVocabulary,
  findCards,
  insertCards,
  type NewCardRow,
  savedBy,
  vocabularyIdsWithCards,
} from './cards.repository.ts';
import { dailyLimits } from './flashcard-stats.service.ts';
import { presentCard } from './present.ts';
import { getSrsSettings } from './settings.service.ts';

// Making new cards from vocabulary (spec 3 §4 "Card creation"; create_unified_srs_cards,
// create_random_srs_cards, the level seeding). Candidates are the entries at the deck's levels
// (every level when none), only the learner's saved words in saved-only mode — never the whole
// vocabulary — minus the entries that already have a card, checked 900 ids at a time.
//
// Throttles: a level seeding that made cards is not repeated for the same user and deck within
// 10 s (answered with no cards, not an error). The other guards of §4 — the 500 ms repeat guard
// after nothing was made, the empty-build cooldowns (15 s, 5 min, 30 s × count) and the Get
// Cards countdown — belong to the client, which knows what it asked before.

/** Level seeding is not repeated within this window after it made cards (spec 3 §4). */
export const LEVEL_SEEDING_THROTTLE_MS = 10_000;
/** Vocabulary is read in pages of 1000 (§7), at most 500 pages (§9 levels pool). */
const CANDIDATE_PAGE = 1000;
const CANDIDATE_PAGES_MAX = 500;

export type CreationStrategy = CreateCardsRequest['strategy'];

export interface CreationResult {
  created: FlashcardCard[];
  /** Whether the deck still has entries without a card. */
  vocabularyLeft: boolean;
  /** The level seeding was refused by the 10 s throttle. */
  throttled: boolean;
}

interface Candidate {
  id: number;
  level: string;
}

/** Entries the deck selection may draw from (its levels, saved words only when asked). */
function candidateConditions(userId: string, deck: FlashcardDeck, ids?: number[]): SQL[] {
  const conditions: SQL[] = [];
  if (deck.levels.length > 0 && deck.levels.length < LEVELS.length)
    conditions.push(inArray(vocabulary.difficultyLevel, deck.levels));
  if (deck.savedOnly) conditions.push(savedBy(userId, vocabulary.id));
  if (ids) conditions.push(inArray(vocabulary.id, ids));
  return conditions;
}

/**
 * Up to `wanted` entries without a card, in the strategy's order: level (A1 → C2, then by
 * word; level names sort in that order), random (a fresh seed per call, stable across pages),
 * or the given ids in their order.
 */
async function pickCandidates(
  db: Database,
  userId: string,
  deck: FlashcardDeck,
  strategy: CreationStrategy,
  wanted: number,
  ids?: number[],
): Promise<{ picked: Candidate[]; more: boolean }> {
  const seed = randomUUID();
  const order =
    strategy === 'level'
      ? [asc(vocabulary.difficultyLevel), asc(vocabulary.word), asc(vocabulary.id)]
      : [sql`md5(${seed} || ${vocabulary.id}::text)`, asc(vocabulary.id)];
  const picked: Candidate[] = [];
  for (let page = 0; page < CANDIDATE_PAGES_MAX; page++) {
    const rows = await db
      .select({ id: vocabulary.id, level: vocabulary.difficultyLevel })
      .from(vocabulary)
      .where(and(...candidateConditions(userId, deck, ids)))
      .orderBy(...order)
      .limit(CANDIDATE_PAGE)
      .offset(page * CANDIDATE_PAGE);
    if (ids) {
      const position = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    }
    const taken = await vocabularyIdsWithCards(
      db,
      userId,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      if (taken.has(row.id)) continue;
      if (picked.length === wanted) return { picked, more: true };
      picked.push(row);
    }
    if (rows.length < CANDIDATE_PAGE) break;
  }
  return { picked, more: false };
}

/** A new card for an entry (spec 3 §3: stored in the deck 'default', at the entry's level). */
function newCardRow(
  userId: string,
  entry: Candidate,
  schedule: CardSchedule,
  now: Date,
): NewCardRow {
  return {
    userId,
    vocabularyId: entry.id,
    deckName: STORED_DECK_NAME,
    difficultyLevel: entry.level,
    cardState: schedule.card_state,
    dueAt: schedule.due_at,
    easeFactor: schedule.ease_factor,
    intervalDays: schedule.interval_days,
    repetitions: schedule.repetitions,
    lapses: schedule.lapses,
    learningStep: schedule.learning_step,
    createdAt: now,
    updatedAt: now,
  };
}

export interface CreateCardsInput {
  deck: string;
  count: number;
  strategy: CreationStrategy;
  vocabularyIds?: number[];
  /** Skip today's new-card quota (the batch limit of 50 still holds). */
  forceIgnoreDailyLimit: boolean;
  timeZone: string;
}

/** POST /cards: makes up to `count` new cards (at most 50, and today's quota unless forced). */
export async function createCards(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  input: CreateCardsInput,
  now = new Date(),
): Promise<CreationResult> {
  const deck = parseFlashcardDeck(input.deck);
  const settings = await getSrsSettings(db, userId);
  const quota = input.forceIgnoreDailyLimit
    ? undefined
    : quotaStatus(await dailyLimits(db, userId, settings, input.timeZone, now));
  const { newCount } = clampCardRequest({ newCount: input.count, reviewCount: 0 }, quota);

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const deckKey = formatFlashcardDeck(deck);
    if (input.strategy === 'level') {
      const [seeding] = await tx
        .select({ at: flashcardSeedings.seededAt })
        .from(flashcardSeedings)
        .where(and(eq(flashcardSeedings.userId, userId), eq(flashcardSeedings.deck, deckKey)))
        .for('update');
      if (seeding && now.getTime() - seeding.at.getTime() < LEVEL_SEEDING_THROTTLE_MS) {
        return { created: [], vocabularyLeft: true, throttled: true };
      }
    }
    const ids = input.strategy === 'unified' ? input.vocabularyIds : undefined;
    const strategy = input.strategy === 'unified' && !ids ? 'random' : input.strategy;
    const { picked, more } = await pickCandidates(tx, userId, deck, strategy, newCount, ids);
    const schedule = newCardSchedule(now, settings);
    const insertedIds = await insertCards(
      tx,
      picked.map((candidate) => newCardRow(userId, candidate, schedule, now)),
    );
    if (insertedIds.length > 0) {
      if (input.strategy === 'level') {
        await tx
          .insert(flashcardSeedings)
          .values({ userId, deck: deckKey, seededAt: now })
          .onConflictDoUpdate({
            target: [flashcardSeedings.userId, flashcardSeedings.deck],
            set: { seededAt: now },
          });
      }
      await hub.publish(
        userId,
        { type: 'flashcards', data: { action: 'created', count: insertedIds.length } },
        tx,
      );
    }
    const created = await findCards(tx, userId, insertedIds);
    return { created: created.map(presentCard), vocabularyLeft: more, throttled: false };
  });
}

/**
 * POST /cards/upsert: cards made on the device while offline (§4 "Local cards and sync"), by
 * vocabulary id. A word that already has a card answers that card, so the device replaces its
 * local id either way; an entry that does not exist is left out.
 */
export async function upsertLocalCards(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  cards: { localId: string; vocabularyId: number }[],
  now = new Date(),
): Promise<{ localId: string; card: FlashcardCard }[]> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const wanted = [...new Set(cards.map((card) => card.vocabularyId))];
    const entries = await tx
      .select({ id: vocabulary.id, level: vocabulary.difficultyLevel })
      .from(vocabulary)
      .where(inArray(vocabulary.id, wanted));
    const settings = await getSrsSettings(tx, userId);
    const schedule = newCardSchedule(now, settings);
    const inserted = await insertCards(
      tx,
      entries.map((entry) => newCardRow(userId, entry, schedule, now)),
    );
    if (inserted.length > 0) {
      await hub.publish(
        userId,
        { type: 'flashcards', data: { action: 'created', count: inserted.length } },
        tx,
      );
    }
    const idOf = await cardIdsByVocabulary(tx, userId, wanted);
    const rows = await findCards(tx, userId, [...idOf.values()]);
    const presented = await withContexts(tx, userId, rows.map(presentCard));
    const byId = new Map(presented.map((card) => [card.id, card]));
    return cards.flatMap((card) => {
      const id = idOf.get(card.vocabularyId);
      const present = id === undefined ? undefined : byId.get(id);
      return present ? [{ localId: card.localId, card: present }] : [];
    });
  });
}
