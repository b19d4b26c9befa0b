import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { getStory, listStories } from './stories.service.ts';

// What saving a story for offline costs the device, before it is saved: the bytes of the story
// as GET /api/stories/:id sends it (uncompressed, as the device stores it) and of its audio
// file in each voice. Built once per corpus version by the route (a few ms a story).

/** A story's bytes on the device: its text and its audio file per voice (null: no file). */
export interface StorySize {
  id: number;
  textBytes: number;
  audioBytes: { Amala: number | null; Florian: number | null };
}

/** The bytes of the file an audio URL names (`/audio/<story>/<file>?v=…`), or null. */
async function audioFileBytes(audioDir: string, url: string | null): Promise<number | null> {
  if (!url) return null;
  const relative = decodeURIComponent(new URL(url, 'http://local').pathname).replace(
    /^\/audio\//,
    '',
  );
  const file = path.resolve(audioDir, relative);
  if (!file.startsWith(path.resolve(audioDir) + path.sep)) return null;
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

/** Every listed story's size on the device, in the order of the list. */
export async function storySizes(db: Database, audioDir: string): Promise<StorySize[]> {
  const sizes: StorySize[] = [];
  for (const story of await listStories(db)) {
    const detail = await getStory(db, story.id);
    sizes.push({
      id: story.id,
      textBytes: detail ? Buffer.byteLength(JSON.stringify(detail)) : 0,
      audioBytes: {
        Amala: await audioFileBytes(audioDir, story.audioUrlDe),
        Florian: await audioFileBytes(audioDir, story.audioUrlDe2),
      },
    });
  }
  return sizes;
}
