import {
  type Gender,
  type Level,
  QUIZ_LIMITS,
  type QuizGameMode,
  type QuizStudyMode,
  type QuizWord,
} from '@lesefuchs/core';
import { and, asc, desc, eq, inArray, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { quizScores, savedWords, vocabulary } from '../db/schema/index.ts';
import type { QuizDeck } from '../routes/quiz.schema.ts';

// The quiz's words and scoreboard (spec 2 §7, §9). Words are drawn at random by the database
// (ORDER BY random()): a batch of the deck, and a pool of other words to take wrong options from.

const quizWordColumns = {
  id: vocabulary.id,
  word: vocabulary.word,
  baseWord: vocabulary.baseWord,
  gender: vocabulary.gender,
  plural: vocabulary.plural,
  partOfSpeech: vocabulary.partOfSpeech,
  level: vocabulary.difficultyLevel,
  translationEn: vocabulary.translationEn,
  translationEs: vocabulary.translationEs,
  translationKr: vocabulary.translationKr,
  exampleSentence: vocabulary.exampleSentence,
};

type QuizWordRow = Omit<QuizWord, 'gender' | 'level'> & { gender: string | null; level: string };

/** The stored text columns as the quiz's types (the importer admits only known values). */
const asQuizWord = (row: QuizWordRow): QuizWord => ({
  ...row,
  gender: row.gender as Gender | null,
  level: row.level as Level,
});

export interface QuizWordsRequest {
  deck: QuizDeck;
  studyMode: QuizStudyMode;
  /** Entry ids the device already has. */
  exclude: readonly number[];
  limit: number;
  /** The signed-in user, needed for the saved deck. */
  userId: string | null;
}

/**
 * A batch of at most `limit` random words of the deck, without the excluded ids (gender mode:
 * nouns with a gender only), and a pool of up to 3 × `limit` other words of the batch's parts
 * of speech, those of the deck's levels first (every level deck: the batch's levels). Gender
 * mode has no pool: its options are the three articles.
 */
export async function quizWords(
  db: Database,
  request: QuizWordsRequest,
): Promise<{ words: QuizWord[]; pool: QuizWord[] }> {
  const { deck, studyMode, exclude, limit } = request;
  const filters: (SQL | undefined)[] = [
    deck.source === 'database' && deck.levels.length > 0
      ? inArray(vocabulary.difficultyLevel, deck.levels)
      : undefined,
    exclude.length > 0 ? notInArray(vocabulary.id, [...exclude]) : undefined,
    studyMode === 'gender'
      ? and(eq(vocabulary.partOfSpeech, 'noun'), isNotNull(vocabulary.gender))
      : undefined,
  ];
  let batch: QuizWordRow[];
  if (deck.source === 'saved') {
    if (request.userId === null) throw new Error('the saved deck needs a user');
    batch = await db
      .select(quizWordColumns)
      .from(savedWords)
      .innerJoin(vocabulary, eq(vocabulary.id, savedWords.vocabularyId))
      .where(and(eq(savedWords.userId, request.userId), ...filters))
      .orderBy(sql`random()`)
      .limit(limit);
  } else {
    batch = await db
      .select(quizWordColumns)
      .from(vocabulary)
      .where(and(...filters))
      .orderBy(sql`random()`)
      .limit(limit);
  }
  const words = batch.map(asQuizWord);
  if (studyMode === 'gender' || words.length === 0) return { words, pool: [] };

  const partsOfSpeech = [...new Set(words.map((word) => word.partOfSpeech))];
  const levels =
    deck.source === 'database' && deck.levels.length > 0
      ? deck.levels
      : [...new Set(words.map((word) => word.level))];
  const pool = await db
    .select(quizWordColumns)
    .from(vocabulary)
    .where(
      and(
        inArray(vocabulary.partOfSpeech, partsOfSpeech),
        notInArray(
          vocabulary.id,
          words.map((word) => word.id),
        ),
      ),
    )
    .orderBy(sql`(${inArray(vocabulary.difficultyLevel, levels)}) desc`, sql`random()`)
    .limit(Math.min(QUIZ_LIMITS.poolMax, 3 * limit));
  return { words, pool: pool.map(asQuizWord) };
}

export interface QuizScore {
  studyMode: QuizStudyMode;
  gameMode: QuizGameMode;
  score: number;
  /** ISO 8601. */
  playedAt: string;
}

/** How many of the latest scores the scoreboard lists. */
export const RECENT_SCORES = 10;

const scoreColumns = {
  studyMode: quizScores.studyMode,
  gameMode: quizScores.gameMode,
  score: quizScores.score,
  playedAt: quizScores.playedAt,
};

const asQuizScore = (row: {
  studyMode: string;
  gameMode: string;
  score: number;
  playedAt: Date;
}): QuizScore => ({
  studyMode: row.studyMode as QuizStudyMode,
  gameMode: row.gameMode as QuizGameMode,
  score: row.score,
  playedAt: row.playedAt.toISOString(),
});

/**
 * The user's scoreboard: the best score of each study and game mode played (the first game
 * that reached it), ordered by study mode and game mode, and the latest scores, newest first.
 */
export async function quizScoreboard(
  db: Database,
  userId: string,
): Promise<{ best: QuizScore[]; recent: QuizScore[] }> {
  const [best, recent] = await Promise.all([
    db
      .selectDistinctOn([quizScores.studyMode, quizScores.gameMode], scoreColumns)
      .from(quizScores)
      .where(eq(quizScores.userId, userId))
      .orderBy(
        asc(quizScores.studyMode),
        asc(quizScores.gameMode),
        desc(quizScores.score),
        asc(quizScores.playedAt),
        asc(quizScores.id),
      ),
    db
      .select(scoreColumns)
      .from(quizScores)
      .where(eq(quizScores.userId, userId))
      .orderBy(desc(quizScores.playedAt), desc(quizScores.id))
      .limit(RECENT_SCORES),
  ]);
  return { best: best.map(asQuizScore), recent: recent.map(asQuizScore) };
}
