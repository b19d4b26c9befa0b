import type { Level } from '@lesefuchs/core/content/taxonomy';
import { Check, Compass } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Panel } from '../../components/Panel';
import { LevelButtons } from './LevelButtons';
import { CHECK_WORDS, type CheckResult, scoreCheck } from './level-check';
import { useLevelChoice } from './use-level-choice';
import '../../texts/level';
import '../../texts/profile';

/**
 * /level: the learner's level, chosen from the six or found with the word check ("Help me
 * choose", issue #19). A choice sets where the story list starts, and opens it.
 */
export function LevelScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { level, choose } = useLevelChoice();
  const [checking, setChecking] = useState(params.get('check') === '1');

  const chooseAndRead = (chosen: Level) => {
    choose(chosen);
    void navigate('/stories');
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 id="page-title" className="page-title">
          {t('level.title')}
        </h1>
        <p className="mt-1 text-stone-600 dark:text-stone-300">{t('level.intro')}</p>
      </div>
      {checking ? (
        <WordCheck onChoose={chooseAndRead} onCancel={() => setChecking(false)} />
      ) : (
        <Panel title={t('level.pick')}>
          <LevelButtons current={level} onChoose={chooseAndRead} />
          <button
            type="button"
            className="button-secondary mt-4 self-start"
            onClick={() => setChecking(true)}
          >
            <Compass aria-hidden size={16} />
            {t('level.prompt.help')}
          </button>
        </Panel>
      )}
      <p className="text-sm text-stone-600 dark:text-stone-300">
        {t('level.changeLater')}{' '}
        <Link to="/settings" className="text-link">
          {t('nav.settings')}
        </Link>
      </p>
    </section>
  );
}

/** The 40 words: the learner taps the ones they know, then sees the level they point to. */
function WordCheck({
  onChoose,
  onCancel,
}: {
  onChoose: (level: Level) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const [known, setKnown] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<CheckResult | null>(null);

  const toggle = (word: string) => {
    setResult(null);
    setKnown((previous) => {
      const next = new Set(previous);
      if (next.has(word)) next.delete(word);
      else next.add(word);
      return next;
    });
  };

  const score = () => {
    setResult(scoreCheck(known));
    // The result is read out and scrolled into view where the button was.
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      <div>
        <h2 id={headingId} className="font-semibold text-lg">
          {t('level.check.title')}
        </h2>
        <p className="mt-1 text-stone-600 dark:text-stone-300">{t('level.check.body')}</p>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={t('level.check.words')} lang="de">
        {CHECK_WORDS.map(({ word }) => {
          const pressed = known.has(word);
          return (
            <li key={word}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => toggle(word)}
                data-testid="check-word"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3.5 py-2 text-stone-800 hover:border-orange-400 focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-2 aria-pressed:border-orange-600 aria-pressed:bg-orange-600 aria-pressed:text-white dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:aria-pressed:border-orange-500 dark:aria-pressed:bg-orange-500 dark:aria-pressed:text-stone-950"
              >
                {pressed && <Check aria-hidden size={16} />}
                {word}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
        {t('level.check.count', { count: known.size })}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="button-primary" onClick={score}>
          {t('level.check.score')}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t('level.check.back')}
        </button>
      </div>
      {result && (
        <div
          ref={resultRef}
          tabIndex={-1}
          role="status"
          data-testid="check-result"
          className="flex flex-col gap-3 rounded-xl border border-orange-300 bg-orange-50 p-4 focus:outline-none dark:border-orange-900 dark:bg-orange-950/30"
        >
          <p className="font-semibold text-lg">
            {t('level.check.result', { level: t(`profile.details.levels.${result.level}`) })}
          </p>
          <p className="text-stone-700 dark:text-stone-200">
            {result.guessing >= 0.5 ? t('level.check.guessing') : t(`level.reads.${result.level}`)}
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="button-primary" onClick={() => onChoose(result.level)}>
              {t('level.check.read', { level: result.level })}
            </button>
            <button type="button" className="button-secondary" onClick={onCancel}>
              {t('level.check.other')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
