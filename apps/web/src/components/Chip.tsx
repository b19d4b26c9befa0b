import type { ReactNode } from 'react';

/** A toggle chip of a filter (levels, topics, decks): pressed or not. */
export function Chip({
  pressed,
  onClick,
  label,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  /** The accessible name, when it says more than the visible text. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 ${pressed ? 'border-orange-700 bg-orange-700 text-white dark:border-orange-400 dark:bg-orange-400 dark:text-stone-950' : 'border-stone-300 text-stone-700 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-200 dark:hover:bg-stone-800'}`}
    >
      {children}
    </button>
  );
}
