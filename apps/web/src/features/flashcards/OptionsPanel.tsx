import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../../texts/flashcards';

/**
 * The session options. On a narrow screen they fold away while a session runs, so the card
 * is in view; a button with the current deck opens them again.
 */
export function OptionsPanel({
  foldable,
  open,
  onOpen,
  summary,
  children,
}: {
  foldable: boolean;
  open: boolean;
  onOpen: (open: boolean) => void;
  summary: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const shown = !foldable || open;
  return (
    <section
      aria-label={t('flashcards.options')}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      {foldable && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => onOpen(!open)}
          className="-m-1 flex items-center justify-between gap-2 rounded-lg p-1 text-left font-medium text-sm text-stone-800 focus-visible:outline-2 focus-visible:outline-orange-600 dark:text-stone-200"
        >
          <span>
            {t('flashcards.options')}
            <span className="font-normal text-stone-600 dark:text-stone-400"> · {summary}</span>
          </span>
          <ChevronDown
            aria-hidden
            size={18}
            className={`transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      )}
      <div id={id} hidden={!shown} className="flex flex-col gap-4">
        {children}
      </div>
    </section>
  );
}
