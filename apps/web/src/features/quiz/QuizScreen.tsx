import type { QuizCache, QuizDirection } from '@lesefuchs/core/quiz/quiz';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { LoadingScreen } from '../../components/Spinner';
import { useDeviceUser } from '../../lib/use-device-user';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';
import { useSavedWords } from '../vocabulary/saved-words-store';
import { QuizEnd } from './QuizEnd';
import { type GameResult, QuizGame } from './QuizGame';
import { type QuizSettings, QuizSetup } from './QuizSetup';
import { loadQuizWords } from './quiz-words';
import { readRecent } from './recent-words';
import '../../texts/quiz';

type Phase =
  | { name: 'setup' }
  | { name: 'loading'; settings: QuizSettings }
  | { name: 'error'; settings: QuizSettings }
  | { name: 'playing'; settings: QuizSettings; cache: QuizCache; offline: boolean; round: number }
  | { name: 'over'; settings: QuizSettings; result: GameResult };

const DIRECTION_KEY = 'lesefuchs.quiz.direction';

/** /study/quiz (spec 2 §2): choose the modes and the deck, play, see the score and the misses. */
export function QuizScreen() {
  const { t } = useTranslation();
  const device = useDeviceUser();
  const owner = device.userId ?? GUEST;
  const profile = useProfileQuery(device.userId ?? undefined);
  const { preferences, set } = usePreferences(owner, profile.data?.preferences);
  const saved = useSavedWords();
  const [phase, setPhase] = useState<Phase>({ name: 'setup' });
  const [direction, setDirection] = useState<QuizDirection>(() =>
    localStorage.getItem(DIRECTION_KEY) === 'to-german' ? 'to-german' : 'from-german',
  );

  // A game, its loading and its end start at the top: on a phone the Start button is a
  // screen or two down, and the question would open out of view.
  useEffect(() => {
    if (phase.name !== 'setup') window.scrollTo({ top: 0 });
  }, [phase.name]);

  const start = async (settings: QuizSettings) => {
    // The choices of a game become the quiz's defaults (spec 1 §3 quiz preferences).
    if (settings.studyMode !== preferences.quizDefaultStudyMode)
      set('quizDefaultStudyMode', settings.studyMode);
    if (settings.gameMode !== preferences.quizDefaultGameMode)
      set('quizDefaultGameMode', settings.gameMode);
    if (settings.deck !== preferences.quizDefaultDeck) set('quizDefaultDeck', settings.deck);
    if (settings.showExample !== preferences.quizShowQuestionExample)
      set('quizShowQuestionExample', settings.showExample);
    try {
      localStorage.setItem(DIRECTION_KEY, settings.direction);
    } catch {
      // Not kept: the next visit asks from German again.
    }
    setDirection(settings.direction);
    setPhase({ name: 'loading', settings });
    try {
      const { cache, offline } = await loadQuizWords({
        deck: settings.deck,
        studyMode: settings.studyMode,
        savedWords: saved.words,
        recent: readRecent(settings.deck, settings.studyMode),
        now: Date.now(),
      });
      setPhase((current) =>
        current.name === 'loading'
          ? { name: 'playing', settings, cache, offline, round: Date.now() }
          : current,
      );
    } catch {
      setPhase({ name: 'error', settings });
    }
  };

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 py-4"
    >
      <div>
        <h1 id="page-title" className="page-title">
          {t('quiz.title')}
        </h1>
        {phase.name === 'setup' && (
          <p className="mt-1 text-stone-600 dark:text-stone-300">{t('quiz.subtitle')}</p>
        )}
      </div>
      {phase.name === 'setup' && (
        <QuizSetup
          owner={owner}
          signedIn={device.userId !== null}
          initial={{
            studyMode: preferences.quizDefaultStudyMode,
            gameMode: preferences.quizDefaultGameMode,
            deck: preferences.quizDefaultDeck,
            showExample: preferences.quizShowQuestionExample,
            direction,
          }}
          savedCount={saved.words.length}
          onStart={(settings) => void start(settings)}
        />
      )}
      {phase.name === 'loading' && <LoadingScreen message={t('quiz.loading')} />}
      {phase.name === 'error' && (
        <LoadError
          message={t('quiz.loadError')}
          retryLabel={t('quiz.retry')}
          onRetry={() => void start(phase.settings)}
        />
      )}
      {phase.name === 'playing' && (
        <QuizGame
          key={phase.round}
          settings={phase.settings}
          cache={phase.cache}
          offline={phase.offline}
          onEnd={(result) => setPhase({ name: 'over', settings: phase.settings, result })}
          onQuit={() => setPhase({ name: 'setup' })}
        />
      )}
      {phase.name === 'over' && (
        <QuizEnd
          owner={owner}
          signedIn={device.userId !== null}
          settings={phase.settings}
          result={phase.result}
          onPlayAgain={() => void start(phase.settings)}
          onChangeSettings={() => setPhase({ name: 'setup' })}
        />
      )}
    </section>
  );
}
