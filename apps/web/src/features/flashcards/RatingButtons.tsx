import type { SchedulePreviews } from '@lesefuchs/core/srs/preview';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import { Eye } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardInUse } from '../../lib/keyboard-in-use';
import '../../texts/flashcards';

/** The three buttons the interface shows (spec 3 §4); hard is for the scheduler only. */
export const SHOWN_RATINGS = ['again', 'good', 'easy'] as const satisfies readonly Rating[];

const STYLE: Record<(typeof SHOWN_RATINGS)[number], string> = {
  again:
    'border-red-300 bg-red-50 text-red-900 hover:bg-red-100 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100 dark:hover:bg-red-900/60',
  good: 'border-green-300 bg-green-50 text-green-900 hover:bg-green-100 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100 dark:hover:bg-green-900/60',
  easy: 'border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100 dark:hover:bg-sky-900/60',
};

/**
 * Whether the element has been in view since it appeared (spec 3 §2: the rating buttons stay
 * disabled until the rating area has been scrolled into view). Without IntersectionObserver
 * it counts as seen.
 */
function useSeen(element: HTMLElement | null): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { threshold: 0.6 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}

/**
 * The answer area under the card: "Show answer" on the question, then again / good / easy,
 * each with the time the card would come back.
 */
export function RatingButtons({
  revealed,
  previews,
  onReveal,
  onRate,
}: {
  revealed: boolean;
  previews: SchedulePreviews;
  onReveal: () => void;
  onRate: (rating: Rating) => void;
}) {
  const { t } = useTranslation();
  const keyboard = useKeyboardInUse();
  const [area, setArea] = useState<HTMLDivElement | null>(null);
  const seen = useSeen(area);

  // On reveal, the buttons come into view (the learner should not have to hunt for them).
  useEffect(() => {
    if (revealed) area?.scrollIntoView?.({ block: 'nearest' });
  }, [revealed, area]);

  return (
    <div
      ref={setArea}
      role="group"
      aria-label={t('flashcards.rate.label')}
      className="flex flex-col gap-2"
    >
      {revealed ? (
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          {SHOWN_RATINGS.map((rating, index) => (
            <button
              key={rating}
              type="button"
              disabled={!seen}
              aria-keyshortcuts={String(index + 1)}
              aria-label={t('flashcards.rate.name', {
                rating: t(`flashcards.rate.${rating}`),
                time: previews[rating].label,
              })}
              onClick={() => onRate(rating)}
              className={`flex flex-col items-center gap-0.5 rounded-2xl border px-2 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-50 ${STYLE[rating]}`}
            >
              <span>{t(`flashcards.rate.${rating}`)}</span>
              <span data-next-time={rating} className="font-normal text-sm tabular-nums">
                {previews[rating].label}
              </span>
            </button>
          ))}
        </div>
      ) : (
        <button
          type="button"
          aria-keyshortcuts="Space"
          onClick={onReveal}
          className="button-primary justify-center py-3 text-base"
        >
          <Eye aria-hidden size={18} />
          {t('flashcards.card.showAnswer')}
        </button>
      )}
      <p className="text-center text-stone-500 text-xs dark:text-stone-400">
        {keyboard ? t('flashcards.rate.keys') : t('flashcards.rate.keysTouch')}
      </p>
    </div>
  );
}
