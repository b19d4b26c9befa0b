import { ARTICLE_OF } from '@lesefuchs/core/content/taxonomy';
import {
  answer as applyAnswer,
  buildQuestion,
  endGame,
  type GameState,
  msLeft,
  nextBatch,
  nextQuestion,
  QUIZ_LIMITS,
  type QuizCache,
  type QuizQuestion,
  type QuizWord,
  questionsInGame,
  startGame,
  timeIsUp,
} from '@lesefuchs/core/quiz/quiz';
import { Check, Heart, Shield, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { useKeyboardInUse } from '../../lib/keyboard-in-use';
import { vibrate } from '../../lib/native';
import { GenderHint } from './GenderHint';
import type { QuizSettings } from './QuizSetup';
import { rememberRecent } from './recent-words';
import '../../texts/quiz';

export interface MissedWord {
  word: QuizWord;
  /** What was right: the meaning, the German word or the article. */
  correct: string;
}

export interface GameResult {
  state: GameState;
  missed: MissedWord[];
  askedIds: number[];
}

/** How long feedback shows before the next question where the clock matters. */
const AUTO_NEXT_MS = { right: 600, wrong: 1400 } as const;
const TICK_MS = 100;

interface Feedback {
  /** The option chosen (index, or true/false), null when time ran out. */
  chosen: number | boolean | null;
  correct: boolean;
}

/** One game: questions one after another, the mode's clock, hearts and shield, feedback. */
export function QuizGame({
  settings,
  cache,
  offline,
  onEnd,
  onQuit,
}: {
  settings: QuizSettings;
  cache: QuizCache;
  offline: boolean;
  onEnd: (result: GameResult) => void;
  onQuit: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const keyboard = useKeyboardInUse();
  const batch = useMemo(
    () => nextBatch(cache.words, settings.studyMode, new Set(), Math.random),
    [cache.words, settings.studyMode],
  );
  const pool = useMemo(() => [...cache.pool, ...cache.words], [cache]);
  const [state, setState] = useState<GameState>(() => startGame(settings.gameMode, Date.now()));
  const [index, setIndex] = useState(0);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const missed = useRef<MissedWord[]>([]);
  const asked = useRef<number[]>([]);
  const continueRef = useRef<HTMLButtonElement>(null);
  const promptRef = useRef<HTMLDivElement>(null);
  const ended = useRef(false);

  const word = batch.length > 0 ? batch[index % batch.length] : undefined;
  const question = useMemo<QuizQuestion | null>(
    () => (word ? buildQuestion(word, pool, { ...settings, language }, Math.random) : null),
    [word, pool, settings, language],
  );

  const finish = useCallback(
    (final: GameState) => {
      if (ended.current) return;
      ended.current = true;
      rememberRecent(settings.deck, settings.studyMode, asked.current);
      onEnd({ state: endGame(final), missed: missed.current, askedIds: asked.current });
    },
    [onEnd, settings.deck, settings.studyMode],
  );

  const respond = useCallback(
    (chosen: number | boolean | null) => {
      if (!question || feedback || state.over) return;
      const at = Date.now();
      const correct =
        chosen === null
          ? false
          : question.kind === 'choice'
            ? chosen === question.answer
            : chosen === question.isTrue;
      const next = applyAnswer(state, correct, at);
      if (next.answered === state.answered) {
        // The timer ran out before this answer: it does not count.
        finish(next);
        return;
      }
      asked.current.push(question.word.id);
      if (!correct) {
        missed.current.push({
          word: question.word,
          correct:
            question.kind === 'choice'
              ? (question.options[question.answer] ?? '')
              : question.correct,
        });
        vibrate(50);
      }
      setState(next);
      setFeedback({ chosen, correct });
    },
    [question, feedback, state, finish],
  );

  const advance = useCallback(() => {
    if (!feedback) return;
    if (state.over) return finish(state);
    const at = Date.now();
    const next = nextQuestion(state, at);
    if (next.over) return finish(next);
    setState(next);
    setFeedback(null);
    setIndex((current) => current + 1);
  }, [feedback, state, finish]);

  // Each question in view (a phone may have scrolled to the feedback of the last one).
  useEffect(() => {
    if (index > 0) promptRef.current?.scrollIntoView({ block: 'nearest' });
  }, [index]);

  // The clock: timer mode ends the game, lightning times the question out.
  useEffect(() => {
    if (state.gameMode !== 'timer' && state.gameMode !== 'lightning') return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (timeIsUp(state, at)) finish(state);
      else if (
        state.gameMode === 'lightning' &&
        !feedback &&
        state.questionEndsAt !== null &&
        at >= state.questionEndsAt
      )
        respond(null);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [state, feedback, finish, respond]);

  // Where the clock matters the next question comes by itself; elsewhere Continue is focused.
  useEffect(() => {
    if (!feedback) return;
    if (state.gameMode === 'timer' || state.gameMode === 'lightning') {
      const timer = setTimeout(advance, feedback.correct ? AUTO_NEXT_MS.right : AUTO_NEXT_MS.wrong);
      return () => clearTimeout(timer);
    }
    continueRef.current?.focus();
  }, [feedback, state.gameMode, advance]);

  // Keys: 1–3 choose, T/F answer true/false, Enter continues.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (feedback) {
        if (event.key === 'Enter' && document.activeElement !== continueRef.current) {
          event.preventDefault();
          advance();
        }
        return;
      }
      if (!question) return;
      if (question.kind === 'choice' && ['1', '2', '3'].includes(event.key)) {
        event.preventDefault();
        respond(Number(event.key) - 1);
      } else if (question.kind === 'true-false' && /^[tf]$/i.test(event.key)) {
        event.preventDefault();
        respond(event.key.toLowerCase() === 't');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [feedback, question, respond, advance]);

  if (!question) {
    return (
      <div className="flex flex-col items-start gap-3" role="alert">
        <p>{t(settings.studyMode === 'gender' ? 'quiz.noNouns' : 'quiz.noWords')}</p>
        <button type="button" className="button-secondary" onClick={onQuit}>
          {t('quiz.changeSettings')}
        </button>
      </div>
    );
  }

  const left = msLeft(state, now);
  const total = state.gameMode === 'timer' ? QUIZ_LIMITS.timerMs : QUIZ_LIMITS.lightningMs;
  const correctText =
    question.kind === 'choice' ? (question.options[question.answer] ?? '') : question.correct;

  return (
    <div className="flex flex-col gap-4" data-testid="quiz-game" data-game-mode={state.gameMode}>
      {offline && (
        <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-200">
          {t('quiz.offline')}
        </p>
      )}
      <GameStatus state={state} left={left} total={total} />
      <div
        ref={promptRef}
        className="flex scroll-mt-20 flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900"
      >
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {t(questionPromptKey(question, settings))}
        </p>
        <p
          className="break-words font-bold text-3xl"
          lang={promptLang(settings)}
          data-testid="quiz-prompt"
        >
          {question.prompt}
        </p>
        {question.kind === 'true-false' && (
          <p className="text-xl" data-testid="quiz-proposed">
            <span className="text-stone-500 dark:text-stone-400">= </span>
            <span
              className={settings.studyMode === 'gender' ? articleClass(question.proposed) : ''}
            >
              {question.proposed}
            </span>
          </p>
        )}
        {question.context && (
          <p
            className="text-stone-600 italic dark:text-stone-300"
            lang="de"
            data-testid="quiz-context"
          >
            {question.context}
          </p>
        )}
      </div>
      {question.kind === 'choice' ? (
        <ul className="grid gap-2 sm:grid-cols-3">
          {question.options.map((option, i) => (
            <li key={option}>
              <button
                type="button"
                className={optionClass(
                  feedback,
                  i,
                  question.answer,
                  settings.studyMode === 'gender' ? option : null,
                )}
                disabled={feedback !== null}
                aria-keyshortcuts={String(i + 1)}
                onClick={() => respond(i)}
                data-testid="quiz-option"
                data-correct={feedback ? String(i === question.answer) : undefined}
              >
                {keyboard && <kbd className="quiz-key">{i + 1}</kbd>}
                <span
                  data-testid="quiz-option-text"
                  lang={
                    settings.direction === 'to-german' || settings.studyMode === 'gender'
                      ? 'de'
                      : undefined
                  }
                >
                  {option}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          {([true, false] as const).map((value) => (
            <button
              key={String(value)}
              type="button"
              className={trueFalseClass(feedback, value, question.isTrue)}
              disabled={feedback !== null}
              aria-keyshortcuts={value ? 'T' : 'F'}
              onClick={() => respond(value)}
              data-testid={value ? 'quiz-true' : 'quiz-false'}
            >
              {keyboard && <kbd className="quiz-key">{value ? 'T' : 'F'}</kbd>}
              {value ? <Check aria-hidden size={20} /> : <X aria-hidden size={20} />}
              {t(value ? 'quiz.true' : 'quiz.false')}
            </button>
          ))}
        </div>
      )}
      <div aria-live="assertive" role="status" className="min-h-6" data-testid="quiz-feedback">
        {feedback &&
          (feedback.correct ? (
            <p className="font-semibold text-emerald-800 dark:text-emerald-300">
              {t('quiz.right')}
            </p>
          ) : (
            <div className="flex flex-col gap-2">
              <p className="font-semibold text-red-800 dark:text-red-300">
                {feedback.chosen === null ? t('quiz.timeUp') : t('quiz.wrong')}{' '}
                {t('quiz.answerWas', { answer: answerText(question, correctText) })}
              </p>
              {settings.studyMode === 'gender' && question.word.gender && (
                <GenderHint noun={question.word.baseWord} gender={question.word.gender} />
              )}
            </div>
          ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {feedback && state.gameMode !== 'timer' && state.gameMode !== 'lightning' && (
          <button ref={continueRef} type="button" className="button-primary px-6" onClick={advance}>
            {state.over ? t('quiz.seeResult') : t('quiz.continue')}
            {keyboard && <kbd className="quiz-key ml-2">Enter</kbd>}
          </button>
        )}
        <button type="button" className="button-secondary ml-auto" onClick={() => finish(state)}>
          {t('quiz.stop')}
        </button>
      </div>
    </div>
  );
}

function GameStatus({
  state,
  left,
  total,
}: {
  state: GameState;
  left: number | null;
  total: number;
}) {
  const { t } = useTranslation();
  const questions = questionsInGame(state.gameMode);
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2" data-testid="quiz-status">
      <span className="font-semibold text-lg tabular-nums" data-testid="quiz-score">
        {t('quiz.points', { count: state.points })}
      </span>
      {state.streak >= 2 && (
        <span className="rounded-full bg-orange-100 px-2 py-0.5 text-orange-900 text-sm dark:bg-orange-950 dark:text-orange-200">
          {t('quiz.streak', { count: state.streak })}
        </span>
      )}
      {state.gameMode === 'survival' && (
        <span
          className="flex items-center gap-1"
          data-testid="quiz-hearts"
          aria-label={t('quiz.hearts', { count: state.hearts })}
        >
          {Array.from({ length: 3 }, (_, i) => (
            <Heart
              key={i}
              aria-hidden
              size={22}
              className={i < state.hearts ? 'fill-red-600 text-red-600' : 'text-stone-400'}
            />
          ))}
          {state.shield && (
            <Shield
              aria-label={t('quiz.shield')}
              size={22}
              className="ml-1 fill-sky-200 text-sky-700 dark:fill-sky-900 dark:text-sky-300"
              data-testid="quiz-shield"
            />
          )}
        </span>
      )}
      {questions !== null && (
        <span className="text-stone-600 text-sm dark:text-stone-300">
          {t('quiz.progress', {
            current: Math.min(state.answered + 1, questions),
            total: questions,
          })}
        </span>
      )}
      {left !== null && (
        <span className="flex min-w-32 flex-1 items-center gap-2" data-testid="quiz-clock">
          <span className="tabular-nums" aria-hidden>
            {Math.ceil(left / 1000)} s
          </span>
          <span
            role="progressbar"
            aria-label={t('quiz.timeLeft')}
            aria-valuemin={0}
            aria-valuemax={Math.round(total / 1000)}
            aria-valuenow={Math.ceil(left / 1000)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
          >
            <span
              className="block h-full bg-orange-600 motion-safe:transition-[width] dark:bg-orange-400"
              style={{ width: `${(left / total) * 100}%` }}
            />
          </span>
        </span>
      )}
    </div>
  );
}

function questionPromptKey(question: QuizQuestion, settings: QuizSettings): string {
  if (settings.studyMode === 'gender')
    return question.kind === 'true-false' ? 'quiz.ask.genderTrueFalse' : 'quiz.ask.gender';
  if (question.kind === 'true-false') return 'quiz.ask.meaningTrueFalse';
  return settings.direction === 'to-german' ? 'quiz.ask.german' : 'quiz.ask.meaning';
}

const promptLang = (settings: QuizSettings) =>
  settings.studyMode === 'gender' || settings.direction === 'from-german' ? 'de' : undefined;

function answerText(question: QuizQuestion, correct: string): string {
  if (question.word.gender && correct === ARTICLE_OF[question.word.gender])
    return `${correct} ${question.word.baseWord}`;
  return correct;
}

function articleClass(article: string): string {
  const gender =
    article === 'der'
      ? 'masculine'
      : article === 'die'
        ? 'feminine'
        : article === 'das'
          ? 'neuter'
          : null;
  return gender ? `article article-${gender} font-semibold` : '';
}

const OPTION_BASE =
  'flex min-h-14 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left text-lg transition-colors disabled:cursor-default';

function optionClass(
  feedback: Feedback | null,
  i: number,
  answer: number,
  article: string | null,
): string {
  const tone = article ? articleClass(article) : '';
  if (!feedback)
    return `${OPTION_BASE} ${tone} border-stone-200 bg-white hover:border-orange-400 hover:bg-orange-50 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800`;
  if (i === answer)
    return `${OPTION_BASE} border-emerald-600 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100`;
  if (feedback.chosen === i)
    return `${OPTION_BASE} border-red-600 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100`;
  return `${OPTION_BASE} border-stone-200 bg-white opacity-60 dark:border-stone-700 dark:bg-stone-900`;
}

function trueFalseClass(feedback: Feedback | null, value: boolean, isTrue: boolean): string {
  const base = `${OPTION_BASE} justify-center font-semibold`;
  if (!feedback)
    return `${base} border-stone-200 bg-white hover:border-orange-400 hover:bg-orange-50 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800`;
  if (value === isTrue)
    return `${base} border-emerald-600 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100`;
  if (feedback.chosen === value)
    return `${base} border-red-600 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100`;
  return `${base} border-stone-200 bg-white opacity-60 dark:border-stone-700 dark:bg-stone-900`;
}
