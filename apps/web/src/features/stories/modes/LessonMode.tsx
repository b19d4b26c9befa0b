import { LOCALE_OF } from '@lesefuchs/core/i18n/languages';
import { BookmarkPlus, Check, ChevronLeft, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EntryWord } from '../../../components/EntryWord';
import { NextStoryLink } from '../NextStoryLink';
import { saveFromStory } from '../StoryEnd';
import type { StoryDetail, VocabularyEntry } from '../stories-api';
import { translationIn } from '../stories-api';
import { readTestResult, type TestResult, writeTestResult } from '../test-result';
import { FocusReader } from './FocusMode';
import type { ModeProps } from './types';
import '../../../texts/reader';

const STEPS = ['vocabulary', 'reading', 'test', 'complete'] as const;
type Step = (typeof STEPS)[number];

/** The story's target words in their order, each once, skipping ids without an entry. */
export function targetEntries(detail: StoryDetail): VocabularyEntry[] {
  const byId = new Map(detail.vocabulary.map((entry) => [entry.id, entry]));
  const seen = new Set<number>();
  return detail.targetVocabularyIds.flatMap((id) => {
    const entry = byId.get(id);
    if (!entry || seen.has(id)) return [];
    seen.add(id);
    return [entry];
  });
}

/** A multiple-choice question of the vocabulary test. */
export interface Question {
  entry: VocabularyEntry;
  /** The right translation and up to three others, shuffled. */
  options: string[];
  answer: string;
}

