import { type ReactNode, useId } from 'react';

/** A titled card of a page, e.g. one part of the profile. */
export function Panel({
  title,
  children,
  compact = false,
}: {
  title: string;
  children: ReactNode;
  /** Tighter spacing, for panels of figures. */
  compact?: boolean;
}) {
  // useId, not the title: titles in Korean have no word characters and would all share one id.
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`flex flex-col rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900 ${
        compact ? 'gap-3 p-4 sm:p-5' : 'gap-4 p-5'
      }`}
    >
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}
