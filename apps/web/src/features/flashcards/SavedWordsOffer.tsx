import { BookmarkPlus, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/Form';
import '../../texts/flashcards';

/**
 * "You have 3 saved words that are not cards yet" with the one button that makes them into
 * cards (Get Cards on the saved words) and starts studying them.
 */
export function SavedWordsOffer({
  count,
  busy,
  error,
  onMake,
}: {
  count: number;
  busy: boolean;
  error: string | null;
  onMake: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="saved-words-offer"
      className="flex flex-col gap-3 rounded-2xl border border-orange-200 bg-orange-50 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:p-5 dark:border-orange-900/70 dark:bg-orange-950/40"
      data-testid="saved-words-offer"
    >
      <div className="flex items-start gap-3">
        <BookmarkPlus
          aria-hidden
          size={22}
          className="mt-0.5 shrink-0 text-orange-700 dark:text-orange-300"
        />
        <div className="flex flex-col gap-1">
          <h2 id="saved-words-offer" className="font-semibold text-stone-900 dark:text-stone-50">
            {t('flashcards.offer.title', { count })}
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {t('flashcards.offer.body', { count })}
          </p>
        </div>
      </div>
      <button
        type="button"
        className="button-primary min-h-11 shrink-0 justify-center"
        onClick={onMake}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <Loader2 aria-hidden size={16} className="motion-safe:animate-spin" />}
        {t('flashcards.offer.button', { count })}
      </button>
      {error && (
        <div className="sm:basis-full">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
    </section>
  );
}
