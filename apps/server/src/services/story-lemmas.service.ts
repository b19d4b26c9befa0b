import { type StoryLemmas, storyLemmasFromTokens } from '@lesefuchs/core';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema/index.ts';
import { formsIndex } from './forms-index.ts';
import { listStories, resolveStoryTokens } from './stories.service.ts';

// The lemmas of every listed story, compact, for story coverage on the device: each story's
// German text resolved exactly as the story page resolves it, reduced to its distinct entries
// with their token counts. Resolving all 48 stories takes about a second, and the answer changes
// only with an import of the corpus, so it is made once per corpus version and kept.

export interface StoryLemmasList {
  /** The corpus version the list was made from (its ETag). */
  version: string;
  stories: StoryLemmas[];
}

const cache = new WeakMap<Database, Promise<StoryLemmasList>>();

async function build(db: Database, version: string): Promise<StoryLemmasList> {
  const listed = await listStories(db);
  const texts = await db
    .select({ id: stories.id, contentDe: stories.contentDe })
    .from(stories)
    .where(
      inArray(
        stories.id,
        listed.map((story) => story.id),
      ),
    );
  const textOf = new Map(texts.map((row) => [row.id, row.contentDe]));
  const result: StoryLemmas[] = [];
  for (const story of listed) {
    const tokens = await resolveStoryTokens(db, textOf.get(story.id) ?? '', story.vocabularyList);
    result.push(storyLemmasFromTokens(story.id, tokens));
  }
  return { version, stories: result };
}

/** The lemma lists of the listed stories, made once per corpus version. */
export async function storyLemmasList(db: Database): Promise<StoryLemmasList> {
  const { version } = await formsIndex(db);
  const cached = cache.get(db);
  if (cached) {
    const list = await cached.catch(() => null);
    if (list && list.version === version) return list;
  }
  const building = build(db, version);
  cache.set(db, building);
  try {
    return await building;
  } catch (error) {
    cache.delete(db);
    throw error;
  }
}
