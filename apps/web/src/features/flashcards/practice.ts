import { queueCards } from '@lesefuchs/core/srs/live-queue';
import type { StudyCard, StudyState } from './study-state';

// From saved words to practice, as pure functions: which saved words are not cards yet (the
// offer on the flashcard screen), and what a finished session adds up to (its summary).

/**
 * The saved words that have no card yet: the device's list (which already holds words still on
 * their way to the server) minus the words the server says have a card. Counting from the same
 * list the vocabulary screen shows keeps "saved" and "not cards yet" in step.
 */
export function wordsNotYetCards<W extends { vocabularyId: number }>(
  words: readonly W[],
  carded: readonly number[],
): W[] {
  const withCard = new Set(carded);
  const seen = new Set<number>();
  return words.filter((word) => {
    if (withCard.has(word.vocabularyId) || seen.has(word.vocabularyId)) return false;
    seen.add(word.vocabularyId);
    return true;
  });
}

export interface SessionSummary {
  /** Different cards answered in this session. */
  studied: number;
  /** Answers of good or easy (spec 3 §4: correct) … */
  right: number;
  /** … and of again. */
  wrong: number;
  /** From the session's start to its last answer. */
  durationMs: number;
  /** When the next of the session's cards is due again (null: none left in play). */
  nextDueAt: number | null;
  /** The session's answered cards still in play, in the order they were first answered. */
  words: StudyCard[];
}

/** What a session adds up to, from the study state (the session and the cards in play). */
export function sessionSummary(state: StudyState): SessionSummary | null {
  const session = state.session;
  if (!session || session.sessionStats.cardsAnswered === 0) return null;
  const { cardsAnswered, correctAnswers, sessionDuration } = session.sessionStats;
  const cards = [...queueCards(state.live), ...state.pool];
  const byId = new Map(cards.map((card) => [card.id, card]));
  const words = session.completedCardIds.flatMap((id) => byId.get(id) ?? []);
  const dues = cards.map((card) => Date.parse(card.due_at)).filter(Number.isFinite);
  return {
    studied: session.completedCardIds.length,
    right: correctAnswers,
    wrong: Math.max(0, cardsAnswered - correctAnswers),
    durationMs: sessionDuration,
    nextDueAt: dues.length > 0 ? Math.min(...dues) : null,
    words,
  };
}
