import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { useTranslation } from 'react-i18next';
import '../../texts/level';
import '../../texts/profile';

/** The six levels as buttons, each with what a learner at that level reads. */
export function LevelButtons({
  current,
  onChoose,
}: {
  current: Level | null;
  onChoose: (level: Level) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {LEVELS.map((level) => (
        <li key={level} className="flex">
          <button
            type="button"
            aria-pressed={current === level}
            onClick={() => onChoose(level)}
            data-testid={`level-${level}`}
            className="flex w-full flex-col items-start gap-0.5 rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-left hover:border-orange-400 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-2 aria-pressed:border-orange-600 aria-pressed:bg-orange-50 dark:border-stone-700 dark:bg-stone-900 dark:aria-pressed:border-orange-500 dark:aria-pressed:bg-orange-950/40 dark:hover:border-orange-700 dark:hover:bg-stone-800"
          >
            <span className="font-semibold text-stone-900 dark:text-stone-50">
              {t(`profile.details.levels.${level}`)}
            </span>
            <span className="text-sm text-stone-600 dark:text-stone-300">
              {t(`level.reads.${level}`)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
