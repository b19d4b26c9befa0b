import { describe, expect, it } from 'vitest';
import { mapStore } from '../../lib/map-store.test-helper';
import type { StoryDetail } from '../stories/stories-api';
import { StoryStore } from './story-store';

function detail(id: number): StoryDetail {
  return {
    story: {
      id,
      titleDe: `Geschichte ${id}`,
      titleEn: `Story ${id}`,
      difficulty: 'A1',
      updatedAt: '2026-11-01T00:00:00.000Z',
      contentDe: 'Tom wohnt in München.',
    },
    tokens: [],
    vocabulary: [],
    targetVocabularyIds: [],
  } as unknown as StoryDetail;
}

describe('StoryStore', () => {
  it('keeps a story and lists it with its size, the most recent first', async () => {
    const store = new StoryStore(mapStore());
    await store.put(detail(1), { kept: false, now: 1 });
    await store.put(detail(2), { kept: true, now: 2 });
    expect((await store.get(1))?.story.id).toBe(1);
    const list = await store.list();
    expect(list.map((meta) => [meta.id, meta.kept])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(list[0]?.bytes).toBe(new Blob([JSON.stringify(detail(2))]).size);
  });

  it('drops the oldest opened stories beyond the limit, never a saved one', async () => {
    const store = new StoryStore(mapStore(), 2);
    await store.put(detail(1), { kept: true, now: 1 });
    for (let id = 2; id <= 5; id++) await store.put(detail(id), { kept: false, now: id });
    expect((await store.list()).map((meta) => meta.id)).toEqual([5, 4, 1]);
    expect(await store.get(2)).toBeNull();
  });

  it('keeps a saved story saved when it is opened again, and removes it on request', async () => {
    const store = new StoryStore(mapStore());
    await store.put(detail(7), { kept: true, now: 1 });
    await store.put(detail(7), { kept: false, now: 2 });
    expect((await store.list())[0]).toMatchObject({ id: 7, kept: true, storedAt: 2 });
    await store.remove(7);
    expect(await store.list()).toEqual([]);
    expect(await store.get(7)).toBeNull();
  });

  it('holds nothing and fails nothing on a device without IndexedDB', async () => {
    const store = new StoryStore(null);
    expect(store.supported).toBe(false);
    await store.put(detail(1), { kept: true });
    expect(await store.get(1)).toBeNull();
    expect(await store.list()).toEqual([]);
  });
});
