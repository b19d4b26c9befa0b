import { type CardContext, type FlashcardCard, resolveText, tokenizeWords } from '@lesefuchs/core';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { flashcards, savedWords, stories } from '../../db/schema/index.ts';
import { formsIndex } from '../forms-index.ts';

// The story sentence of a saved word's card: the sentence saved with the word, where the word
// stands in it, and the story's audio, so the card can play that sentence (the timing file comes
// with every audio file). Everything is read from what the save already stores (story id and
// sentence): the sentence's place in the story is found by its text, so no column is added.

/** The word's places in its sentence: the tokens that resolve to the entry, else its spelling. */
export function wordMarks(
  sentence: string,
  vocabularyId: number,
  word: string,
  index: { forms: Parameters<typeof resolveText>[1]; idOf: Map<string, number> },
  names?: Parameters<typeof resolveText>[3],
): [number, number][] {
  const tokens = tokenizeWords(sentence);
  const resolved = resolveText(tokens, index.forms, sentence, names);
  const marks: [number, number][] = [];
  tokens.forEach((token, i) => {
    const key = resolved[i]?.key;
    if (key && index.idOf.get(key) === vocabularyId)
      marks.push([token.start, token.start + token.text.length]);
  });
  if (marks.length > 0) return marks;
  // A form the table does not know: the word itself (without its article), case-insensitively.
  const bare = word
    .trim()
    .replace(/^(der|die|das)\s+/i, '')
    .toLowerCase();
  const at = bare ? sentence.toLowerCase().indexOf(bare) : -1;
  return at >= 0 ? [[at, at + bare.length]] : [];
}

/** The cards with the story sentence of each one that is a saved word saved with a sentence. */
export async function withContexts<C extends FlashcardCard>(
  db: Database,
  userId: string,
  cards: C[],
): Promise<C[]> {
  const ids = [...new Set(cards.map((card) => card.vocabulary_id))];
  if (ids.length === 0) return cards;
  const rows = await db
    .select({
      vocabularyId: savedWords.vocabularyId,
      sentence: savedWords.contextSentence,
      storyId: savedWords.storyId,
      // The story's German title, as its card in the list names it (the English one if it has none).
      storyTitle: sql<string | null>`coalesce(nullif(${stories.titleDe}, ''), ${stories.titleEn})`,
      // Characters, as the web app counts them: the corpus has no character outside the BMP.
      textFrom: sql<
        number | null
      >`nullif(strpos(${stories.contentDe}, ${savedWords.contextSentence}), 0) - 1`,
      audioUrlDe: stories.audioUrlDe,
      audioUrlDe2: stories.audioUrlDe2,
    })
    .from(savedWords)
    .leftJoin(stories, eq(stories.id, savedWords.storyId))
    .where(
      and(
        eq(savedWords.userId, userId),
        inArray(savedWords.vocabularyId, ids),
        isNotNull(savedWords.contextSentence),
      ),
    );
  if (rows.length === 0) return cards;
  const index = await formsIndex(db);
  const byWord = new Map(rows.map((row) => [row.vocabularyId, row]));
  return cards.map((card) => {
    const row = byWord.get(card.vocabulary_id);
    if (!row?.sentence) return card;
    const context: CardContext = {
      sentence: row.sentence,
      marks: wordMarks(row.sentence, card.vocabulary_id, card.word, index, index.names),
      story_id: row.storyId,
      story_title: row.storyTitle,
      text_from: row.textFrom === null ? null : Number(row.textFrom),
      audio_url_de: row.textFrom === null ? null : row.audioUrlDe,
      audio_url_de_2: row.textFrom === null ? null : row.audioUrlDe2,
    };
    return { ...card, context };
  });
}

/** How many words the learner saved, and which of them have a card (GET /saved-words). */
export async function savedWordCards(db: Database, userId: string) {
  const [total] = await db
    .select({ saved: count() })
    .from(savedWords)
    .where(eq(savedWords.userId, userId));
  const carded = await db
    .select({ id: savedWords.vocabularyId })
    .from(savedWords)
    .innerJoin(
      flashcards,
      and(
        eq(flashcards.userId, savedWords.userId),
        eq(flashcards.vocabularyId, savedWords.vocabularyId),
      ),
    )
    .where(eq(savedWords.userId, userId))
    .orderBy(savedWords.vocabularyId);
  return { saved: total?.saved ?? 0, carded: carded.map((row) => row.id) };
}
