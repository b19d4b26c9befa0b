import { meaningOf, type QuizWord } from '@lesefuchs/core/quiz/quiz';
import {
  BookmarkPlus,
  GraduationCap,
  ListChecks,
  RotateCcw,
  Settings2,
  Trophy,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EntryWord } from '../../components/EntryWord';
import { StreakMoment } from '../../components/StreakMoment';
import { currentLanguage } from '../../lib/i18n';
import { upsertLocalCards } from '../flashcards/flashcards-api';
import { useStreakMoment } from '../stats/use-streak-moment';
import { NextStoryLink } from '../stories/NextStoryLink';
import type { VocabularyEntry } from '../stories/stories-api';
import { deckHref, setDeckIntent } from '../vocabulary/decks';
import { isSaved, saveWord } from '../vocabulary/saved-words-store';
import type { GameResult } from './QuizGame';
import type { QuizSettings } from './QuizSetup';
import { recordScore, type ScoreEntry } from './scoreboard';
import '../../texts/quiz';

const entryOf = (word: QuizWord): VocabularyEntry => ({
  id: word.id,
  word: word.word,
  baseWord: word.baseWord,
  translationEn: word.translationEn,
  translationEs: word.translationEs,
  translationKr: word.translationKr,
  partOfSpeech: word.partOfSpeech,
  difficultyLevel: word.level,
  exampleSentence: word.exampleSentence,
  gender: word.gender,
  plural: word.plural,
});

type CardsState = 'idle' | 'working' | 'done' | 'failed';

/**
 * The end of a game: score and best, the streak moment when the game was the day's first
 * activity, what to do next (play again, the next story at the learner's level, the deck's words
 * on the vocabulary screen), and the words missed with their meanings.
 */
export function QuizEnd({
  owner,
  signedIn,
  settings,
  result,
  onPlayAgain,
  onChangeSettings,
}: {
  owner: string;
  signedIn: boolean;
  settings: QuizSettings;
  result: GameResult;
  onPlayAgain: () => void;
  onChangeSettings: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { state, missed } = result;
  const [previousBest, setPreviousBest] = useState<ScoreEntry | null | undefined>(undefined);
  const recorded = useRef(false);
  const [savedMissed, setSavedMissed] = useState(false);
  const [cards, setCards] = useState<CardsState>('idle');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { note: noteActivity, days: streakDays } = useStreakMoment(signedIn ? owner : null);

  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    headingRef.current?.focus();
    // A game nobody answered in is not a score.
    if (state.answered === 0) return setPreviousBest(null);
    noteActivity();
    setPreviousBest(
      recordScore(owner, signedIn, {
        studyMode: settings.studyMode,
        gameMode: settings.gameMode,
        score: state.points,
        playedAt: Date.now(),
      }),
    );
  }, [owner, signedIn, settings, state, noteActivity]);

  const unique = missed.filter(
    (entry, i) => missed.findIndex((other) => other.word.id === entry.word.id) === i,
  );
  const newBest =
    state.answered > 0 &&
    previousBest !== undefined &&
    (previousBest === null || state.points > previousBest.score);
  const best = Math.max(state.points, previousBest?.score ?? 0);

  const saveMissed = () => {
    for (const { word } of unique) {
      const entry = entryOf(word);
      if (!isSaved(entry)) saveWord(entry, { source: 'database' });
    }
    setSavedMissed(true);
  };

  const makeCards = async () => {
    setCards('working');
    saveMissed();
    try {
      await upsertLocalCards(
        unique.map(({ word }) => ({ localId: `local-quiz-${word.id}`, vocabularyId: word.id })),
      );
      setCards('done');
    } catch {
      setCards('failed');
    }
  };

  return (
    <div className="flex flex-col gap-5" data-testid="quiz-end">
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-stone-200 bg-white p-6 text-center dark:border-stone-800 dark:bg-stone-900">
        <Trophy aria-hidden size={40} className="text-amber-500" />
        <h2 ref={headingRef} tabIndex={-1} className="font-bold text-2xl outline-none">
          {t('quiz.end.title')}
        </h2>
        <p className="font-bold text-5xl tabular-nums" data-testid="quiz-final-score">
          {state.points}
        </p>
        <p className="text-stone-600 dark:text-stone-300">
          {t('quiz.end.summary', { right: state.right, count: state.answered })}
          {state.bestStreak > 1 && ` · ${t('quiz.end.bestStreak', { count: state.bestStreak })}`}
        </p>
        <p role="status" className="font-semibold" data-testid="quiz-best">
          {newBest ? (
            <span className="text-emerald-800 dark:text-emerald-300">{t('quiz.end.newBest')}</span>
          ) : (
            t('quiz.end.best', { score: best })
          )}
        </p>
        {streakDays !== null && <StreakMoment days={streakDays} className="mt-1" />}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="button-primary" onClick={onPlayAgain}>
          <RotateCcw aria-hidden size={18} />
          {t('quiz.end.playAgain')}
        </button>
        <button type="button" className="button-secondary" onClick={onChangeSettings}>
          <Settings2 aria-hidden size={18} />
          {t('quiz.changeSettings')}
        </button>
      </div>
      <div className="flex flex-wrap gap-2">
        <NextStoryLink variant="secondary" listWhenAllRead={false} />
        <Link
          to={deckHref(settings.deck)}
          onClick={() => setDeckIntent(settings.deck)}
          className="button-secondary"
        >
          <ListChecks aria-hidden size={18} />
          {t('quiz.end.reviewWords')}
        </Link>
      </div>
      <section aria-labelledby="quiz-missed" className="flex flex-col gap-3">
        <h3 id="quiz-missed" className="font-semibold text-lg">
          {t('quiz.end.missed', { count: unique.length })}
        </h3>
        {unique.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-300">{t('quiz.end.noneMissed')}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
              {unique.map(({ word }) => (
                <li
                  key={word.id}
                  className="flex flex-wrap items-baseline gap-x-3 px-4 py-2"
                  data-testid="quiz-missed-word"
                >
                  <span lang="de" className="font-semibold">
                    <EntryWord entry={word} />
                  </span>
                  <span className="text-stone-600 dark:text-stone-300">
                    {meaningOf(word, language)}
                  </span>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="button-secondary"
                onClick={saveMissed}
                disabled={savedMissed}
              >
                <BookmarkPlus aria-hidden size={18} />
                {savedMissed ? t('quiz.end.savedMissed') : t('quiz.end.saveMissed')}
              </button>
              {signedIn ? (
                <button
                  type="button"
                  className="button-secondary"
                  onClick={() => void makeCards()}
                  disabled={cards === 'working' || cards === 'done'}
                >
                  <GraduationCap aria-hidden size={18} />
                  {t('quiz.end.makeCards')}
                </button>
              ) : (
                <Link to="/signup" className="text-link text-sm">
                  {t('quiz.end.signUpForCards')}
                </Link>
              )}
            </div>
            <p role="status" className="text-sm">
              {cards === 'done' && (
                <>
                  {t('quiz.end.cardsMade', { count: unique.length })}{' '}
                  <Link to="/study/flashcards" className="text-link">
                    {t('quiz.end.studyCards')}
                  </Link>
                </>
              )}
              {cards === 'failed' && (
                <span className="text-red-800 dark:text-red-300">{t('quiz.end.cardsFailed')}</span>
              )}
            </p>
          </>
        )}
      </section>
    </div>
  );
}
