// The server side of the flashcards benchmark, run as its own process by flashcards.bench.ts so
// the load generator does not share a thread with the server and its PGlite (as in production,
// where clients are elsewhere). It builds a learner with 20,000 cards in the data directory it
// is given, times the due queue, serves the real app on 127.0.0.1 and reports over IPC.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { parseFlashcardDeck } from '@lesefuchs/core';
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
/** Learners of these many cards, for the curve of the whole queue call. */
const CURVE = [1_000, 5_000, CARDS, 100_000];
const DUE_QUEUE_BUDGET_MS = 30;
const QUEUE_RUNS = 50;

/** What the server process tells the benchmark. */
export type ServerMessage =
  | { type: 'ready'; lines: string[]; url: string; cookie: string; cardIds: number[] }
  | { type: 'done'; reviewsLogged: number }
  | { type: 'failed'; message: string };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Made-up entries beyond the corpus (about 3,450 words), so one learner can hold 100,000 cards;
 * the database writes them itself (generate_series), which takes seconds even at 100,000.
 */
async function addVocabulary(db: Database, count: number) {
  if (count <= 0) return;
  await db.execute(sql`
    insert into ${vocabulary} (word, base_word, translation_en, translation_es, translation_kr,
      part_of_speech, difficulty_level, example_sentence, content_hash)
    select 'Benchwort' || n, 'Benchwort' || n, 'bench word ' || n, 'palabra ' || n, '단어 ' || n,
      'noun', (array['A1', 'A2', 'B1', 'B2', 'C1', 'C2'])[n % 6 + 1],
      'Das ist Benchwort' || n || '.', 'bench'
    from generate_series(0, ${count - 1}) as n`);
}

/**
 * A learner some years in, with `count` cards (the first entries by id): a quarter of them new,
 * most in review (about a sixth of those due), a few learning and relearning, 2 % leeches and
 * 2 % suspended; two past reviews per studied card in the review log. The draws come from a
 * seeded random sequence, so every run builds the same learner.
 */
async function addCards(db: Database, userId: string, count: number) {
  await db.execute(sql`select setseed(0.2025)`);
  await db.execute(sql`
    insert into ${flashcards} (user_id, vocabulary_id, difficulty_level, card_state, due_at,
      ease_factor, interval_days, repetitions, lapses, last_reviewed_at, is_leech, is_suspended,
      created_at)
    select ${userId}, id, difficulty_level, state,
      case state
        when 'new' then now() - r2 * interval '30 days'
        when 'review' then now() + (r2 - 1.0 / 6) * interval_days * interval '1 day'
        else now() + (r2 - 0.5) * interval '20 minutes'
      end,
      1.3 + round(r3 * 170) / 100, interval_days,
      case when state = 'new' then 0 else 1 + floor(r4 * 12) end,
      case when state = 'new' then 0 else floor(r5 * 4) end,
      case when state = 'new' then null else now() - interval_days * interval '1 day' end,
      state <> 'new' and r6 < 0.02, r7 < 0.02, now() - r8 * interval '400 days'
    from (
      select *, case when state = 'review' then 1 + floor(r1 * 180)::int else 0 end as interval_days
      from (
        select id, difficulty_level,
          case when r0 < 0.25 then 'new' when r0 < 0.29 then 'learning'
            when r0 < 0.31 then 'relearning' else 'review' end as state,
          r1, r2, r3, r4, r5, r6, r7, r8
        from (
          select id, difficulty_level, random() as r0, random() as r1, random() as r2,
            random() as r3, random() as r4, random() as r5, random() as r6, random() as r7,
            random() as r8
          from ${vocabulary} order by id limit ${count}
        ) as drawn
      ) as states
    ) as cards`);
  await db.execute(sql`
    insert into ${flashcardReviews} (user_id, card_id, review_id, vocabulary_id, difficulty_level,
      rating, state_before, state_after, interval_days, ease_factor, due_at, scheduler, reviewed_at)
    select user_id, id, 'history-' || id || '-' || days_ago, vocabulary_id, difficulty_level,
      'good', case when days_ago = 400 then 'new' else 'learning' end,
      case when days_ago = 400 then 'learning' else 'review' end, 1, 2.5,
      now() - (days_ago - 1) * interval '1 day', 'sm2',
      now() - days_ago * interval '1 day' - random() * interval '1 day'
    from ${flashcards}, (values (400), (200)) as history(days_ago)
    where user_id = ${userId} and card_state <> 'new'`);
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

  // Learners signed up and confirmed as a person would: the one of the review benchmark has
  // 20,000 cards; the others show how the queue grows with the number of cards.
  const signUp = async (name: string) => {
    const email = `${name.toLowerCase()}@example.com`;
    const response = await app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery', name }),
    });
    const id = ((await response.json()) as { user: { id: string } }).user.id;
    const [mail] = await listDevMailbox(db, email);
    const link = new URL(mail?.links[0] ?? '');
    const confirmed = await app.request(`${link.pathname}${link.search}`);
    const session = confirmed.headers
      .getSetCookie()
      .map((value) => value.split(';')[0] ?? '')
      .filter((pair) => pair.includes('session_token='))
      .join('; ');
    return { id, session };
  };
  const { id: userId, session: cookie } = await signUp('Benchlerner');

  const [{ n: corpus } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vocabulary);
  await addVocabulary(db, Math.max(...CURVE) - corpus);
  const curve: { count: number; userId: string }[] = [];
  for (const [index, count] of CURVE.entries()) {
    const learner =
      count === CARDS ? userId : (await signUp(`Kurvenlerner${'abcdefgh'[index]}`)).id;
    await addCards(db, learner, count);
    curve.push({ count, userId: learner });
  }
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

  // The curve: the whole queue call of learners with more and more cards.
  const byCount: string[] = [];
  let at20k = 0;
  for (const learner of curve) {
    const { median } = await time(() =>
      loadQueue(db, learner.userId, {
        deck: 'database',
        dueLimit: 100,
        learningLimit: 50,
        newLimit: 50,
        timeZone: 'UTC',
      }),
    );
    if (learner.count === CARDS) at20k = median;
    byCount.push(`${learner.count.toLocaleString('en')}: ${median.toFixed(1)} ms`);
    if (learner.count === Math.max(...CURVE)) {
      byCount.push(
        `(100,000 / 20,000: ${(median / at20k).toFixed(2)}×, goal ≤ 1.5×: ${median <= 1.5 * at20k ? 'ok' : 'OVER'})`,
      );
    }
  }
  lines.push(
    `whole queue call by the learner's cards, median of ${QUEUE_RUNS}: ${byCount.join(', ')}`,
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
