import type { ReactNode } from 'react';

/** A titled card of a page, e.g. one part of the profile. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;
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
