import type { StoryToken } from '@lesefuchs/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStories } from '../src/content/corpus.ts';
import { importContent } from '../src/content/importer.ts';
import { flashcards } from '../src/db/schema/index.ts';
import { caller, json, signUp, targets, testServerFor, vocabularyIdOf } from './harness.ts';

describe.each(targets)('known words and story lemmas on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const call = caller(server);
  const idOf = (word: string) => vocabularyIdOf(server, word);

  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  it.skipIf(!available)(
    "lists every story's lemmas as the story page resolves them, revalidated by ETag",
    async () => {
      const response = await server.app.request('/api/stories/lemmas');
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      const body = await json(response);
      expect(body.stories).toHaveLength(loadStories().length);
      const etag = response.headers.get('ETag') ?? '';
      expect(etag).toMatch(/^W\/"lemmas-/);
      const again = await server.app.request('/api/stories/lemmas', {
        headers: { 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);

      // Counted here from the story's own tokens, independently of the compact form's code.
      for (const storyId of [1, 17, 48, 120]) {
        const story = await json(await server.app.request(`/api/stories/${storyId}`));
        const expected = new Map<number, number>();
        for (const token of story.tokens as StoryToken[]) {
          if (token.vocabularyId !== null)
            expected.set(token.vocabularyId, (expected.get(token.vocabularyId) ?? 0) + 1);
        }
        const listed = body.stories.find((entry: { storyId: number }) => entry.storyId === storyId);
        let id = 0;
        const decoded = new Map<number, number>(
          listed.lemmas.map((delta: number, index: number) => {
            id += delta;
            return [id, listed.counts[index]];
          }),
        );
        expect(decoded).toEqual(expected);
      }
    },
  );

  it.skipIf(!available)('is for signed-in learners only', async () => {
    expect((await server.app.request('/api/known-words')).status).toBe(401);
    expect((await server.app.request('/api/known-words/1', { method: 'PUT' })).status).toBe(401);
  });

  it.skipIf(!available)(
    'marks a word known, once, takes the mark back, and refuses what names no entry',
    async () => {
      const user = await signUp(server, 'Kenner');
      const hund = await idOf('der Hund');
      expect(await json(await call(user.cookie, 'GET', '/api/known-words'))).toEqual({
        marked: [],
        fromCards: [],
      });
      const marked = await json(await call(user.cookie, 'PUT', `/api/known-words/${hund}`));
      expect(marked.marked).toEqual([{ vocabularyId: hund, at: expect.any(String) }]);
      const twice = await json(await call(user.cookie, 'PUT', `/api/known-words/${hund}`));
      expect(twice.marked).toHaveLength(1);
      const undone = await json(await call(user.cookie, 'DELETE', `/api/known-words/${hund}`));
      expect(undone.marked).toEqual([]);
      expect((await call(user.cookie, 'PUT', '/api/known-words/999999')).status).toBe(404);
      for (const bad of ['abc', '0', '-1', '1.5', '1e3', '2147483648', '%00', '1%002']) {
        const put = await call(user.cookie, 'PUT', `/api/known-words/${bad}`);
        expect(put.status, bad).toBe(400);
        const del = await call(user.cookie, 'DELETE', `/api/known-words/${bad}`);
        expect(del.status, bad).toBe(400);
      }
    },
  );

  it.skipIf(!available)(
    'counts flashcards in review as known, not those still learning',
    async () => {
      const user = await signUp(server, 'Karten');
      const [zug, koffer, bahnhof] = await Promise.all([
        idOf('der Zug'),
        idOf('der Koffer'),
        idOf('der Bahnhof'),
      ]);
      const card = (vocabularyId: number, cardState: string) => ({
        userId: user.id,
        vocabularyId,
        difficultyLevel: 'A1',
        cardState,
        dueAt: new Date(),
        easeFactor: 2.5,
      });
      await server.database.db
        .insert(flashcards)
        .values([card(zug, 'review'), card(koffer, 'learning'), card(bahnhof, 'new')]);
      const body = await json(await call(user.cookie, 'GET', '/api/known-words'));
      expect(body).toEqual({ marked: [], fromCards: [zug] });
    },
  );

  it.skipIf(!available)('applies queued marks once and refuses a bad one alone', async () => {
    const user = await signUp(server, 'Reihe');
    const [zug, koffer] = await Promise.all([idOf('der Zug'), idOf('der Koffer')]);
    const operations = [
      { id: 'known-op-00001', payload: { action: 'add', vocabularyId: zug, at: Date.now() } },
      { id: 'known-op-00002', payload: { action: 'add', vocabularyId: koffer } },
      { id: 'known-op-00003', payload: { action: 'remove', vocabularyId: koffer } },
      { id: 'known-op-00004', payload: { action: 'add', vocabularyId: 999_999 } },
      { id: 'known-op-00005', payload: { action: 'add', vocabularyId: -4 } },
      { id: 'known-op-00006', payload: { action: 'forget', vocabularyId: zug } },
    ];
    const first = await json(
      await call(user.cookie, 'POST', '/api/sync', { type: 'known-words', operations }),
    );
    expect(first.results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'rejected',
      'rejected',
    ]);
    const replay = await json(
      await call(user.cookie, 'POST', '/api/sync', { type: 'known-words', operations }),
    );
    expect(replay.results[0].outcome).toBe('duplicate');
    const body = await json(await call(user.cookie, 'GET', '/api/known-words'));
    expect(body.marked.map((row: { vocabularyId: number }) => row.vocabularyId)).toEqual([zug]);
  });

  it.skipIf(!available)("adds a guest's marks at sign-in and refuses a bad list", async () => {
    const user = await signUp(server, 'Gastwort');
    const [zug, koffer] = await Promise.all([idOf('der Zug'), idOf('der Koffer')]);
    await call(user.cookie, 'PUT', `/api/known-words/${zug}`);
    const migrated = await json(
      await call(user.cookie, 'POST', '/api/known-words/migrate', {
        vocabularyIds: [zug, koffer, koffer, 999_999],
      }),
    );
    expect(migrated.migrated).toBe(1);
    expect(migrated.marked.map((row: { vocabularyId: number }) => row.vocabularyId).sort()).toEqual(
      [zug, koffer].sort(),
    );
    for (const body of [
      {},
      { vocabularyIds: 'all' },
      { vocabularyIds: [0] },
      { vocabularyIds: [1.5] },
      { vocabularyIds: Array.from({ length: 20_001 }, (_, index) => index + 1) },
    ]) {
      expect((await call(user.cookie, 'POST', '/api/known-words/migrate', body)).status).toBe(400);
    }
  });

  it.skipIf(!available)("never shows or changes another learner's known words", async () => {
    const owner = await signUp(server, 'Eigen');
    const other = await signUp(server, 'Fremd');
    const hund = await idOf('der Hund');
    await call(owner.cookie, 'PUT', `/api/known-words/${hund}`);
    expect((await json(await call(other.cookie, 'GET', '/api/known-words'))).marked).toEqual([]);
    await call(other.cookie, 'DELETE', `/api/known-words/${hund}`);
    const mine = await json(await call(owner.cookie, 'GET', '/api/known-words'));
    expect(mine.marked.map((row: { vocabularyId: number }) => row.vocabularyId)).toEqual([hund]);
  });
});
