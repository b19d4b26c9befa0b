import { describe, expect, it } from 'vitest';
import type { VocabularyEntry } from '../stories/stories-api';
import {
  bareWord,
  fromEntry,
  mergeWithServer,
  REMOVAL_GRACE_MS,
  type SavedWord,
  sweepTemporary,
  TEMP_WORD_MAX_AGE_MS,
} from './saved-words-model';

const entry = (id: number, word: string): VocabularyEntry => ({
  id,
  word,
  baseWord: bareWord(word),
  translationEn: `${word} (en)`,
  translationEs: `${word} (es)`,
  translationKr: `${word} (kr)`,
  partOfSpeech: 'noun',
  difficultyLevel: 'A1',
  exampleSentence: '',
  gender: null,
  plural: null,
});

const word = (id: string, vocabularyId: number, text: string, at: number): SavedWord =>
  fromEntry(entry(vocabularyId, text), id, { source: 'database' }, at);

describe('saved words on the device', () => {
  const now = 1_000_000;

  it('marks temporary words and names the source as the spec does', () => {
    expect(word('temp-1-a', 1, 'der Zug', now).isTemporary).toBe(true);
    expect(word('171-1', 1, 'der Zug', now).isTemporary).toBe(false);
    expect(fromEntry(entry(1, 'x'), 'temp-1', { source: 'direct' }, now).storyTitle).toBe(
      'Direct Addition',
    );
    expect(fromEntry(entry(1, 'x'), 'temp-1', { source: 'story' }, now).storyTitle).toBe(
      'Story Context',
    );
    expect(
      fromEntry(entry(1, 'x'), 'temp-1', { source: 'story', storyTitle: 'The Train' }, now)
        .storyTitle,
    ).toBe('The Train');
  });

  it('keeps temporary words the server does not have yet, matched by entry or bare word', () => {
    const local = [
      word('temp-1-a', 1, 'der Zug', now),
      word('temp-2-b', 2, 'die Reise', now),
      word('temp-3-c', 3, 'der Koffer', now),
    ];
    const server = [
      word('cloud-10', 1, 'der Zug', now - 10),
      word('cloud-11', 99, 'Reise', now - 20),
    ];
    const merged = mergeWithServer(local, server, new Map(), now);
    expect(merged.map((w) => w.id)).toEqual(['temp-3-c', 'cloud-10', 'cloud-11']);
  });

  it('hides a server word removed here within the 45 s grace window, and not after', () => {
    const server = [word('cloud-10', 1, 'der Zug', now - 10)];
    const removed = new Map([[1, now - 1_000]]);
    expect(mergeWithServer([], server, removed, now)).toEqual([]);
    expect(mergeWithServer([], server, removed, now - 1_000 + REMOVAL_GRACE_MS)).toHaveLength(1);
  });

  it('sweeps temporary words older than five minutes unless still queued', () => {
    const old = word('temp-1-a', 1, 'der Zug', now - TEMP_WORD_MAX_AGE_MS);
    const queued = word('temp-2-b', 2, 'die Reise', now - TEMP_WORD_MAX_AGE_MS);
    const fresh = word('temp-3-c', 3, 'der Koffer', now - 1_000);
    const saved = word('cloud-4', 4, 'das Haus', now - 10 * TEMP_WORD_MAX_AGE_MS);
    const kept = sweepTemporary([old, queued, fresh, saved], now, (w) => w.vocabularyId === 2);
    expect(kept.map((w) => w.id)).toEqual(['temp-2-b', 'temp-3-c', 'cloud-4']);
  });
});
