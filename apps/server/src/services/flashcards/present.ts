import type { CardState, FlashcardCard, Level } from '@lesefuchs/core';
import { flashcards, vocabulary } from '../../db/schema/index.ts';

// The one place a card row becomes the API's FlashcardCard (spec 3 §3: the card's fields in
// snake_case, the vocabulary entry joined, dates as ISO strings).

/** The columns of a card with its vocabulary entry, for every query that answers cards. */
export const cardWithEntryColumns = {
  id: flashcards.id,
  vocabularyId: flashcards.vocabularyId,
  deckName: flashcards.deckName,
  difficultyLevel: flashcards.difficultyLevel,
  cardState: flashcards.cardState,
  dueAt: flashcards.dueAt,
  easeFactor: flashcards.easeFactor,
  intervalDays: flashcards.intervalDays,
  repetitions: flashcards.repetitions,
  lapses: flashcards.lapses,
  learningStep: flashcards.learningStep,
  lastReviewedAt: flashcards.lastReviewedAt,
  createdAt: flashcards.createdAt,
  updatedAt: flashcards.updatedAt,
  isLeech: flashcards.isLeech,
  isSuspended: flashcards.isSuspended,
  fsrsStability: flashcards.fsrsStability,
  fsrsDifficulty: flashcards.fsrsDifficulty,
  word: vocabulary.word,
  baseWord: vocabulary.baseWord,
  translationEn: vocabulary.translationEn,
  translationEs: vocabulary.translationEs,
  translationKr: vocabulary.translationKr,
  exampleSentence: vocabulary.exampleSentence,
  gender: vocabulary.gender,
  plural: vocabulary.plural,
  partOfSpeech: vocabulary.partOfSpeech,
};

export interface CardWithEntryRow {
  id: number;
  vocabularyId: number;
  deckName: string;
  difficultyLevel: string;
  cardState: string;
  dueAt: Date;
  easeFactor: number;
  intervalDays: number;
  repetitions: number;
  lapses: number;
  learningStep: number;
  lastReviewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  isLeech: boolean;
  isSuspended: boolean;
  fsrsStability: number | null;
  fsrsDifficulty: number | null;
  word: string;
  baseWord: string;
  translationEn: string;
  translationEs: string;
  translationKr: string;
  exampleSentence: string;
  gender: string | null;
  plural: string | null;
  partOfSpeech: string;
}

export function presentCard(row: CardWithEntryRow): FlashcardCard {
  return {
    id: row.id,
    vocabulary_id: row.vocabularyId,
    deck_name: row.deckName,
    difficulty_level: row.difficultyLevel as Level,
    card_state: row.cardState as CardState,
    due_at: row.dueAt.toISOString(),
    ease_factor: row.easeFactor,
    interval_days: row.intervalDays,
    repetitions: row.repetitions,
    lapses: row.lapses,
    learning_step: row.learningStep,
    last_reviewed_at: row.lastReviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    is_leech: row.isLeech,
    is_suspended: row.isSuspended,
    fsrs_stability: row.fsrsStability,
    fsrs_difficulty: row.fsrsDifficulty,
    word: row.word,
    base_word: row.baseWord,
    translation_en: row.translationEn,
    translation_es: row.translationEs,
    translation_kr: row.translationKr,
    example_sentence: row.exampleSentence,
    gender: row.gender,
    plural: row.plural,
    part_of_speech: row.partOfSpeech,
  };
}
