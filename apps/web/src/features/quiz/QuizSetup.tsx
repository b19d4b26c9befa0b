import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { dateTimeFormat } from '@lesefuchs/core/intl';
import {
  QUIZ_DIRECTIONS,
  QUIZ_GAME_MODES,
  QUIZ_STUDY_MODES,
  type QuizDirection,
  type QuizGameMode,
  type QuizStudyMode,
} from '@lesefuchs/core/quiz/quiz';
import { Play } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Chip } from '../../components/Chip';
import { currentLocale } from '../../lib/i18n';
import { useOnline } from '../../lib/online';
import { formatDeck, parseDeck } from '../vocabulary/decks';
import { bestScore, pullScoreboard, useScoreboard } from './scoreboard';
import '../../texts/quiz';

export interface QuizSettings {
  studyMode: QuizStudyMode;
  gameMode: QuizGameMode;
  direction: QuizDirection;
  /** saved, database or level-A1(+A2…) */
  deck: string;
  showExample: boolean;
}

/** The choices before a game: study mode, direction, game mode, deck, example sentence. */
export function QuizSetup({
  owner,
  signedIn,
  initial,
  savedCount,
  onStart,
}: {
  owner: string;
  signedIn: boolean;
  initial: QuizSettings;
  savedCount: number;
  onStart: (settings: QuizSettings) => void;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [settings, setSettings] = useState<QuizSettings>(() => {
    // A deck in the address (a link from the vocabulary screen) wins over the default once.
    const fromAddress = parseDeck(params.get('deck'));
    const deck = fromAddress
      ? formatDeck(fromAddress)
      : parseDeck(initial.deck)
        ? initial.deck
        : 'database';
    return { ...initial, deck };
  });
  useEffect(() => {
    if (params.has('deck')) {
      const next = new URLSearchParams(params);
      next.delete('deck');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  const update = (change: Partial<QuizSettings>) =>
    setSettings((current) => ({ ...current, ...change }));
  const deck = parseDeck(settings.deck) ?? { source: 'database' as const, levels: [] };
  const toggleLevel = (level: Level) => {
    const levels = deck.levels.includes(level)
      ? deck.levels.filter((other) => other !== level)
      : [...deck.levels, level];
    update({ deck: formatDeck({ source: 'database', levels }) });
  };
  const savedEmpty = deck.source === 'saved' && savedCount === 0;

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!savedEmpty) onStart(settings);
      }}
    >
      <Choice
        legend={t('quiz.studyMode.label')}
        name="study-mode"
        options={QUIZ_STUDY_MODES.map((mode) => ({
          value: mode,
          label: t(`quiz.studyMode.${mode}`),
          description: t(`quiz.studyMode.${mode}Help`),
        }))}
        value={settings.studyMode}
        onChange={(studyMode) => update({ studyMode })}
      />
      {settings.studyMode === 'vocabulary' && (
        <Choice
          legend={t('quiz.direction.label')}
          name="direction"
          options={QUIZ_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`quiz.direction.${direction}`),
          }))}
          value={settings.direction}
          onChange={(direction) => update({ direction })}
        />
      )}
      <div data-tour="quiz-modes">
        <Choice
          legend={t('quiz.gameMode.label')}
          name="game-mode"
          options={QUIZ_GAME_MODES.map((mode) => ({
            value: mode,
            label: t(`quiz.gameMode.${mode}`),
            description: t(`quiz.gameMode.${mode}Help`),
          }))}
          value={settings.gameMode}
          onChange={(gameMode) => update({ gameMode })}
          wide
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-stone-800 dark:text-stone-100">
          {t('quiz.deck.label')}
        </legend>
        <div className="flex flex-wrap gap-2">
          <Chip
            pressed={deck.source === 'database' && deck.levels.length === 0}
            onClick={() => update({ deck: 'database' })}
          >
            {t('quiz.deck.database')}
          </Chip>
          <Chip pressed={deck.source === 'saved'} onClick={() => update({ deck: 'saved' })}>
            {t('quiz.deck.saved', { count: savedCount })}
          </Chip>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('quiz.deck.levels')}>
          {LEVELS.map((level) => (
            <Chip
              key={level}
              pressed={deck.source === 'database' && deck.levels.includes(level)}
              onClick={() => toggleLevel(level)}
            >
              {level}
            </Chip>
          ))}
        </div>
        {savedEmpty && (
          <p className="text-amber-900 text-sm dark:text-amber-200">{t('quiz.deck.savedEmpty')}</p>
        )}
      </fieldset>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="h-5 w-5 accent-orange-700"
          checked={settings.showExample}
          onChange={(event) => update({ showExample: event.currentTarget.checked })}
        />
        {t('quiz.showExample')}
      </label>
      <div>
        <button
          type="submit"
          className="button-primary inline-flex items-center gap-2 px-6 py-3 text-lg"
          data-tour="quiz-start"
          disabled={savedEmpty}
        >
          <Play aria-hidden size={20} />
          {t('quiz.start')}
        </button>
      </div>
      <ScoreboardPanel owner={owner} signedIn={signedIn} studyMode={settings.studyMode} />
    </form>
  );
}

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  wide = false,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string; description?: string }[];
  value: T;
  onChange: (value: T) => void;
  wide?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold text-stone-800 dark:text-stone-100">{legend}</legend>
      <div className={`grid gap-2 ${wide ? 'sm:grid-cols-2 lg:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-200 bg-white p-3 has-[:checked]:border-orange-600 has-[:checked]:bg-orange-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-orange-600 dark:border-stone-700 dark:bg-stone-900 dark:has-[:checked]:border-orange-400 dark:has-[:checked]:bg-stone-800"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-1 h-4 w-4 accent-orange-700"
            />
            <span className="flex flex-col">
              <span className="font-medium">{option.label}</span>
              {option.description && (
                <span className="text-sm text-stone-600 dark:text-stone-300">
                  {option.description}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The best score per game mode of the chosen study mode, and the last games. */
function ScoreboardPanel({
  owner,
  signedIn,
  studyMode,
}: {
  owner: string;
  signedIn: boolean;
  studyMode: QuizStudyMode;
}) {
  const { t } = useTranslation();
  const board = useScoreboard(owner);
  const online = useOnline();
  const headingId = useId();
  useEffect(() => {
    // Another device's games; the device's own board shows meanwhile and offline.
    if (signedIn && online) pullScoreboard(owner).catch(() => undefined);
  }, [owner, signedIn, online]);
  const date = dateTimeFormat(currentLocale(), { dateStyle: 'medium' });
  return (
    <section
      aria-labelledby={headingId}
      data-testid="quiz-scoreboard"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={headingId} className="font-semibold text-lg">
        {t('quiz.scoreboard.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {QUIZ_GAME_MODES.map((gameMode) => {
          const best = bestScore(board, { studyMode, gameMode });
          return (
            <div
              key={gameMode}
              className="flex flex-col rounded-lg bg-stone-50 p-2 dark:bg-stone-800"
              data-testid={`quiz-best-${gameMode}`}
            >
              <dt className="text-sm text-stone-600 dark:text-stone-300">
                {t(`quiz.gameMode.${gameMode}`)}
              </dt>
              <dd className="font-semibold text-xl tabular-nums">{best ? best.score : '–'}</dd>
            </div>
          );
        })}
      </dl>
      {board.recent.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">{t('quiz.scoreboard.empty')}</p>
      ) : (
        <>
          <h3 className="font-medium">{t('quiz.scoreboard.recent')}</h3>
          <ol className="flex flex-col divide-y divide-stone-200 text-sm dark:divide-stone-800">
            {board.recent.map((entry) => (
              <li key={`${entry.playedAt}-${entry.gameMode}`} className="flex gap-2 py-1.5">
                <span>
                  {t(`quiz.gameMode.${entry.gameMode}`)} · {t(`quiz.studyMode.${entry.studyMode}`)}
                </span>
                <span className="ml-auto font-semibold tabular-nums">{entry.score}</span>
                <span className="w-28 text-right text-stone-500 dark:text-stone-400">
                  {date.format(entry.playedAt)}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      {!signedIn && (
        <p className="text-sm text-stone-600 dark:text-stone-300">{t('quiz.scoreboard.guest')}</p>
      )}
    </section>
  );
}
