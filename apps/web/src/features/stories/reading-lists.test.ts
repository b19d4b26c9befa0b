import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveWord, setSavedWordsOwner } from '../vocabulary/saved-words-store';
import type { VocabularyEntry } from './stories-api';

// A page can come up before the session check answers (its data preloaded), and a tap there
// must count for whoever the check names: not for the guest, and not lost.
describe('a change made before the session check answers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    localStorage.clear();
  });

  it('waits, then is made and queued for the signed-in owner (reading lists)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const { readingLists } = await import('./reading-lists');
    const bookmarks = readingLists.bookmarks;
    bookmarks.change({ action: 'add', storyId: 5, at: 1_000 });
    // Shown at once, kept off the guest's list.
    expect(bookmarks.snapshot().map((entry) => entry.storyId)).toEqual([5]);
    expect(localStorage.getItem('lesefuchs.reading.bookmarks.guest')).toBeNull();

    bookmarks.setOwner('reader-1');
    expect(bookmarks.snapshot().map((entry) => entry.storyId)).toEqual([5]);
    const queued = JSON.parse(localStorage.getItem('lesefuchs.queue.bookmarks.reader-1') ?? '[]');
    expect(queued.map((item: { payload: unknown }) => item.payload)).toEqual([
      { action: 'add', storyId: 5, at: 1_000 },
    ]);
    expect(localStorage.getItem('lesefuchs.reading.bookmarks.guest')).toBeNull();
  });

  it('waits, then is saved for the signed-in owner (saved words)', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const entry = { id: 77, word: 'die Reise', baseWord: 'Reise' } as VocabularyEntry;
    saveWord(entry, { source: 'direct' });
    setSavedWordsOwner('reader-2');
    const queued = JSON.parse(localStorage.getItem('lesefuchs.queue.vocabulary.reader-2') ?? '[]');
    expect(queued.map((item: { payload: { action: string } }) => item.payload.action)).toEqual([
      'save',
    ]);
    setSavedWordsOwner(null);
  });
});
