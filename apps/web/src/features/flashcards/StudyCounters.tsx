import { useTranslation } from 'react-i18next';
import type { StudyCounts } from './study-state';
import '../../texts/flashcards';

/** The counters of spec 3 §2: new, learning and review cards still to study, and "x of y". */
export function StudyCounters({ counts }: { counts: StudyCounts }) {
  const { t } = useTranslation();
  const items = [
    ['new', counts.new, 'text-sky-800 dark:text-sky-300'],
    ['learning', counts.learning, 'text-orange-800 dark:text-orange-300'],
    ['review', counts.review, 'text-green-800 dark:text-green-300'],
  ] as const;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <dl
        aria-label={t('flashcards.counters.label')}
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
      >
        {items.map(([key, value, color]) => (
          <div key={key} className="flex items-baseline gap-1.5">
            <dt className="text-stone-600 dark:text-stone-400">
              {t(`flashcards.counters.${key}`)}
            </dt>
            <dd className={`font-semibold tabular-nums ${color}`} data-counter={key}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p
        className="font-medium text-sm text-stone-700 tabular-nums dark:text-stone-300"
        data-counter="progress"
      >
        {t('flashcards.counters.progress', {
          done: counts.done,
          total: counts.inSession,
        })}
      </p>
    </div>
  );
}
