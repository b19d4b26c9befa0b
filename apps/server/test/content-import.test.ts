import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FormsTable } from '@lesefuchs/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR, loadStories, loadVocabulary } from '../src/content/corpus.ts';
import { importContent } from '../src/content/importer.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { stories, vocabulary, vocabularyForms } from '../src/db/schema/index.ts';
import { listStories } from '../src/services/stories.service.ts';
import { freshDatabase, targets } from './harness.ts';

/** A copy of the corpus that a test may edit (the audio linked, not copied). */
function copyOfContent(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-content-'));
  cpSync(path.join(CONTENT_DIR, 'stories'), path.join(dir, 'stories'), { recursive: true });
  cpSync(path.join(CONTENT_DIR, 'vocabulary'), path.join(dir, 'vocabulary'), { recursive: true });
  symlinkSync(path.join(CONTENT_DIR, 'audio'), path.join(dir, 'audio'));
  for (const file of ['series.json', 'names.json']) {
    if (existsSync(path.join(CONTENT_DIR, file))) {
      cpSync(path.join(CONTENT_DIR, file), path.join(dir, file));
    }
  }
  return dir;
}

// Each test imports the whole corpus two or three times: 15-17 s on a slow host, and 30 s once
// when the host was busy besides, which the suite's 30-second limit cut off.
describe.each(targets)('content import on $name', { timeout: 90_000 }, ({ name, available }) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const storyCount = loadStories().length;
  const entryCount = loadVocabulary().length;

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(name);
    drop = fresh.drop;
    database = await openDatabase(fresh.config);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it.skipIf(!available)(
    'loads every story, vocabulary entry and form, and a second run changes nothing',
    async () => {
      const first = await importContent(database.db);
      expect(first.unchanged).toBe(false);
      expect(first.stories).toEqual({ inserted: storyCount, updated: 0, deactivated: 0 });
      expect(first.vocabulary).toEqual({ inserted: entryCount, updated: 0 });
      const [{ count: formCount } = { count: 0 }] = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(vocabularyForms);
      expect(formCount).toBe(first.forms);
      expect(formCount).toBeGreaterThan(entryCount);

      const [story] = await database.db.select().from(stories).where(eq(stories.id, 1));
      expect(story?.readingTimeMinutes).toBeGreaterThanOrEqual(1);
      expect(story?.audioUrlDe).toMatch(/^\/audio\/1\/de-amala\.mp3\?v=[0-9a-f]{12}$/);
      expect(story?.audioUrlDe2).toMatch(/^\/audio\/1\/de-florian\.mp3\?v=[0-9a-f]{12}$/);

      const before = await database.db
        .select({ id: stories.id, updatedAt: stories.updatedAt })
        .from(stories);
      const second = await importContent(database.db);
      expect(second.unchanged).toBe(true);
      const after = await database.db
        .select({ id: stories.id, updatedAt: stories.updatedAt })
        .from(stories);
      expect(after).toEqual(before);
    },
  );

  it.skipIf(!available)(
    'updates an edited story and entry alone, and deactivates a removed story',
    async () => {
      const dir = copyOfContent();
      try {
        const storyFile = readdirSync(path.join(dir, 'stories', 'a1')).find((file) =>
          file.startsWith('02-'),
        );
        const file = path.join(dir, 'stories', 'a1', storyFile as string);
        const story = JSON.parse(readFileSync(file, 'utf8'));
        story.title.en = `${story.title.en} (revised)`;
        writeFileSync(file, JSON.stringify(story));
        const removed = readdirSync(path.join(dir, 'stories', 'a1')).find((name) =>
          name.startsWith('08-'),
        ) as string;
        rmSync(path.join(dir, 'stories', 'a1', removed));
        const vocabularyFile = path.join(dir, 'vocabulary', 'nouns-a1.json');
        const entries = JSON.parse(readFileSync(vocabularyFile, 'utf8'));
        entries[0].translation_en = `${entries[0].translation_en}, revised`;
        writeFileSync(vocabularyFile, JSON.stringify(entries));

        const before = new Map(
          (
            await database.db.select({ id: stories.id, updatedAt: stories.updatedAt }).from(stories)
          ).map((row) => [row.id, row.updatedAt.getTime()]),
        );
        const result = await importContent(database.db, dir);
        expect(result.stories).toEqual({ inserted: 0, updated: 1, deactivated: 1 });
        expect(result.vocabulary).toEqual({ inserted: 0, updated: 1 });

        const rows = await database.db.select().from(stories);
        for (const row of rows) {
          const moved = row.updatedAt.getTime() !== before.get(row.id);
          expect(moved, `story ${row.id}`).toBe(row.id === 2 || row.id === 8);
        }
        expect(rows.find((row) => row.id === 2)?.titleEn).toMatch(/\(revised\)$/);
        expect(rows.find((row) => row.id === 8)?.isActive).toBe(false);
        expect(rows.find((row) => row.id === 2)?.audioUrlDe).toMatch(
          /^\/audio\/2\/de-amala\.mp3\?v=/,
        );
        const [entry] = await database.db
          .select()
          .from(vocabulary)
          .where(eq(vocabulary.word, entries[0].word));
        expect(entry?.translationEn).toMatch(/, revised$/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!available)(
    'stores what each form is of its entry, and nothing on its own word',
    async () => {
      const dir = copyOfContent();
      try {
        const formsFile = path.join(dir, 'vocabulary', 'forms.json');
        const forms = JSON.parse(readFileSync(formsFile, 'utf8')) as FormsTable;
        forms.häuser = [{ key: 'das Haus|noun', tags: ['pl'] }];
        forms.kommt = [{ key: 'ankommen|verb', particle: 'an', tags: ['pres3s', 'pres2p'] }];
        forms.haus = [{ key: 'das Haus|noun' }];
        writeFileSync(formsFile, JSON.stringify(forms));

        await importContent(database.db, dir);
        const tagsOf = async (form: string) =>
          (
            await database.db
              .select({ tags: vocabularyForms.tags, particle: vocabularyForms.particle })
              .from(vocabularyForms)
              .where(and(eq(vocabularyForms.form, form), eq(vocabularyForms.position, 0)))
          )[0];
        expect(await tagsOf('häuser')).toEqual({ tags: ['pl'], particle: null });
        expect(await tagsOf('kommt')).toEqual({ tags: ['pres3s', 'pres2p'], particle: 'an' });
        expect(await tagsOf('haus')).toEqual({ tags: null, particle: null });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!available)(
    "gives each story of a series its part, and a series' change updates its stories alone",
    async () => {
      const dir = copyOfContent();
      try {
        await importContent(database.db, dir);
        const title = { de: 'Die Reihe', en: 'The series', es: 'La serie', kr: '시리즈' };
        const seriesFile = path.join(dir, 'series.json');
        const existing = existsSync(seriesFile) ? JSON.parse(readFileSync(seriesFile, 'utf8')) : [];
        writeFileSync(
          seriesFile,
          JSON.stringify([...existing, { id: 'test-series', title, stories: [3, 4, 11, 12] }]),
        );
        const result = await importContent(database.db, dir);
        expect(result.stories.updated).toBe(4);
        const listed = await listStories(database.db);
        const parts = listed.filter((story) => story.series?.id === 'test-series');
        expect(parts.map((story) => [story.id, story.series?.part])).toEqual([
          [3, 1],
          [4, 2],
          [11, 3],
          [12, 4],
        ]);
        expect(parts[1]?.series).toEqual({
          id: 'test-series',
          title,
          part: 2,
          total: 4,
          stories: [3, 4, 11, 12],
        });

        writeFileSync(
          seriesFile,
          JSON.stringify([...existing, { id: 'test-series', title, stories: [3, 3, 11, 12] }]),
        );
        await expect(importContent(database.db, dir)).rejects.toThrow(/more than one place/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
