import { parseStoryId } from '@lesefuchs/core';
import { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { RepresentationCache } from '../http/representation-cache.ts';
import {
  corpusVersion,
  getStory,
  listStories,
  storiesVersion,
  storyTitles,
} from '../services/stories.service.ts';
import { storyLemmasList } from '../services/story-lemmas.service.ts';
import { storySizes } from '../services/story-sizes.service.ts';

const MAX_TITLE_IDS = 200;

/**
 * `/api/stories`, open to guests: the metadata list with an ETag from the latest change and
 * the count, that version on its own, titles in bulk, every story's lemmas, every story's size
 * on the device (text and audio per voice), and one story.
 */
export function storyRoutes(deps: { db: Database; audioDir: string }) {
  const cache = new RepresentationCache();
  return (
    new Hono()
      .get('/', async (c) => {
        const version = await storiesVersion(deps.db);
        const etag = `W/"stories-${version.count}-${version.latestUpdatedAt ?? 'none'}"`;
        return (await cache.respond(c, 'list', etag, async () => ({
          ...version,
          stories: await listStories(deps.db),
        }))) as Response;
      })
      .get('/version', async (c) => c.json(await storiesVersion(deps.db)))
      // Every listed story's lemmas with their token counts, for coverage on the device. Like a
      // story, it changes only with an import of the corpus: revalidated, not sent again.
      .get('/lemmas', async (c) => {
        const etag = `W/"lemmas-${await corpusVersion(deps.db)}"`;
        return (await cache.respond(c, 'lemmas', etag, () => storyLemmasList(deps.db))) as Response;
      })
      // What saving each story for offline costs, shown before saving. The audio files change
      // only with an import too, so the corpus version is its version.
      .get('/sizes', async (c) => {
        const etag = `W/"sizes-${await corpusVersion(deps.db)}"`;
        return (await cache.respond(c, 'sizes', etag, async () => ({
          stories: await storySizes(deps.db, deps.audioDir),
        }))) as Response;
      })
      .get('/titles', async (c) => {
        const raw = (c.req.query('ids') ?? '').split(',').filter(Boolean);
        const ids = raw.map(parseStoryId);
        if (ids.length > MAX_TITLE_IDS || ids.some((id) => id === null)) {
          throw new ApiError(
            400,
            'validation_failed',
            `ids: up to ${MAX_TITLE_IDS} story ids, separated by commas`,
          );
        }
        return c.json({ titles: await storyTitles(deps.db, ids as number[]) });
      })
      .get('/:id', async (c) => {
        const id = parseStoryId(c.req.param('id'));
        if (id === null) {
          throw new ApiError(404, 'not_found', `Story not found: ${c.req.param('id')}`);
        }
        // A story (its text, words and entries) changes only with an import of the corpus: built
        // once per version and served from memory.
        const etag = `W/"story-${id}-${await corpusVersion(deps.db)}"`;
        const response = await cache.respond(c, `story-${id}`, etag, () => getStory(deps.db, id));
        if (!response) throw new ApiError(404, 'not_found', `Story not found: ${id}`);
        return response;
      })
  );
}
