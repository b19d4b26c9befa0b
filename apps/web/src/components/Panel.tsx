import { type ReactNode, useId } from 'react';

/** A titled card of a page, e.g. one part of the profile. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  // useId, not the title: titles in Korean have no word characters and would all share one id.
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}
