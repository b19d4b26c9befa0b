import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { VocabularyEntry } from '../stories/stories-api';
import { saveWord, setSavedWordsOwner, useSavedWords } from './saved-words-store';

const entry: VocabularyEntry = {
  id: 4242,
  word: 'der Abschnitt',
  baseWord: 'Abschnitt',
  translationEn: 'section',
  translationEs: 'sección',
  translationKr: '구간',
  partOfSpeech: 'noun',
  difficultyLevel: 'B1',
  exampleSentence: 'Der erste Abschnitt ist kurz.',
  gender: 'masculine',
  plural: 'die Abschnitte',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

describe('a save the server refuses for good', () => {
  afterEach(() => {
    act(() => setSavedWordsOwner(null));
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('takes the word off the list and tells the learner why, in their language', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (path === '/api/sync') {
          const { operations } = JSON.parse(String(init?.body)) as { operations: { id: string }[] };
          return json({
            results: operations.map(({ id }) => ({
              id,
              outcome: 'rejected',
              message: 'No such vocabulary entry.',
            })),
          });
        }
        return json({ words: [] });
      }),
    );
    const { result } = renderHook(() => useSavedWords());
    act(() => setSavedWordsOwner('reader-1'));
    act(() => saveWord(entry, { source: 'direct' }));
    expect(result.current.words.map((word) => word.vocabularyId)).toContain(entry.id);

    await waitFor(() =>
      expect(result.current.notice?.message).toBe(
        'A word could not be saved and was taken off your list. The server said: No such vocabulary entry.',
      ),
    );
    expect(result.current.words.map((word) => word.vocabularyId)).not.toContain(entry.id);
  });
});
