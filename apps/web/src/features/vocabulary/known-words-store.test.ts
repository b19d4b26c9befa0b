import { afterEach, describe, expect, it, vi } from 'vitest';

// The known words on the device: a mark shows at once, is kept for its owner, is queued for a
// signed-in learner, and the server's list replaces the device's with queued marks on top.
describe('known words on the device', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    localStorage.clear();
  });

  it('keeps a guest mark on the device and takes it back on undo', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const { knownWordsStore, markKnown, unmarkKnown } = await import('./known-words-store');
    knownWordsStore.setOwner(null);
    markKnown(12);
    expect([...knownWordsStore.snapshot().known]).toEqual([12]);
    expect(JSON.parse(localStorage.getItem('lesefuchs.knownWords.guest') ?? '{}').marked).toEqual([
      [12, expect.any(Number)],
    ]);
    unmarkKnown(12);
    expect(knownWordsStore.snapshot().known.size).toBe(0);
  });

  it("queues a signed-in learner's marks and lays them over the server's list", async () => {
    let serverList = { marked: [{ vocabularyId: 3, at: '2026-01-01T00:00:00Z' }], fromCards: [9] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/known-words') return new Response(JSON.stringify(serverList));
        return Promise.reject(new TypeError('offline'));
      }),
    );
    const { knownWordsStore, markKnown, unmarkKnown } = await import('./known-words-store');
    knownWordsStore.setOwner('reader-9');
    markKnown(5);
    unmarkKnown(3);
    const queued = JSON.parse(localStorage.getItem('lesefuchs.queue.known-words.reader-9') ?? '[]');
    expect(queued.map((item: { payload: unknown }) => item.payload)).toEqual([
      { action: 'add', vocabularyId: 5, at: expect.any(Number) },
      { action: 'remove', vocabularyId: 3 },
    ]);
    serverList = { marked: [{ vocabularyId: 3, at: '2026-01-01T00:00:00Z' }], fromCards: [9] };
    await knownWordsStore.refresh();
    expect([...knownWordsStore.snapshot().known].sort((a, b) => a - b)).toEqual([5, 9]);
    expect(knownWordsStore.snapshot().fromCards).toEqual([9]);
  });
});
