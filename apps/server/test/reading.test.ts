import type { StoryToken as Token } from '@lesefuchs/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStories } from '../src/content/corpus.ts';
import { importContent } from '../src/content/importer.ts';
import { caller, json, signUp, targets, testServerFor } from './harness.ts';

/** Every story of the corpus is active. */
const STORY_COUNT = loadStories().length;

interface Entry {
  id: number;
  word: string;
  translationEn: string;
}

describe.each(targets)('stories and reading lists on $name', ({ name, available }) => {
  const server = testServerFor(name, available);

  const call = caller(server);

  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  /** The words of a story's German text with the entry each resolves to. */
  async function wordsOf(id: number) {
    const body = await json(await server.app.request(`/api/stories/${id}`));
    const text: string = body.story.contentDe;
    const entries = new Map<number, Entry>(
      body.vocabulary.map((entry: Entry) => [entry.id, entry]),
    );
    return (body.tokens as Token[]).map((token) => ({
      text: text.slice(token.start, token.end),
      entry: token.vocabularyId === null ? null : entries.get(token.vocabularyId),
      parts: token.parts?.map((id) => entries.get(id)?.word),
      target: token.target === true,
      alternatives: token.alternatives?.map((id) => entries.get(id)?.word),
      form: token.form,
      separable: token.separable === true,
      name: token.name,
    }));
  }

  it.skipIf(!available)(
    'lists active stories with a version and answers 304 when unchanged',
    async () => {
      const response = await server.app.request('/api/stories');
      expect(response.status).toBe(200);
      const body = await json(response);
      expect(body.stories).toHaveLength(STORY_COUNT);
      expect(body.count).toBe(STORY_COUNT);
      expect(body.stories[0]).toMatchObject({
        id: 1,
        titleDe: 'Der Zug nach Hamburg',
        difficulty: 'A1',
      });
      expect(body.stories[0]).not.toHaveProperty('contentDe');
      const etag = response.headers.get('ETag') ?? '';
      expect(etag).toMatch(new RegExp(`^W/"stories-${STORY_COUNT}-`));
      const again = await server.app.request('/api/stories', {
        headers: { 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);
      const version = await json(await server.app.request('/api/stories/version'));
      expect(version).toEqual({ latestUpdatedAt: body.latestUpdatedAt, count: STORY_COUNT });
    },
  );

  it.skipIf(!available)('gives titles in bulk and refuses bad ids', async () => {
    const { titles } = await json(await server.app.request('/api/stories/titles?ids=2,1'));
    expect(titles.map((title: { id: number }) => title.id)).toEqual([1, 2]);
    expect((await server.app.request('/api/stories/titles?ids=1,abc')).status).toBe(400);
    const missing = await server.app.request('/api/stories/999');
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.message).toBe('Story not found: 999');
    expect((await server.app.request('/api/stories/undefined')).status).toBe(404);
  });

  it.skipIf(!available)(
    'resolves a story’s words: target words, inflected forms, separable verbs, compounds',
    async () => {
      const words = await wordsOf(1);
      const zug = words.find((word) => word.text === 'Zug');
      expect(zug?.entry?.word).toBe('der Zug');
      expect(zug?.target).toBe(true);
      // An inflected form finds its lemma.
      const inflected = words.find((word) => word.text === 'wohnt');
      expect(inflected?.entry?.word).toBe('wohnen');

      // Separable verbs written apart lead to the whole verb: "Ich hole dich ab." (story 1),
      // "Stachel schläft sofort ein." (story 7); "Im Zug schläft er ein bisschen." does not.
      expect(words.find((word) => word.text === 'hole')?.entry?.word).toBe('abholen');
      const schlaeft = words.find((word) => word.text === 'schläft');
      expect(schlaeft?.entry?.word).toBe('schlafen');
      const story7 = await wordsOf(7);
      const asleep = story7.filter((word) => word.text === 'schläft');
      expect(asleep.map((word) => word.entry?.word)).toContain('einschlafen');

      // In its sentence: "Tom weiß die Adresse nicht" is wissen (also: white), said how; the
      // particle of "Ich hole dich ab." leads to abholen too; Greta is a person.
      const weiss = words.find((word) => word.text === 'weiß');
      expect(weiss).toMatchObject({
        entry: { word: 'wissen' },
        alternatives: ['weiß'],
        form: ['pres1s', 'pres3s'],
      });
      const ab = words.findLast((word) => word.text === 'ab');
      expect(ab).toMatchObject({ entry: { word: 'abholen' }, separable: true });
      expect(words.find((word) => word.text === 'Greta')).toMatchObject({
        entry: null,
        name: 'person',
      });
      // A listed name is never split as a compound (offen + Bach).
      const offenbach = (await wordsOf(106)).find((word) => word.text === 'Offenbach');
      expect(offenbach).toMatchObject({ entry: null, name: 'place' });
      expect(offenbach?.parts).toBeUndefined();

      // Compounds without an entry of their own would show their parts (core's compound tests);
      // the vocabulary now has an entry or a name for every such word of the corpus.
    },
  );

  it.skipIf(!available)(
    'keeps bookmarks and read stories per user: upsert, duplicates ignored, newest first, remove, clear',
    async () => {
      const user = await signUp(server, 'Reader');
      const other = await signUp(server, 'Other');
      for (const id of [3, 5, 3]) {
        const response = await call(user.cookie, 'PUT', `/api/bookmarks/${id}`);
        expect(response.status).toBe(200);
      }
      const { entries } = await json(await call(user.cookie, 'GET', '/api/bookmarks'));
      expect(entries.map((entry: { storyId: number }) => entry.storyId)).toEqual([5, 3]);

      await call(user.cookie, 'PUT', '/api/reading/completions/7');
      const read = await json(await call(user.cookie, 'GET', '/api/reading/completions'));
      expect(read.entries.map((entry: { storyId: number }) => entry.storyId)).toEqual([7]);

      // Someone else sees none of it and cannot remove it.
      expect((await json(await call(other.cookie, 'GET', '/api/bookmarks'))).entries).toEqual([]);
      await call(other.cookie, 'DELETE', '/api/bookmarks');
      await call(other.cookie, 'DELETE', '/api/bookmarks/5');
      expect((await json(await call(user.cookie, 'GET', '/api/bookmarks'))).entries).toHaveLength(
        2,
      );

      await call(user.cookie, 'DELETE', '/api/bookmarks/5');
      expect((await json(await call(user.cookie, 'GET', '/api/bookmarks'))).entries).toHaveLength(
        1,
      );
      await call(user.cookie, 'DELETE', '/api/bookmarks');
      expect((await json(await call(user.cookie, 'GET', '/api/bookmarks'))).entries).toEqual([]);

      expect((await call(user.cookie, 'PUT', '/api/bookmarks/999')).status).toBe(404);
      expect((await call(user.cookie, 'PUT', '/api/bookmarks/null')).status).toBe(400);
      expect((await server.app.request('/api/bookmarks')).status).toBe(401);
    },
  );

  it.skipIf(!available)('applies queued changes once per operation id', async () => {
    const user = await signUp(server, 'Queued');
    const operations = [
      { id: 'bookmark-op-0001', payload: { action: 'add', storyId: 4, at: Date.now() - 1000 } },
      { id: 'bookmark-op-0002', payload: { action: 'add', storyId: 6 } },
      { id: 'bookmark-op-0003', payload: { action: 'remove', storyId: 4 } },
      { id: 'bookmark-op-0004', payload: { action: 'add', storyId: 'x' } },
    ];
    const first = await json(
      await call(user.cookie, 'POST', '/api/sync', { type: 'bookmarks', operations }),
    );
    expect(first.results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'applied',
      'applied',
      'applied',
      'rejected',
    ]);
    // A replay of the same ids, e.g. a beacon that arrived and a retry, changes nothing.
    const replay = await json(
      await call(user.cookie, 'POST', '/api/sync', { type: 'bookmarks', operations }),
    );
    expect(replay.results.slice(0, 3).map((result: { outcome: string }) => result.outcome)).toEqual(
      ['duplicate', 'duplicate', 'duplicate'],
    );
    const { entries } = await json(await call(user.cookie, 'GET', '/api/bookmarks'));
    expect(entries.map((entry: { storyId: number }) => entry.storyId)).toEqual([6]);
  });

  it.skipIf(!available)('migrates a guest list only into an account that has none', async () => {
    const user = await signUp(server, 'Migrant');
    const first = await json(
      await call(user.cookie, 'POST', '/api/reading/completions/migrate', {
        entries: [{ storyId: 1, at: 1_700_000_000_000 }, { storyId: 2 }, { storyId: 999 }],
      }),
    );
    expect(first.migrated).toBe(2);
    const second = await json(
      await call(user.cookie, 'POST', '/api/reading/completions/migrate', {
        entries: [{ storyId: 3 }],
      }),
    );
    expect(second.migrated).toBe(0);
    expect(second.entries.map((entry: { storyId: number }) => entry.storyId).sort()).toEqual([
      1, 2,
    ]);
    const bad = await call(user.cookie, 'POST', '/api/bookmarks/migrate', { entries: 'all' });
    expect(bad.status).toBe(400);
  });
});
