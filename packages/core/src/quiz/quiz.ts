// The quiz (spec 2 §2, §4, §9): questions, their options and the rules of the five game modes,
// as pure functions. The clock and the random source are passed in, so a game replays exactly.

import { ARTICLE_OF, type Gender, type Level } from '../content/taxonomy.ts';
import type { InterfaceLanguage } from '../i18n/languages.ts';
import { QUIZ_GAME_MODES } from '../stats/stats.ts';

export { QUIZ_GAME_MODES };
export type QuizGameMode = (typeof QUIZ_GAME_MODES)[number];
/** vocabulary: a word and its meaning; gender: der, die or das for a noun (spec 2 §2). */
export const QUIZ_STUDY_MODES = ['vocabulary', 'gender'] as const;
export type QuizStudyMode = (typeof QUIZ_STUDY_MODES)[number];
/** Which way a vocabulary question asks: the German word, or its meaning. */
export const QUIZ_DIRECTIONS = ['from-german', 'to-german'] as const;
export type QuizDirection = (typeof QUIZ_DIRECTIONS)[number];

/** Spec 2 §9 "Quiz". */
export const QUIZ_LIMITS = {
  batchSize: 100,
  /** Distractors come from a pool of up to 3 × the batch, and never more than 500 words. */
  poolSize: 300,
  poolMax: 500,
  maxCached: 400,
  minWords: 20,
  staleAfterMs: 7 * 24 * 60 * 60_000,
  savedStaleAfterMs: 24 * 60 * 60_000,
  incorrectOptions: 2,
  contextWords: 3,
  timerMs: 45_000,
  lightningMs: 3_000,
} as const;

/** Rules where the spec is silent (docs/decisions.md, "Quiz"). */
export const QUIZ_RULES = {
  /** Questions in a game of score, lightning and true/false. */
  questionsPerGame: { score: 15, lightning: 20, 'true-false': 15 },
  pointsPerRight: 10,
  /** Each right answer in a row after the first adds this much more, up to `maxBonus`. */
  streakBonusStep: 2,
  maxBonus: 10,
  hearts: 3,
  /** Survival: this many right answers in a row earn the shield (one at a time). */
  shieldEvery: 5,
} as const;

/** A word as the quiz uses it (GET /api/quiz/words, or a saved word on the device). */
export interface QuizWord {
  id: number;
  /** With its article for a noun: "der Hund". */
  word: string;
  /** Without it: "Hund". */
  baseWord: string;
  gender: Gender | null;
  plural: string | null;
  partOfSpeech: string;
  level: Level;
  translationEn: string;
  translationEs: string;
  translationKr: string;
  exampleSentence: string;
}

/** The options offered when the pool is too small (spec 2 §9), in each language. */
export const FALLBACK_OPTIONS: Record<InterfaceLanguage | 'de', readonly string[]> = {
  en: ['house', 'car', 'book', 'tree', 'water', 'food', 'time', 'day'],
  es: ['casa', 'coche', 'libro', 'árbol', 'agua', 'comida', 'tiempo', 'día'],
  kr: ['집', '자동차', '책', '나무', '물', '음식', '시간', '날'],
  de: [
    'das Haus',
    'das Auto',
    'das Buch',
    'der Baum',
    'das Wasser',
    'das Essen',
    'die Zeit',
    'der Tag',
  ],
};

export const ARTICLES = ['der', 'die', 'das'] as const;
export type Article = (typeof ARTICLES)[number];

export function meaningOf(word: QuizWord, language: InterfaceLanguage): string {
  const meaning =
    language === 'es'
      ? word.translationEs
      : language === 'kr'
        ? word.translationKr
        : word.translationEn;
  return meaning || word.translationEn;
}

export function articleOf(word: QuizWord): Article | null {
  return word.gender ? ARTICLE_OF[word.gender] : null;
}

/** Whether a word can be asked in a study mode: gender mode asks only nouns with a gender. */
export function askable(word: QuizWord, studyMode: QuizStudyMode): boolean {
  return studyMode === 'gender' ? word.partOfSpeech === 'noun' && word.gender !== null : true;
}

const same = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * `count` wrong options for a word: texts of pool words of the same part of speech, of the same
 * level first, never equal to the right answer or to each other; the fallback list fills what
 * the pool cannot (spec 2 §9).
 */
export function pickDistractors(input: {
  word: QuizWord;
  pool: readonly QuizWord[];
  textOf: (word: QuizWord) => string;
  fallback: readonly string[];
  count?: number;
  random: () => number;
}): string[] {
  const { word, pool, textOf, fallback, random } = input;
  const count = input.count ?? QUIZ_LIMITS.incorrectOptions;
  const right = textOf(word);
  const chosen: string[] = [];
  const take = (texts: readonly string[]) => {
    for (const text of texts) {
      if (chosen.length >= count) return;
      if (!text || same(text, right) || chosen.some((other) => same(other, text))) continue;
      chosen.push(text);
    }
  };
  const samePos = pool.filter(
    (other) => other.id !== word.id && other.partOfSpeech === word.partOfSpeech,
  );
  take(
    shuffle(
      samePos.filter((other) => other.level === word.level),
      random,
    ).map(textOf),
  );
  take(
    shuffle(
      samePos.filter((other) => other.level !== word.level),
      random,
    ).map(textOf),
  );
  take(shuffle(fallback, random));
  return chosen;
}

