import { statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR } from '../src/content/corpus.ts';
import { importContent } from '../src/content/importer.ts';
import { json, targets, testServerFor } from './harness.ts';

// What saving a story for offline costs, before it is saved (issue #18): each story's text as
// the device stores it and its audio file in each voice, revalidated by the corpus version.

interface SizesBody {
  stories: {
    id: number;
    textBytes: number;
    audioBytes: { Amala: number | null; Florian: number | null };
  }[];
}

describe.each(targets)('GET /api/stories/sizes on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  it.skipIf(!available)(
    'gives every listed story the bytes of its text and of its audio per voice',
    async () => {
      const response = await server.app.request('/api/stories/sizes');
      expect(response.status).toBe(200);
      const { stories: sizes } = (await json(response)) as SizesBody;
      const list = (await json(await server.app.request('/api/stories'))) as {
        stories: { id: number }[];
      };
      expect(sizes.map((size) => size.id)).toEqual(list.stories.map((story) => story.id));

      const first = sizes.find((size) => size.id === 1);
      // The text is the story as the server sends it (and the device stores it).
      const story = await server.app.request('/api/stories/1');
      expect(first?.textBytes).toBe(Buffer.byteLength(await story.text()));
      // The audio is the file the player fetches, in each voice.
      const amala = statSync(path.join(AUDIO_DIR, '1', 'de-amala.mp3')).size;
      const florian = statSync(path.join(AUDIO_DIR, '1', 'de-florian.mp3')).size;
      expect(first?.audioBytes).toEqual({ Amala: amala, Florian: florian });
      const file = await server.app.request('/audio/1/de-amala.mp3');
      expect((await file.arrayBuffer()).byteLength).toBe(amala);
      for (const size of sizes) {
        expect(size.textBytes).toBeGreaterThan(1000);
        expect(size.audioBytes.Amala ?? 0).toBeGreaterThan(10_000);
      }
    },
  );

  it.skipIf(!available)('answers 304 while the corpus is the same', async () => {
    const first = await server.app.request('/api/stories/sizes');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"sizes-/);
    const again = await server.app.request('/api/stories/sizes', {
      headers: { 'If-None-Match': etag ?? '' },
    });
    expect(again.status).toBe(304);
  });
});
