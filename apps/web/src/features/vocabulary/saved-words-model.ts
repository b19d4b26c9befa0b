import type { VocabularyEntry } from '../stories/stories-api';

// The saved-word list as the device keeps it (spec 2 §3 "Saved word, local view") and the
// rules that merge it with the server's (spec 2 §4).

export interface SavedWord {
  /** cloud-{id} once on the server, temp-{time}-{random} while a save is pending, or
   *  {time}-{counter} for a guest. */
  id: string;
  vocabularyId: number;
  word: string;
  translationEn: string;
  translationEs: string;
  translationKr: string;
  partOfSpeech: string;
  level: string;
  example: string;
  gender: VocabularyEntry['gender'];
  plural: string | null;
  /** The story's English title, or 'Story Context', 'German Vocabulary Database', 'Direct Addition'. */
  storyTitle: string;
  storyId: number | null;
  contextSentence: string | null;
  notes: string | null;
  dateAdded: number;
  lastReviewed: number | null;
  reviewCount: number;
  masteryLevel: number;
  difficultyRating: number | null;
  isTemporary: boolean;
}

/** A server row of GET /api/saved-words. */
export interface SavedWordRow {
  id: number;
  vocabularyId: number;
  storyId: number | null;
  savedAt: string;
  lastReviewed: string | null;
  reviewCount: number;
  masteryLevel: number;
  difficultyRating: number | null;
  notes: string | null;
  contextSentence: string | null;
  word: string;
  translationEn: string;
  translationEs: string;
  translationKr: string;
  partOfSpeech: string;
  difficultyLevel: string;
  exampleSentence: string;
  gender: VocabularyEntry['gender'];
  plural: string | null;
  storyTitle: string | null;
}

/** Temporary words older than this are dropped (spec 2 §9: 5 min, checked every minute). */
export const TEMP_WORD_MAX_AGE_MS = 5 * 60_000;
export const TEMP_SWEEP_EVERY_MS = 60_000;
/** After a removal, the server's copy of that word is ignored this long (spec 2 §9). */
export const REMOVAL_GRACE_MS = 45_000;

export type SaveSource = 'story' | 'database' | 'direct';

export function fromRow(row: SavedWordRow): SavedWord {
  return {
    id: `cloud-${row.id}`,
    vocabularyId: row.vocabularyId,
    word: row.word,
    translationEn: row.translationEn,
    translationEs: row.translationEs,
    translationKr: row.translationKr,
    partOfSpeech: row.partOfSpeech || 'noun',
    level: row.difficultyLevel,
    example: row.exampleSentence,
    gender: row.gender,
    plural: row.plural,
    storyTitle:
      row.storyTitle ?? (row.contextSentence ? 'Story Context' : 'German Vocabulary Database'),
    storyId: row.storyId,
    contextSentence: row.contextSentence,
    notes: row.notes,
    dateAdded: Date.parse(row.savedAt),
    lastReviewed: row.lastReviewed ? Date.parse(row.lastReviewed) : null,
    reviewCount: row.reviewCount,
    masteryLevel: row.masteryLevel,
    difficultyRating: row.difficultyRating,
    isTemporary: false,
  };
}

/** A new local word for an entry; `id` decides whether it is temporary or a guest's. */
export function fromEntry(
  entry: VocabularyEntry,
  id: string,
  context: { source: SaveSource; storyId?: number; storyTitle?: string; contextSentence?: string },
  now: number,
): SavedWord {
  const storyTitle =
    context.source === 'story'
      ? (context.storyTitle ?? 'Story Context')
      : context.source === 'direct'
        ? 'Direct Addition'
        : 'German Vocabulary Database';
  return {
    id,
    vocabularyId: entry.id,
    word: entry.word,
    translationEn: entry.translationEn,
    translationEs: entry.translationEs,
    translationKr: entry.translationKr,
    partOfSpeech: entry.partOfSpeech || 'noun',
    level: entry.difficultyLevel,
    example: entry.exampleSentence,
    gender: entry.gender,
    plural: entry.plural,
    storyTitle,
    storyId: context.storyId ?? null,
    contextSentence: context.contextSentence ?? null,
    notes: null,
    dateAdded: now,
    lastReviewed: null,
    reviewCount: 0,
    masteryLevel: 0,
    difficultyRating: null,
    isTemporary: id.startsWith('temp-'),
  };
}

/** A word without its article, lower case: how two saves of one word are recognised. */
export function bareWord(word: string): string {
  return word
    .trim()
    .replace(/^(der|die|das)\s+/i, '')
    .toLowerCase();
}

export function sameWord(
  a: Pick<SavedWord, 'vocabularyId' | 'word'>,
  b: Pick<SavedWord, 'vocabularyId' | 'word'>,
) {
  return a.vocabularyId === b.vocabularyId || bareWord(a.word) === bareWord(b.word);
}

/**
 * The list after the server's arrived: the server's words, except those removed here within
 * the grace window, plus the temporary words the server does not have yet (matched by entry
 * id, or by the word without its article).
 */
export function mergeWithServer(
  local: readonly SavedWord[],
  server: readonly SavedWord[],
  removedAt: ReadonlyMap<number, number>,
  now: number,
): SavedWord[] {
  const shown = server.filter((word) => {
    const removed = removedAt.get(word.vocabularyId);
    return removed === undefined || now - removed >= REMOVAL_GRACE_MS;
  });
  const pending = local.filter(
    (word) => word.isTemporary && !server.some((saved) => sameWord(saved, word)),
  );
  return [...pending, ...shown].sort((a, b) => b.dateAdded - a.dateAdded);
}

/** Drops temporary words older than five minutes, except those still waiting to be sent. */
export function sweepTemporary(
  words: readonly SavedWord[],
  now: number,
  stillQueued: (word: SavedWord) => boolean,
): SavedWord[] {
  return words.filter(
    (word) => !word.isTemporary || now - word.dateAdded < TEMP_WORD_MAX_AGE_MS || stillQueued(word),
  );
}