/**
 * The example sentence with the word blanked: three words before and after, with an ellipsis
 * where the sentence goes on (spec 2 §9). Null when the sentence does not contain the word.
 */
export function blankedContext(sentence: string, word: QuizWord): string | null {
  const tokens = sentence.split(/\s+/).filter(Boolean);
  const stem = word.baseWord.toLocaleLowerCase('de');
  const bare = (token: string) =>
    token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').toLocaleLowerCase('de');
  // The word itself, or an inflected form of it ("Hunde", "ging" is not found: no context then).
  let at = tokens.findIndex((token) => bare(token) === stem);
  if (at < 0 && stem.length >= 4) at = tokens.findIndex((token) => bare(token).startsWith(stem));
  if (at < 0) return null;
  const token = tokens[at] ?? '';
  const lead = token.match(/^[^\p{L}]*/u)?.[0] ?? '';
  const trail = token.match(/[^\p{L}]*$/u)?.[0] ?? '';
  const from = Math.max(0, at - QUIZ_LIMITS.contextWords);
  const to = Math.min(tokens.length, at + QUIZ_LIMITS.contextWords + 1);
  const parts = [...tokens.slice(from, at), `${lead}_____${trail}`, ...tokens.slice(at + 1, to)];
  return `${from > 0 ? '… ' : ''}${parts.join(' ')}${to < tokens.length ? ' …' : ''}`;
}

export interface ChoiceQuestion {
  kind: 'choice';
  word: QuizWord;
  /** What is asked: the German word, its meaning, or the noun without its article. */
  prompt: string;
  /** Three options (der, die, das in this order for gender). */
  options: string[];
  answer: number;
  context: string | null;
}

export interface TrueFalseQuestion {
  kind: 'true-false';
  word: QuizWord;
  prompt: string;
  /** The proposed meaning or article. */
  proposed: string;
  isTrue: boolean;
  /** The right meaning or article, shown after the answer. */
  correct: string;
  context: string | null;
}

export type QuizQuestion = ChoiceQuestion | TrueFalseQuestion;

export interface QuestionSettings {
  studyMode: QuizStudyMode;
  gameMode: QuizGameMode;
  direction: QuizDirection;
  language: InterfaceLanguage;
  showExample: boolean;
}

/** One question about `word`; the pool gives the wrong options. */
export function buildQuestion(
  word: QuizWord,
  pool: readonly QuizWord[],
  settings: QuestionSettings,
  random: () => number,
): QuizQuestion {
  const context = settings.showExample ? blankedContext(word.exampleSentence, word) : null;
  if (settings.studyMode === 'gender') {
    const article = articleOf(word);
    if (!article) throw new RangeError(`"${word.word}" has no gender to ask`);
    const answer = ARTICLES.indexOf(article);
    if (settings.gameMode === 'true-false') {
      const isTrue = random() < 0.5;
      const others = ARTICLES.filter((other) => other !== article);
      const proposed = isTrue ? article : (others[Math.floor(random() * others.length)] ?? 'der');
      return {
        kind: 'true-false',
        word,
        prompt: word.baseWord,
        proposed,
        isTrue,
        correct: article,
        context,
      };
    }
    return { kind: 'choice', word, prompt: word.baseWord, options: [...ARTICLES], answer, context };
  }
  const toGerman = settings.direction === 'to-german';
  const textOf = (entry: QuizWord) => (toGerman ? entry.word : meaningOf(entry, settings.language));
  const prompt = toGerman ? meaningOf(word, settings.language) : word.word;
  const fallback = FALLBACK_OPTIONS[toGerman ? 'de' : settings.language];
  const correct = textOf(word);
  if (settings.gameMode === 'true-false') {
    const isTrue = random() < 0.5;
    const [wrong] = pickDistractors({ word, pool, textOf, fallback, count: 1, random });
    return {
      kind: 'true-false',
      word,
      prompt,
      proposed: isTrue || !wrong ? correct : wrong,
      isTrue: isTrue || !wrong,
      correct,
      context,
    };
  }
  const wrong = pickDistractors({ word, pool, textOf, fallback, random });
  const options = shuffle([correct, ...wrong], random);
  return { kind: 'choice', word, prompt, options, answer: options.indexOf(correct), context };
}

/** A game in progress or over. Times are ms since the epoch, from the clock passed in. */
export interface GameState {
  gameMode: QuizGameMode;
  startedAt: number;
  /** Timer mode: when the game ends. */
  endsAt: number | null;
  /** Lightning mode: when the current question times out. */
  questionEndsAt: number | null;
  answered: number;
  right: number;
  streak: number;
  bestStreak: number;
  points: number;
  hearts: number;
  shield: boolean;
  /** Survival: wrong answers the shield took. */
  shieldUsed: number;
  over: boolean;
}

