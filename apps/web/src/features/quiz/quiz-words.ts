import {
  cacheIsStale,
  makeCache,
  QUIZ_LIMITS,
  type QuizCache,
  type QuizStudyMode,
  type QuizWord,
} from '@lesefuchs/core/quiz/quiz';
import { api } from '../../lib/api';
import { isOnline } from '../../lib/online';
import type { SavedWord } from '../vocabulary/saved-words-model';

// The words a quiz asks, kept on the device per deck and study mode (spec 2 §3 "Quiz cache",
// §4, §9): fetched when the copy is missing or stale, and played from the copy offline.

const cacheKey = (deck: string, studyMode: QuizStudyMode) =>
  `lesefuchs.quiz.cache.${deck}.${studyMode}`;

export function readQuizCache(deck: string, studyMode: QuizStudyMode): QuizCache | null {
  try {
    const cache = JSON.parse(
      localStorage.getItem(cacheKey(deck, studyMode)) ?? 'null',
    ) as QuizCache | null;
    return cache && Array.isArray(cache.words) && Array.isArray(cache.pool) ? cache : null;
  } catch {
    return null;
  }
}

function writeQuizCache(cache: QuizCache): void {
  try {
    localStorage.setItem(cacheKey(cache.deck, cache.studyMode), JSON.stringify(cache));
  } catch {
    // Storage full or blocked: the words still play for this visit.
  }
}

/** GET /api/quiz/words: a batch of the deck and a pool of distractors. */
export function fetchQuizWords(
  deck: string,
  studyMode: QuizStudyMode,
  exclude: readonly number[],
): Promise<{ words: QuizWord[]; pool: QuizWord[] }> {
  const query = new URLSearchParams({ deck, studyMode, limit: String(QUIZ_LIMITS.batchSize) });
  if (exclude.length > 0) query.set('exclude', exclude.slice(0, QUIZ_LIMITS.maxCached).join(','));
  return api(`/api/quiz/words?${query}`);
}

/** A saved word as the quiz asks it. */
export function quizWordOf(saved: SavedWord): QuizWord {
  return {
    id: saved.vocabularyId,
    word: saved.word,
    baseWord: saved.gender ? saved.word.replace(/^(der|die|das)\s+/i, '') : saved.word,
    gender: saved.gender,
    plural: saved.plural,
    partOfSpeech: saved.partOfSpeech,
    level: saved.level as QuizWord['level'],
    translationEn: saved.translationEn,
    translationEs: saved.translationEs,
    translationKr: saved.translationKr,
    exampleSentence: saved.contextSentence || saved.example,
  };
}

export interface LoadedWords {
  cache: QuizCache;
  /** Played from the device's copy because the network failed. */
  offline: boolean;
}

/**
 * The words of a deck: the device's copy while it is fresh, else a new batch (the words just
 * answered left out), else — offline or on an error — the old copy. Throws only when there is
 * no copy at all, and the screen offers to try again (spec 2 §8).
 *
 * The saved deck comes from the device's saved words, which are the learner's own and may not
 * have reached the server yet; the server gives the distractors for them.
 */
export async function loadQuizWords(input: {
  deck: string;
  studyMode: QuizStudyMode;
  savedWords: readonly SavedWord[];
  recent: readonly number[];
  now: number;
}): Promise<LoadedWords> {
  const { deck, studyMode, now } = input;
  const cached = readQuizCache(deck, studyMode);
  if (deck === 'saved') return loadSaved(input, cached);
  if (cached && !cacheIsStale(cached, now)) return { cache: cached, offline: false };
  if (!isOnline() && cached) return { cache: cached, offline: true };
  try {
    const { words, pool } = await fetchQuizWords(deck, studyMode, input.recent);
    // Few words left beyond the ones just played (a small level): the recent ones come back.
    const batch =
      words.length < QUIZ_LIMITS.minWords && input.recent.length > 0
        ? await fetchQuizWords(deck, studyMode, [])
        : { words, pool };
    const cache = makeCache({ deck, studyMode, ...batch, timestamp: now });
    writeQuizCache(cache);
    return { cache, offline: false };
  } catch (error) {
    if (cached) return { cache: cached, offline: true };
    throw error;
  }
}

async function loadSaved(
  input: { deck: string; studyMode: QuizStudyMode; savedWords: readonly SavedWord[]; now: number },
  cached: QuizCache | null,
): Promise<LoadedWords> {
  const words = input.savedWords.filter((word) => !word.isTemporary).map(quizWordOf);
  const fresh = cached && !cacheIsStale({ ...cached, count: words.length }, input.now);
  if (fresh || !isOnline()) {
    const cache = makeCache({
      ...input,
      words,
      pool: cached?.pool ?? [],
      timestamp: cached?.timestamp ?? input.now,
    });
    return { cache, offline: !fresh && !isOnline() };
  }
  // Distractors of the saved words' levels and kinds: the server's batch of those levels.
  const levels = [...new Set(words.map((word) => word.level))].sort();
  const poolDeck = levels.length > 0 ? `level-${levels.join('+')}` : 'database';
  try {
    const { words: batch, pool } = await fetchQuizWords(poolDeck, 'vocabulary', []);
    const cache = makeCache({ ...input, words, pool: [...pool, ...batch], timestamp: input.now });
    writeQuizCache({ ...cache, words: [] });
    return { cache, offline: false };
  } catch {
    return {
      cache: makeCache({ ...input, words, pool: cached?.pool ?? [], timestamp: input.now }),
      offline: true,
    };
  }
}
