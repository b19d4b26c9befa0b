import { LEVELS, type QuizWord } from '@lesefuchs/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { vocabulary } from '../src/db/schema/index.ts';
import { caller, json, signUp, targets, testServerFor, vocabularyIdOf } from './harness.ts';

const QUIZ_WORD_KEYS = [
  'baseWord',
  'exampleSentence',
  'gender',
  'id',
  'level',
  'partOfSpeech',
  'plural',
  'translationEn',
  'translationEs',
  'translationKr',
  'word',
];

const ids = (words: QuizWord[]) => words.map((word) => word.id);

describe.each(targets)('quiz words and scores on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const call = caller(server);
  const words = async (query: string, cookie = '') => {
    const response = await call(cookie, 'GET', `/api/quiz/words?${query}`);
    expect(response.status, query).toBe(200);
    return (await json(response)) as { words: QuizWord[]; pool: QuizWord[] };
  };
  const idOf = (word: string) => vocabularyIdOf(server, word);
  /** The entries of a part of speech, optionally at one level. */
  const entriesOf = (partOfSpeech: string, level?: string) =>
    server.database.db
      .select({ id: vocabulary.id, level: vocabulary.difficultyLevel })
      .from(vocabulary)
      .where(
        and(
          eq(vocabulary.partOfSpeech, partOfSpeech),
          level ? eq(vocabulary.difficultyLevel, level) : undefined,
        ),
      );
  let genderless = 0;

  beforeAll(async () => {
    if (!available) return;
    await importContent(server.database.db);
    // A noun without a gender (the corpus has none): gender mode must never ask it.
    const [row] = await server.database.db
      .insert(vocabulary)
      .values({
        word: 'Quizgenuslos',
        baseWord: 'Quizgenuslos',
        translationEn: 'genderless',
        translationEs: 'sin género',
        translationKr: '성 없음',
        partOfSpeech: 'noun',
        difficultyLevel: 'C2',
        exampleSentence: 'Das Quizgenuslos steht hier.',
        gender: null,
        plural: null,
        contentHash: 'test',
      })
      .returning({ id: vocabulary.id });
    genderless = row?.id ?? 0;
  });

  it.skipIf(!available)(
    'draws a batch of the whole database, 100 by default, with a pool of 3 × the batch',
    async () => {
      const response = await server.app.request('/api/quiz/words');
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      const body = (await json(response)) as { words: QuizWord[]; pool: QuizWord[] };
      expect(body.words).toHaveLength(100);
      expect(new Set(ids(body.words)).size).toBe(100);
      expect(Object.keys(body.words[0] ?? {}).sort()).toEqual(QUIZ_WORD_KEYS);
      expect(body.pool.length).toBeGreaterThan(0);
      expect(body.pool.length).toBeLessThanOrEqual(300);
      for (const word of [...body.words, ...body.pool]) {
        expect(LEVELS).toContain(word.level);
        expect(typeof word.translationEn).toBe('string');
      }
      const small = await words('deck=database&limit=5');
      expect(small.words).toHaveLength(5);
      expect(small.pool).toHaveLength(15);
      // Random draws: two batches are not the same list.
      const again = await words('deck=database&limit=5');
      expect(ids(again.words)).not.toEqual(ids(small.words));
    },
  );

  it.skipIf(!available)('keeps to the levels of a level deck', async () => {
    const one = await words('deck=level-C1&limit=100');
    expect(one.words).toHaveLength(100);
    expect(new Set(one.words.map((word) => word.level))).toEqual(new Set(['C1']));
    // "+" encoded, sent as is (read as a space) and lower-case codes name the same deck.
    for (const deck of ['level-A1%2BB2', 'level-A1+B2', 'level-b2%2Ba1']) {
      const two = await words(`deck=${deck}&limit=100`);
      expect(two.words).toHaveLength(100);
      expect(new Set(two.words.map((word) => word.level)), deck).toEqual(new Set(['A1', 'B2']));
    }
  });

  it.skipIf(!available)(
    'gender mode asks only nouns with a gender, honours exclude, and has no pool',
    async () => {
      const all = await words('studyMode=gender');
      expect(all.words).toHaveLength(100);
      expect(all.pool).toEqual([]);
      for (const word of all.words) {
        expect(word.partOfSpeech).toBe('noun');
        expect(['masculine', 'feminine', 'neuter']).toContain(word.gender);
      }
      // Every C2 noun with a gender but six excluded: exactly those six, never the genderless one.
      const c2Nouns = await server.database.db
        .select({ id: vocabulary.id })
        .from(vocabulary)
        .where(
          and(
            eq(vocabulary.partOfSpeech, 'noun'),
            eq(vocabulary.difficultyLevel, 'C2'),
            isNotNull(vocabulary.gender),
          ),
        );
      expect(c2Nouns.length).toBeGreaterThan(100);
      const left = c2Nouns.slice(0, 6).map((row) => row.id);
      const excluded = c2Nouns.slice(6).map((row) => row.id);
      const rest = await words(
        `deck=level-C2&studyMode=gender&exclude=${excluded.join(',')}&limit=100`,
      );
      expect(ids(rest.words).sort((a, b) => a - b)).toEqual([...left].sort((a, b) => a - b));
      expect(rest.pool).toEqual([]);
      // Vocabulary mode may ask it; nothing excluded comes back.
      const vocabularyMode = await words(`deck=level-C2&exclude=${excluded.join(',')}&limit=100`);
      expect(vocabularyMode.words.some((word) => excluded.includes(word.id))).toBe(false);
      const everything = c2Nouns.map((row) => row.id);
      const none = await words(`deck=level-C2&studyMode=gender&exclude=${everything.join(',')}`);
      expect(none).toEqual({ words: [], pool: [] });
      expect(genderless).toBeGreaterThan(0);
    },
  );

  it.skipIf(!available)(
    'fills the pool with other words of the batch’s parts of speech, the deck’s levels first',
    async () => {
      for (let round = 0; round < 3; round++) {
        const { words: batch, pool } = await words('deck=level-B1+B2&limit=20');
        expect(batch).toHaveLength(20);
        expect(pool).toHaveLength(60);
        const parts = new Set(batch.map((word) => word.partOfSpeech));
        const batchIds = new Set(ids(batch));
        expect(new Set(ids(pool)).size).toBe(pool.length);
        for (const word of pool) {
          expect(parts).toContain(word.partOfSpeech);
          expect(batchIds.has(word.id)).toBe(false);
          // Over a thousand B1/B2 nouns (a batch of 20 holds one): the pool stays in the deck.
          expect(['B1', 'B2']).toContain(word.level);
        }
      }
    },
  );

  it.skipIf(!available)(
    'serves the saved deck joined with the word list, only to its owner',
    async () => {
      const guest = await server.app.request('/api/quiz/words?deck=saved');
      expect(guest.status).toBe(401);
      expect((await json(guest)).error.code).toBe('unauthorized');

      const user = await signUp(server, 'Quizzer');
      const saved = [await idOf('der Zug'), await idOf('der Bahnhof'), await idOf('gehen')];
      for (const vocabularyId of saved) {
        const response = await call(user.cookie, 'POST', '/api/saved-words', {
          action: 'save',
          vocabularyId,
        });
        expect(response.status).toBe(200);
      }
      const response = await call(user.cookie, 'GET', '/api/quiz/words?deck=saved');
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      const body = (await json(response)) as { words: QuizWord[]; pool: QuizWord[] };
      expect(ids(body.words).sort((a, b) => a - b)).toEqual([...saved].sort((a, b) => a - b));
      expect(body.words.find((word) => word.word === 'der Zug')).toMatchObject({
        baseWord: 'Zug',
        gender: 'masculine',
        partOfSpeech: 'noun',
        level: expect.any(String),
        translationEn: expect.any(String),
      });
      expect(body.pool.length).toBeGreaterThan(0);
      for (const word of body.pool) {
        expect(['noun', 'verb']).toContain(word.partOfSpeech);
        expect(saved).not.toContain(word.id);
      }

      const gender = await words('deck=saved&studyMode=gender', user.cookie);
      expect(ids(gender.words).sort((a, b) => a - b)).toEqual(
        saved.slice(0, 2).sort((a, b) => a - b),
      );
      expect(gender.pool).toEqual([]);
      const excluded = await words(`deck=saved&exclude=${saved[0]},${saved[1]}`, user.cookie);
      expect(ids(excluded.words)).toEqual([saved[2]]);
      const limited = await words('deck=saved&limit=1', user.cookie);
      expect(limited.words).toHaveLength(1);
      expect(limited.pool.length).toBeLessThanOrEqual(3);

      // Another user's saved deck is their own: empty here.
      const other = await signUp(server, 'Stranger');
      expect(await words('deck=saved', other.cookie)).toEqual({ words: [], pool: [] });
    },
  );

  it.skipIf(!available)(
    'takes the pool from the batch’s level first when the deck has none',
    async () => {
      // A pronoun saved at the level with the fewest: the pool is every other pronoun, the
      // other ones of its level first.
      const pronouns = await entriesOf('pronoun');
      const levelCounts = new Map<string, number>();
      for (const row of pronouns) {
        levelCounts.set(row.level, (levelCounts.get(row.level) ?? 0) + 1);
      }
      const [rareLevel] =
        [...levelCounts].filter(([, n]) => n >= 2).sort((a, b) => a[1] - b[1])[0] ?? [];
      const sameLevel = await entriesOf('pronoun', rareLevel);
      const [savedPronoun] = sameLevel;
      expect(savedPronoun).toBeDefined();
      const user = await signUp(server, 'Pronomen');
      await call(user.cookie, 'POST', '/api/saved-words', {
        action: 'save',
        vocabularyId: savedPronoun?.id,
      });
      const { words: batch, pool } = await words('deck=saved', user.cookie);
      expect(ids(batch)).toEqual([savedPronoun?.id]);
      expect(pool).toHaveLength(pronouns.length - 1);
      const levelsInOrder = pool.map((word) => word.level);
      const firstOther = levelsInOrder.findIndex((level) => level !== rareLevel);
      expect(firstOther).toBe(sameLevel.length - 1);
      expect(levelsInOrder.slice(firstOther)).not.toContain(rareLevel);
    },
  );

  it.skipIf(!available)('answers every bad query with a 400, never a 500', async () => {
    const user = await signUp(server, 'Prober');
    const tooMany = Array.from({ length: 401 }, (_, i) => i + 1).join(',');
    const enough = Array.from({ length: 400 }, (_, i) => i + 1).join(',');
    const cases: [query: string, code: string, message: RegExp][] = [
      ['deck=unknown', 'validation_failed', /^deck: "unknown" is not a deck/],
      ['deck=Database', 'validation_failed', /^deck: /],
      ['deck=', 'validation_failed', /^deck: /],
      ['deck=level-', 'validation_failed', /^deck: "" is not a level/],
      ['deck=level-A3', 'validation_failed', /^deck: "A3" is not a level/],
      ['deck=level-A1%2BA1', 'validation_failed', /^deck: level A1 is named twice/],
      ['deck=level-A1%2Ba1', 'validation_failed', /^deck: level A1 is named twice/],
      ['deck=level-A1%2B%2BB2', 'validation_failed', /^deck: "" is not a level/],
      ['deck=saved%2Blevel-A1', 'validation_failed', /^deck: /],
      [`deck=level-${'A1%2B'.repeat(20)}B2`, 'validation_failed', /^deck: /],
      ['studyMode=plural', 'validation_failed', /^studyMode: /],
      ['studyMode=', 'validation_failed', /^studyMode: /],
      ['exclude=abc', 'validation_failed', /^exclude: "abc" is not a vocabulary id/],
      ['exclude=1,,2', 'validation_failed', /^exclude: "" is not a vocabulary id/],
      ['exclude=1,', 'validation_failed', /^exclude: /],
      ['exclude=0', 'validation_failed', /^exclude: "0" is not/],
      ['exclude=-1', 'validation_failed', /^exclude: /],
      ['exclude=1.5', 'validation_failed', /^exclude: /],
      ['exclude=1e3', 'validation_failed', /^exclude: /],
      ['exclude=%201', 'validation_failed', /^exclude: /],
      ['exclude=2147483648', 'validation_failed', /^exclude: "2147483648" is not/],
      ['exclude=99999999999999999999999', 'validation_failed', /^exclude: /],
      [`exclude=${tooMany}`, 'validation_failed', /^exclude: at most 400 ids/],
      ['limit=0', 'validation_failed', /^limit: must be a whole number from 1 to 100/],
      ['limit=101', 'validation_failed', /^limit: /],
      ['limit=-1', 'validation_failed', /^limit: /],
      ['limit=abc', 'validation_failed', /^limit: /],
      ['limit=1e2', 'validation_failed', /^limit: /],
      ['limit=', 'validation_failed', /^limit: /],
      ['limit=99999999999999999999', 'validation_failed', /^limit: /],
      // NUL never reaches the route: the request guard refuses it for every route.
      ['deck=saved%00', 'bad_request', /NUL character/],
      ['exclude=1%002', 'bad_request', /NUL character/],
      ['limit=%00', 'bad_request', /NUL character/],
    ];
    for (const [query, code, message] of cases) {
      for (const cookie of ['', user.cookie]) {
        const response = await call(cookie, 'GET', `/api/quiz/words?${query}`);
        const label = `${query.slice(0, 60)} ${cookie ? 'signed in' : 'guest'}`;
        expect(response.status, label).toBe(400);
        const { error } = await json(response);
        expect(error.code, label).toBe(code);
        expect(error.message, label).toMatch(message);
      }
    }
    // The bounds themselves are fine; an empty exclude excludes nothing.
    expect((await words(`exclude=${enough}&limit=1`)).words).toHaveLength(1);
    expect((await words('exclude=2147483647&limit=100')).words).toHaveLength(100);
    expect((await words('exclude=&limit=1')).words).toHaveLength(1);
  });

  it.skipIf(!available)(
    'reads back the best score of each mode and the latest scores, the user’s own only',
    async () => {
      expect((await server.app.request('/api/quiz/scores')).status).toBe(401);
      const user = await signUp(server, 'Scorer');
      const other = await signUp(server, 'Onlooker');
      const empty = await call(user.cookie, 'GET', '/api/quiz/scores');
      expect(empty.status).toBe(200);
      expect(empty.headers.get('Cache-Control')).toBe('private, no-store');
      expect(await json(empty)).toEqual({ best: [], recent: [] });

      const start = Date.now() - 60 * 60_000;
      const at = (minute: number) => start + minute * 60_000;
      const scoreboardUpdates = [
        { studyMode: 'vocabulary', gameMode: 'score', score: 30, playedAt: at(0) },
        { studyMode: 'vocabulary', gameMode: 'score', score: 50, playedAt: at(1) },
        { studyMode: 'gender', gameMode: 'score', score: 20, playedAt: at(2) },
        // An older client sends no study mode: vocabulary.
        { gameMode: 'survival', score: 7, playedAt: at(3) },
        { studyMode: 'gender', gameMode: 'score', score: 40, playedAt: at(4) },
        // The same best again later: the first game that reached it stands.
        { studyMode: 'vocabulary', gameMode: 'score', score: 50, playedAt: at(5) },
        { studyMode: 'gender', gameMode: 'lightning', score: 0, playedAt: at(6) },
        { studyMode: 'vocabulary', gameMode: 'score', score: 10, playedAt: at(7) },
        { studyMode: 'vocabulary', gameMode: 'survival', score: 3, playedAt: at(8) },
        { studyMode: 'gender', gameMode: 'score', score: 15, playedAt: at(9) },
        { studyMode: 'vocabulary', gameMode: 'timer', score: 25, playedAt: at(10) },
      ];
      const batch = await call(user.cookie, 'POST', '/api/stats/batch', { scoreboardUpdates });
      expect(batch.status).toBe(200);
      // One more through the stats sync queue.
      const synced = await json(
        await call(user.cookie, 'POST', '/api/sync', {
          type: 'stats',
          operations: [
            {
              id: 'quiz-score-0001',
              payload: {
                kind: 'scoreboard',
                studyMode: 'gender',
                gameMode: 'true-false',
                score: 90,
                playedAt: at(11),
              },
            },
          ],
        }),
      );
      expect(synced.results[0].outcome).toBe('applied');
      const refused = await call(user.cookie, 'POST', '/api/stats/batch', {
        scoreboardUpdates: [{ studyMode: 'plural', gameMode: 'score', score: 1, playedAt: at(0) }],
      });
      expect(refused.status).toBe(400);

      const iso = (minute: number) => new Date(at(minute)).toISOString();
      const { best, recent } = await json(await call(user.cookie, 'GET', '/api/quiz/scores'));
      expect(best).toEqual([
        { studyMode: 'gender', gameMode: 'lightning', score: 0, playedAt: iso(6) },
        { studyMode: 'gender', gameMode: 'score', score: 40, playedAt: iso(4) },
        { studyMode: 'gender', gameMode: 'true-false', score: 90, playedAt: iso(11) },
        { studyMode: 'vocabulary', gameMode: 'score', score: 50, playedAt: iso(1) },
        { studyMode: 'vocabulary', gameMode: 'survival', score: 7, playedAt: iso(3) },
        { studyMode: 'vocabulary', gameMode: 'timer', score: 25, playedAt: iso(10) },
      ]);
      expect(recent).toHaveLength(10);
      expect(recent.map((entry: { playedAt: string }) => entry.playedAt)).toEqual(
        [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map(iso),
      );
      expect(recent[0]).toEqual({
        studyMode: 'gender',
        gameMode: 'true-false',
        score: 90,
        playedAt: iso(11),
      });
      expect(recent[8]).toEqual({
        studyMode: 'vocabulary',
        gameMode: 'survival',
        score: 7,
        playedAt: iso(3),
      });

      // Nobody else sees them.
      expect(await json(await call(other.cookie, 'GET', '/api/quiz/scores'))).toEqual({
        best: [],
        recent: [],
      });
    },
  );
});
