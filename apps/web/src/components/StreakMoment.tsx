import { Flame } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * "Day 3 of your streak": the streak moment at the end of the day's first activity (issue #19),
 * one small pop that `prefers-reduced-motion` turns off (`.streak-pop` in index.css).
 */
export function StreakMoment({
  days,
  className = 'self-start',
}: {
  days: number;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <p
      className={`streak-pop inline-flex items-center gap-2 rounded-full bg-orange-100 px-3 py-1.5 font-semibold text-orange-900 dark:bg-orange-950 dark:text-orange-200 ${className}`}
      data-testid="streak-moment"
    >
      <Flame aria-hidden size={18} />
      {t('streak.moment', { count: days })}
    </p>
  );
}