export function startGame(gameMode: QuizGameMode, now: number): GameState {
  return {
    gameMode,
    startedAt: now,
    endsAt: gameMode === 'timer' ? now + QUIZ_LIMITS.timerMs : null,
    questionEndsAt: gameMode === 'lightning' ? now + QUIZ_LIMITS.lightningMs : null,
    answered: 0,
    right: 0,
    streak: 0,
    bestStreak: 0,
    points: 0,
    hearts: QUIZ_RULES.hearts,
    shield: false,
    shieldUsed: 0,
    over: false,
  };
}

/** Points for a right answer that makes a streak of `streak` (1 for the first in a row). */
export function pointsFor(streak: number): number {
  const bonus = Math.min(QUIZ_RULES.maxBonus, Math.max(0, streak - 1) * QUIZ_RULES.streakBonusStep);
  return QUIZ_RULES.pointsPerRight + bonus;
}

/** Whether time has run out (timer mode) at `now`. */
export function timeIsUp(state: GameState, now: number): boolean {
  return state.endsAt !== null && now >= state.endsAt;
}

/**
 * Applies an answer given at `now` (false for a lightning question that timed out). An answer
 * after the timer ran out does not count; the game ends when its mode says so.
 */
export function answer(state: GameState, correct: boolean, now: number): GameState {
  if (state.over) return state;
  if (timeIsUp(state, now)) return { ...state, over: true };
  const next = { ...state, answered: state.answered + 1 };
  if (correct) {
    next.right += 1;
    next.streak += 1;
    next.bestStreak = Math.max(next.bestStreak, next.streak);
    next.points += pointsFor(next.streak);
    if (state.gameMode === 'survival' && next.streak % QUIZ_RULES.shieldEvery === 0)
      next.shield = true;
  } else {
    next.streak = 0;
    if (state.gameMode === 'survival') {
      if (next.shield) {
        next.shield = false;
        next.shieldUsed += 1;
      } else {
        next.hearts -= 1;
      }
    }
  }
  next.over = gameOver(next);
  return next;
}

/** How many questions a game of the mode has; null where the clock or the hearts end it. */
export function questionsInGame(gameMode: QuizGameMode): number | null {
  return gameMode === 'survival' || gameMode === 'timer'
    ? null
    : QUIZ_RULES.questionsPerGame[gameMode];
}

function gameOver(state: GameState): boolean {
  if (state.gameMode === 'survival') return state.hearts <= 0;
  const questions = questionsInGame(state.gameMode);
  return questions !== null && state.answered >= questions;
}

/** The next question starts at `now` (lightning: its 3 s start); ends a timer game that ran out. */
export function nextQuestion(state: GameState, now: number): GameState {
  if (state.over) return state;
  if (timeIsUp(state, now)) return { ...state, over: true };
  return state.gameMode === 'lightning'
    ? { ...state, questionEndsAt: now + QUIZ_LIMITS.lightningMs }
    : state;
}

/** Ends the game early (the learner stops, or no word is left to ask). */
export function endGame(state: GameState): GameState {
  return state.over ? state : { ...state, over: true };
}

/** Milliseconds left on the clock that matters in this mode, or null when none runs. */
export function msLeft(state: GameState, now: number): number | null {
  const until = state.gameMode === 'timer' ? state.endsAt : state.questionEndsAt;
  return until === null ? null : Math.max(0, until - now);
}

/** The words kept on the device for a deck and study mode (spec 2 §3 "Quiz cache"). */
export interface QuizCache {
  deck: string;
  studyMode: QuizStudyMode;
  words: QuizWord[];
  /** Distractors: words of the same parts of speech. */
  pool: QuizWord[];
  timestamp: number;
  count: number;
}

/** Stale after 7 days (the saved deck after 1 day) or with under 20 words (spec 2 §4). */
export function cacheIsStale(cache: QuizCache, now: number): boolean {
  const maxAge = cache.deck === 'saved' ? QUIZ_LIMITS.savedStaleAfterMs : QUIZ_LIMITS.staleAfterMs;
  // (a timestamp ahead of the clock cannot be trusted either)
  const age = now - cache.timestamp;
  return age >= maxAge || age < 0 || cache.count < QUIZ_LIMITS.minWords;
}

/** A cache of at most 400 words in all: the deck's words first, then the pool. */
export function makeCache(input: Omit<QuizCache, 'count'>): QuizCache {
  const words = input.words.slice(0, QUIZ_LIMITS.maxCached);
  const pool = input.pool.slice(0, Math.max(0, QUIZ_LIMITS.maxCached - words.length));
  return { ...input, words, pool, count: words.length };
}

/**
 * The words for the next game: askable in the study mode, not among the ones just answered
 * (those come back only when nothing else is left), shuffled.
 */
export function nextBatch(
  words: readonly QuizWord[],
  studyMode: QuizStudyMode,
  recent: ReadonlySet<number>,
  random: () => number,
): QuizWord[] {
  const askableWords = words.filter((word) => askable(word, studyMode));
  const fresh = askableWords.filter((word) => !recent.has(word.id));
  const older = askableWords.filter((word) => recent.has(word.id));
  return [...shuffle(fresh, random), ...shuffle(older, random)];
}
