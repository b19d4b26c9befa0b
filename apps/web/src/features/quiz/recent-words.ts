import { QUIZ_LIMITS, type QuizStudyMode } from '@lesefuchs/core/quiz/quiz';

// The words answered in the last games of a deck, left out of the next batch (issue: "words
// the learner just answered are excluded from the next batch").

const keyOf = (deck: string, studyMode: QuizStudyMode) =>
  `lesefuchs.quiz.recent.${deck}.${studyMode}`;

export function readRecent(deck: string, studyMode: QuizStudyMode): number[] {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(deck, studyMode)) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Adds a game's words, newest first, keeping at most one batch. */
export function rememberRecent(
  deck: string,
  studyMode: QuizStudyMode,
  ids: readonly number[],
): void {
  const next = [...new Set([...ids, ...readRecent(deck, studyMode)])].slice(
    0,
    QUIZ_LIMITS.batchSize,
  );
  try {
    localStorage.setItem(keyOf(deck, studyMode), JSON.stringify(next));
  } catch {
    // Not kept: the next game may ask them again.
  }
}
