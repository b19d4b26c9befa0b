import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A route whose screen is not built yet. It says so plainly instead of showing controls that do
 * nothing; the issue that builds the screen replaces it.
 */
export function PlannedScreen({
  title,
  headingId = 'page-title',
  children,
}: {
  title: string;
  headingId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-2xl py-8">
      <h1 id={headingId} className="page-title">
        {title}
      </h1>
      {children}
      <p className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 border-dashed bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200">
        <Construction aria-hidden className="mt-0.5 shrink-0" size={20} />
        <span>{t('pages.notBuilt')}</span>
      </p>
    </section>
  );
}
