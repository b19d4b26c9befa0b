// The server side of the flashcards benchmark, run as its own process by flashcards.bench.ts so
// the load generator does not share a thread with the server and its PGlite (as in production,
// where clients are elsewhere). It builds a learner with 20,000 cards in the data directory it
// is given, times the due queue, serves the real app on 127.0.0.1 and reports over IPC.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { parseFlashcardDeck, seededRandom } from '@lesefuchs/core';
import { and, eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../apps/server/src/app.ts';
import { createAuth } from '../apps/server/src/auth/auth.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { importContent } from '../apps/server/src/content/importer.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { flashcardReviews, flashcards, vocabulary } from '../apps/server/src/db/schema/index.ts';
import { createMailer, listDevMailbox } from '../apps/server/src/mail/mailer.ts';
import { RealtimeHub } from '../apps/server/src/realtime/hub.ts';
import { dueCards } from '../apps/server/src/services/flashcards/cards.repository.ts';
import { loadQueue } from '../apps/server/src/services/flashcards/queue.service.ts';
import { createSyncRegistry } from '../apps/server/src/services/sync-handlers.ts';

const CARDS = 20_000;
const DUE_QUEUE_BUDGET_MS = 30;
const QUEUE_RUNS = 50;
const DAY = 86_400_000;
const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;

/** What the server process tells the benchmark. */
export type ServerMessage =
  | { type: 'ready'; lines: string[]; url: string; cookie: string; cardIds: number[] }
  | { type: 'done'; reviewsLogged: number }
  | { type: 'failed'; message: string };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Made-up entries beyond the corpus (about 3,450 words), so one learner can hold 20,000 cards. */
async function addVocabulary(db: Database, count: number) {
  for (let start = 0; start < count; start += 1_000) {
    await db.insert(vocabulary).values(
      Array.from({ length: Math.min(1_000, count - start) }, (_, i) => {
        const n = start + i;
        return {
          word: `Benchwort${n}`,
          baseWord: `Benchwort${n}`,
          translationEn: `bench word ${n}`,
          translationEs: `palabra ${n}`,
          translationKr: `단어 ${n}`,
          partOfSpeech: 'noun',
          difficultyLevel: LEVELS[n % LEVELS.length] as string,
          exampleSentence: `Das ist Benchwort${n}.`,
          contentHash: 'bench',
        };
      }),
    );
  }
}

/**
 * A learner some years in: a quarter of the cards new, most in review (about a sixth of those
 * due), a few learning and relearning, 2 % leeches and 2 % suspended; two past reviews per
 * studied card in the review log.
 */
async function addCards(db: Database, userId: string) {
  const entries = await db
    .select({ id: vocabulary.id, level: vocabulary.difficultyLevel })
    .from(vocabulary)
    .limit(CARDS);
  const next = seededRandom(20_251_122);
  const now = Date.now();
  const rows = entries.map((entry) => {
    const roll = next();
    const state =
      roll < 0.25 ? 'new' : roll < 0.29 ? 'learning' : roll < 0.31 ? 'relearning' : 'review';
    const interval = state === 'review' ? 1 + Math.floor(next() * 180) : 0;
    const dueAt =
      state === 'new'
        ? now - next() * 30 * DAY
        : state === 'review'
          ? now + (next() - 1 / 6) * interval * DAY
          : now + (next() - 0.5) * 20 * 60_000;
    return {
      userId,
      vocabularyId: entry.id,
      difficultyLevel: entry.level,
      cardState: state,
      dueAt: new Date(dueAt),
      easeFactor: 1.3 + Math.round(next() * 170) / 100,
      intervalDays: interval,
      repetitions: state === 'new' ? 0 : 1 + Math.floor(next() * 12),
      lapses: state === 'new' ? 0 : Math.floor(next() * 4),
      lastReviewedAt: state === 'new' ? null : new Date(now - interval * DAY),
      isLeech: state !== 'new' && next() < 0.02,
      isSuspended: next() < 0.02,
      createdAt: new Date(now - next() * 400 * DAY),
    };
  });
  for (let start = 0; start < rows.length; start += 1_000) {
    const inserted = await db
      .insert(flashcards)
      .values(rows.slice(start, start + 1_000))
      .returning({
        id: flashcards.id,
        vocabularyId: flashcards.vocabularyId,
        level: flashcards.difficultyLevel,
        state: flashcards.cardState,
      });
    const log = inserted
      .filter((card) => card.state !== 'new')
      .flatMap((card) =>
        [400, 200].map((daysAgo) => ({
          userId,
          cardId: card.id,
          reviewId: `history-${card.id}-${daysAgo}`,
          vocabularyId: card.vocabularyId,
          difficultyLevel: card.level,
          rating: 'good',
          stateBefore: daysAgo === 400 ? 'new' : 'learning',
          stateAfter: daysAgo === 400 ? 'learning' : 'review',
          intervalDays: 1,
          easeFactor: 2.5,
          dueAt: new Date(now - (daysAgo - 1) * DAY),
          scheduler: 'sm2',
          reviewedAt: new Date(now - daysAgo * DAY - next() * DAY),
        })),
      );
    await db.insert(flashcardReviews).values(log);
  }
}

async function main(dir: string) {
  const lines: string[] = [];
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    }),
    database: { kind: 'pglite' as const, dataDir: path.join(dir, 'pglite') },
  };
  const logger = pino({ level: 'silent' });
  const database = await openDatabase(config.database);
  const { db } = database;
  await importContent(db);
  const hub = new RealtimeHub(database, logger);
  await hub.start();
  const mailer = createMailer(config, db, logger);
  const auth = createAuth(config, db, mailer, logger);
  const { app } = createApp({
    config,
    database,
    auth,
    hub,
    syncRegistry: createSyncRegistry(hub),
    mailer,
    logger,
    webDistDir: null,
  });

  // One learner, signed up and confirmed as a person would.
  const email = 'bench-learner@example.com';
  const signUp = await app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', name: 'Benchlerner' }),
  });
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const [mail] = await listDevMailbox(db, email);
  const link = new URL(mail?.links[0] ?? '');
  const confirmed = await app.request(`${link.pathname}${link.search}`);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .filter((pair) => pair.includes('session_token='))
    .join('; ');

  const [{ n: corpus } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vocabulary);
  await addVocabulary(db, CARDS - corpus);
  await addCards(db, userId);
  await db.execute(sql`analyze`);
  const all = parseFlashcardDeck('database');
  const dueNow = await dueCards(db, { userId, deck: all }, new Date(), CARDS);
  lines.push(
    `${CARDS} cards for one learner (${corpus} corpus words + ${CARDS - corpus} made up), ${dueNow.length} due now`,
  );

  // The due query must read the partial index, not the table.
  const plan = (await db.execute(
    sql`explain select id from spaced_repetition_cards where user_id = ${userId} and card_state in ('review', 'relearning') and not is_leech and not is_suspended and due_at <= now() order by due_at limit 100`,
  )) as unknown as { rows: Record<string, string>[] };
  const planText = plan.rows.map((row) => Object.values(row)[0]).join(' | ');
  lines.push(
    `due query plan: ${planText.includes('spaced_repetition_cards_due') ? 'index scan on the partial index spaced_repetition_cards_due' : planText}`,
  );

  const time = async (work: () => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await work();
    const samples: number[] = [];
    for (let i = 0; i < QUEUE_RUNS; i++) {
      const started = performance.now();
      await work();
      samples.push(performance.now() - started);
    }
    return { median: percentile(samples, 50), p95: percentile(samples, 95) };
  };
  const figure = (label: string, result: { median: number; p95: number }) =>
    `${label}: median ${result.median.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms — target < ${DUE_QUEUE_BUDGET_MS} ms: ${result.median < DUE_QUEUE_BUDGET_MS ? 'ok' : 'OVER BUDGET'}`;
  const queue = (deck: string, timeZone: string) => () =>
    loadQueue(db, userId, { deck, dueLimit: 100, learningLimit: 50, newLimit: 50, timeZone });
  lines.push(
    figure(
      `due-queue query (100 of ${dueNow.length} due cards with their words), ${QUEUE_RUNS} runs`,
      await time(() => dueCards(db, { userId, deck: all }, new Date(), 100)),
    ),
    figure(
      'whole queue call (learning 50 + due 100 + new 50 + settings + quota)',
      await time(queue('database', 'UTC')),
    ),
    figure(
      'whole queue call, deck level-b1+level-b2',
      await time(queue('level-b1+level-b2', 'Europe/Berlin')),
    ),
  );

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await send({ type: 'ready', lines, url, cookie, cardIds: dueNow.map((card) => card.id) });

  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  const [{ n: reviewsLogged } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(flashcardReviews)
    .where(
      and(eq(flashcardReviews.userId, userId), like(flashcardReviews.reviewId, 'bench-review-%')),
    );
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await hub.stop();
  await database.close();
  await send({ type: 'done', reviewsLogged });
}

/** Sends a message to the benchmark and waits until it is out (before the process may exit). */
function send(message: ServerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, undefined, () => resolve());
  });
}

const dir = process.argv[2];
if (!dir || !process.send) {
  console.error('run by flashcards.bench.ts: flashcards-server.ts <data dir>');
  process.exit(2);
}
main(dir).then(
  () => process.exit(0),
  async (error: unknown) => {
    await send({ type: 'failed', message: String((error as Error)?.stack ?? error) });
    process.exit(1);
  },
);
