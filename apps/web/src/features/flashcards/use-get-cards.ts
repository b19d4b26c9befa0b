import type { GetCardsOutcome } from '@lesefuchs/core/srs/card-inputs';
import { parseFlashcardDeck } from '@lesefuchs/core/srs/decks';
import { queueCards } from '@lesefuchs/core/srs/live-queue';
import { useCallback } from 'react';
import { useSavedWords } from '../vocabulary/saved-words-store';
import { isNetworkError } from './flashcards-api';
import { addLocalCards, localCardsForDeck } from './local-cards';
import type { useStudy } from './use-study';

/**
 * Get Cards: the server makes the cards. When it cannot be reached and the deck is the saved
 * words, cards are made on the device from the saved words instead (local-only cards, sent
 * by upsert later; spec 3 §4 "Local cards and sync").
 */
export function useGetCards(study: ReturnType<typeof useStudy>, userId: string) {
  const { words } = useSavedWords();
  const { getCards, addOrStart, ref } = study;
  return useCallback(
    async (counts: { newCount: number; reviewCount: number }): Promise<GetCardsOutcome> => {
      try {
        const answer = await getCards(counts);
        return {
          created: answer.created,
          cards: answer.learning.length + answer.review.length + answer.new.length,
          vocabularyLeft: answer.vocabularyLeft,
        };
      } catch (error) {
        const deck = parseFlashcardDeck(ref.current.deck);
        if (!isNetworkError(error) || !deck.savedOnly) throw error;
        const state = ref.current;
        const known = new Set(
          [...queueCards(state.live), ...state.pool].map((card) => card.vocabulary_id),
        );
        const cards = localCardsForDeck(words, deck.levels, known, counts.newCount, new Date());
        if (cards.length === 0) throw error;
        addLocalCards(userId, cards, Date.now());
        addOrStart({ learning: [], review: [], new: cards }, counts);
        return { created: cards.length, cards: cards.length, vocabularyLeft: true };
      }
    },
    [addOrStart, getCards, ref, userId, words],
  );
}