/** The translation shown in the test: the learner's language, English if that one is missing. */
function meaningOf(entry: VocabularyEntry, language: ModeProps['language']): string {
  return (translationIn(entry, language) || entry.translationEn).trim();
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/**
 * One question per target word: its translation among up to three translations of the story's
 * other entries (the same part of speech first), all different. A word without any other
 * translation to choose from is left out.
 *
 * The entries are shuffled once and each question reads them from its own random place, so a
 * story with hundreds of entries costs one pass, not a sort per question (it is built while the
 * story page first renders).
 */
export function buildQuestions(
  targets: VocabularyEntry[],
  vocabulary: VocabularyEntry[],
  language: ModeProps['language'],
  random: () => number = Math.random,
): Question[] {
  const pool = shuffled(
    vocabulary.flatMap((entry) => {
      const meaning = meaningOf(entry, language);
      return meaning ? [{ entry, meaning, key: meaning.toLowerCase() }] : [];
    }),
    random,
  );
  return targets.flatMap((entry) => {
    const answer = meaningOf(entry, language);
    if (!answer) return [];
    const taken = new Set([answer.toLowerCase()]);
    const distractors: string[] = [];
    const from = Math.floor(random() * pool.length);
    const take = (samePartOfSpeech: boolean) => {
      for (let i = 0; i < pool.length && distractors.length < 3; i++) {
        const other = pool[(from + i) % pool.length];
        if (!other || other.entry.id === entry.id || taken.has(other.key)) continue;
        if ((other.entry.partOfSpeech === entry.partOfSpeech) !== samePartOfSpeech) continue;
        taken.add(other.key);
        distractors.push(other.meaning);
      }
    };
    take(true);
    take(false);
    if (distractors.length === 0) return [];
    return [{ entry, answer, options: shuffled([answer, ...distractors], random) }];
  });
}

/**
 * Lesson: four steps — the story's target words, focused reading, a vocabulary test and the
 * result, whose button marks the story read.
 */
export function LessonMode(props: ModeProps) {
  // Another story starts afresh: step 1 and its own single onComplete.
  return <Lesson key={props.detail.story.id} {...props} />;
}

function Lesson({ detail, language, onComplete }: ModeProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('vocabulary');
  const [score, setScore] = useState<{ correct: number; total: number } | null>(null);
  const [done, setDone] = useState(false);
  const completed = useRef(false);
  const targets = useMemo(() => targetEntries(detail), [detail]);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const number = STEPS.indexOf(step) + 1;

  // After a change of step the keyboard and screen reader continue at its title.
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
  }, [step]);
  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  const finish = () => {
    if (completed.current) return;
    completed.current = true;
    setDone(true);
    onComplete();
  };

  return (
    <section
      aria-label={t('reader.modes.lesson.label')}
      className="mx-auto flex w-full max-w-3xl flex-col gap-5"
    >
      <nav aria-label={t('reader.modes.lesson.progress')}>
        <p className="mb-2 font-medium text-sm text-stone-600 dark:text-stone-300">
          {t('reader.modes.lesson.stepOf', { current: number, total: STEPS.length })}
        </p>
        <ol className="grid grid-cols-4 gap-2">
          {STEPS.map((name, index) => {
            const state = index + 1 < number ? 'done' : index + 1 === number ? 'current' : 'todo';
            return (
              <li
                key={name}
                aria-current={state === 'current' ? 'step' : undefined}
                className="flex min-w-0 flex-col items-center gap-1 text-center"
              >
                <span
                  aria-hidden
                  className={`flex h-8 w-8 items-center justify-center rounded-full border-2 font-semibold text-sm ${
                    state === 'current'
                      ? 'border-orange-700 bg-orange-700 text-white dark:border-orange-400 dark:bg-orange-400 dark:text-stone-950'
                      : state === 'done'
                        ? 'border-orange-700 text-orange-800 dark:border-orange-400 dark:text-orange-300'
                        : 'border-stone-300 text-stone-500 dark:border-stone-600 dark:text-stone-400'
                  }`}
                >
                  {state === 'done' ? <Check size={16} /> : index + 1}
                </span>
                <span
                  className={`break-words text-xs sm:text-sm ${state === 'current' ? 'font-bold' : 'text-stone-600 dark:text-stone-300'}`}
                >
                  {t(`reader.modes.lesson.steps.${name}`)}
                  {state === 'done' && (
                    <span className="sr-only"> ({t('reader.modes.lesson.stepDone')})</span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>

      <h2
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-xl focus-visible:outline-2 focus-visible:outline-orange-600"
      >
        {t(`reader.modes.lesson.titles.${step}`)}
      </h2>

      {step === 'vocabulary' && (
        <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
          {targets.length > 0 ? (
            <>
              <p className="text-stone-600 dark:text-stone-300">
                {t('reader.modes.lesson.vocabularyIntro')}
              </p>
              <ul className="grid gap-2 sm:grid-cols-2">
                {targets.map((entry) => (
                  <li
                    key={entry.id}
                    className="flex flex-col rounded-xl border border-stone-200 p-3 dark:border-stone-700"
                  >
                    <span lang="de" className="text-lg [overflow-wrap:anywhere]">
                      <EntryWord entry={entry} />
                    </span>
                    <span lang={LOCALE_OF[language]} className="text-stone-700 dark:text-stone-200">
                      {translationIn(entry, language)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('reader.modes.lesson.noTargets')}</p>
          )}
          <button type="button" className="button-primary self-start" onClick={() => go('reading')}>
            {t('reader.modes.lesson.startReading')}
          </button>
        </div>
      )}

      {step === 'reading' && (
        <>
          <FocusReader
            detail={detail}
            language={language}
            finishLabel={t('reader.modes.lesson.toTest')}
            onFinish={() => go('test')}
          />
          <button
            type="button"
            className="button-secondary self-start"
            onClick={() => go('vocabulary')}
          >
            <ChevronLeft aria-hidden size={18} />
            {t('reader.modes.lesson.backToWords')}
          </button>
        </>
      )}

      {step === 'test' && (
        <VocabularyTest
          detail={detail}
          language={language}
          onDone={(result) => {
            setScore(result);
            go('complete');
          }}
        />
      )}

      {step === 'complete' && (
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
          <p className="text-lg">{t('reader.modes.lesson.congratulations')}</p>
          {score && score.total > 0 && (
            <p className="font-semibold text-2xl">
              {t('reader.modes.lesson.score', { correct: score.correct, total: score.total })}
            </p>
          )}
          <button
            type="button"
            className="button-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            aria-disabled={done}
            onClick={finish}
          >
            {done ? t('reader.modes.lesson.finished') : t('reader.modes.lesson.finish')}
          </button>
          <p role="status" className="text-sm">
            {done ? t('reader.modes.common.markedRead') : ''}
          </p>
        </div>
      )}
    </section>
  );
}

type Score = { correct: number; total: number };

interface TestProps {
  detail: StoryDetail;
  language: ModeProps['language'];
  onDone?: (score: Score) => void;
  /**
   * The result offers the next story (on its own, when no story summary below it offers it
   * already: the next story is shown once).
   */
  offerNext?: boolean;
}

/**
 * The vocabulary test: for each target word of the story, its translation among four; right or
 * wrong is said in words, not only in colour. Inside the lesson `onDone` receives the score; on
 * its own (e.g. under the story in normal mode) it has a title, shows the score at the end (kept
 * for the tab's session, so a reload shows it again) and can be taken again, and shows nothing
 * when the story has no word to ask.
 */
export function VocabularyTest(props: TestProps) {
  return <VocabularyTestBody key={props.detail.story.id} {...props} />;
}

/** A result kept from earlier in the session, with its missed words found in the story again. */
function keptResult(detail: StoryDetail) {
  const kept = readTestResult(detail.story.id);
  if (!kept) return null;
  const byId = new Map(detail.vocabulary.map((entry) => [entry.id, entry]));
  const missed = kept.missedIds.flatMap((id) => byId.get(id) ?? []);
  return { score: { correct: kept.correct, total: kept.total }, missed, saved: kept.savedMissed };
}

function VocabularyTestBody({ detail, language, onDone, offerNext = true }: TestProps) {
  const { t } = useTranslation();
  const build = () => buildQuestions(targetEntries(detail), detail.vocabulary, language);
  const [kept] = useState(() => (onDone ? null : keptResult(detail)));
  const [questions, setQuestions] = useState(build);
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [correct, setCorrect] = useState(0);
  const [result, setResult] = useState<Score | null>(kept?.score ?? null);
  // The words answered wrongly this round, to save at the end.
  const [missed, setMissed] = useState<VocabularyEntry[]>(kept?.missed ?? []);
  const [savedMissed, setSavedMissed] = useState(kept?.saved ?? false);
  const next = useRef<HTMLButtonElement>(null);
  const prompt = useRef<HTMLParagraphElement>(null);
  const shown = useRef({ questions, index });
  const id = useId();
  const question = questions[index];
  const isLast = index >= questions.length - 1;

  useEffect(() => {
    if (chosen !== null) next.current?.focus();
  }, [chosen]);
  // A new question (or a new round) puts the keyboard on the question.
  useEffect(() => {
    if (shown.current.questions === questions && shown.current.index === index) return;
    shown.current = { questions, index };
    prompt.current?.focus();
  }, [questions, index]);

  const card =
    'flex flex-col items-start gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900';
  const frame = (children: ReactNode) =>
    onDone ? (
      <div className={card}>{children}</div>
    ) : (
      <section aria-labelledby={`${id}-title`} className={card}>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {t('reader.modes.lesson.testTitle')}
        </h2>
        {children}
      </section>
    );

  // Kept for the session once finished: the result, the missed words and whether they were saved.
  const keep = (next: TestResult | null) => {
    if (!onDone) writeTestResult(detail.story.id, next);
  };

  if (!question) {
    if (!onDone) return null;
    return frame(
      <>
        <p>{t('reader.modes.lesson.noQuestions')}</p>
        <button
          type="button"
          className="button-primary"
          onClick={() => onDone({ correct: 0, total: 0 })}
        >
          {t('reader.modes.lesson.toResult')}
        </button>
      </>,
    );
  }

  const startAgain = () => {
    setQuestions(build());
    setIndex(0);
    setChosen(null);
    setCorrect(0);
    setResult(null);
    setMissed([]);
    setSavedMissed(false);
    keep(null);
  };

  if (result) {
    return frame(
      <>
        <p role="status" className="font-semibold text-xl" data-testid="test-score">
          {t('reader.modes.lesson.score', { correct: result.correct, total: result.total })}
        </p>
        <p className="text-stone-700 dark:text-stone-200">
          {missed.length === 0 ? t('reader.test.allRight') : t('reader.test.missed')}
        </p>
        {missed.length > 0 && (
          <>
            <ul className="flex flex-col gap-1" data-testid="missed-words">
              {missed.map((entry) => (
                <li key={entry.id} className="flex flex-wrap gap-x-2">
                  <EntryWord entry={entry} />
                  <span className="text-stone-600 dark:text-stone-300" lang={LOCALE_OF[language]}>
                    — {translationIn(entry, language)}
                  </span>
                </li>
              ))}
            </ul>
            {savedMissed ? (
              <p role="status" className="text-emerald-800 dark:text-emerald-300">
                {t('reader.test.savedMissed')}{' '}
                <Link to="/study/flashcards" className="text-link">
                  {t('reader.test.studyThem')}
                </Link>
              </p>
            ) : (
              <button
                type="button"
                className="button-primary"
                onClick={() => {
                  saveFromStory(detail, missed);
                  setSavedMissed(true);
                  keep({
                    ...result,
                    missedIds: missed.map((entry) => entry.id),
                    savedMissed: true,
                  });
                }}
              >
                <BookmarkPlus aria-hidden size={16} />
                {t('reader.test.saveMissed', { count: missed.length })}
              </button>
            )}
          </>
        )}
        <div className="flex flex-wrap gap-3">
          {offerNext && <NextStoryLink after={detail.story} />}
          <button type="button" className="button-secondary" onClick={startAgain}>
            {t('reader.modes.lesson.tryAgain')}
          </button>
        </div>
      </>,
    );
  }

  const answered = chosen !== null;
  const pick = (option: string) => {
    if (answered) return;
    setChosen(option);
    if (option === question.answer) setCorrect(correct + 1);
    else setMissed((previous) => [...previous, question.entry]);
  };
  const advance = () => {
    if (isLast) {
      const score = { correct, total: questions.length };
      if (onDone) onDone(score);
      else {
        setResult(score);
        keep({ ...score, missedIds: missed.map((entry) => entry.id), savedMissed: false });
      }
      return;
    }
    setIndex(index + 1);
    setChosen(null);
  };

  return frame(
    <>
      <p className="text-sm text-stone-600 tabular-nums dark:text-stone-300">
        {t('reader.modes.lesson.questionOf', { current: index + 1, total: questions.length })}
      </p>
      <p
        ref={prompt}
        tabIndex={-1}
        id={`${id}-question`}
        className="rounded-md text-lg focus-visible:outline-2 focus-visible:outline-orange-600"
      >
        {t('reader.modes.lesson.question')}{' '}
        <span lang="de" className="text-2xl [overflow-wrap:anywhere]">
          <EntryWord entry={question.entry} />
        </span>
      </p>
      <ul aria-labelledby={`${id}-question`} className="grid w-full gap-2 sm:grid-cols-2">
        {question.options.map((option) => {
          const isAnswer = option === question.answer;
          const isChosen = option === chosen;
          let tone =
            'border-stone-300 hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';
          if (answered && isAnswer)
            tone =
              'border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100';
          else if (answered && isChosen)
            tone =
              'border-red-700 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100';
          else if (answered)
            tone = 'border-stone-200 text-stone-500 dark:border-stone-700 dark:text-stone-400';
          return (
            <li key={option}>
              <button
                type="button"
                aria-disabled={answered}
                onClick={() => pick(option)}
                className={`flex w-full items-center justify-between gap-2 rounded-xl border-2 px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-2 aria-disabled:cursor-default ${tone}`}
              >
                <span lang={LOCALE_OF[language]}>{option}</span>
                {answered && isAnswer && (
                  <span className="flex shrink-0 items-center gap-1 font-semibold text-sm">
                    <Check aria-hidden size={16} />
                    {t('reader.modes.lesson.rightAnswer')}
                  </span>
                )}
                {answered && isChosen && !isAnswer && (
                  <span className="flex shrink-0 items-center gap-1 font-semibold text-sm">
                    <X aria-hidden size={16} />
                    {t('reader.modes.lesson.yourAnswer')}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <p aria-live="polite" className="font-semibold">
        {answered &&
          (chosen === question.answer
            ? t('reader.modes.lesson.correct')
            : t('reader.modes.lesson.wrong', { answer: question.answer }))}
      </p>
      {answered && (
        <button ref={next} type="button" className="button-primary" onClick={advance}>
          {isLast ? t('reader.modes.lesson.toResult') : t('reader.modes.lesson.nextQuestion')}
        </button>
      )}
    </>,
  );
}
