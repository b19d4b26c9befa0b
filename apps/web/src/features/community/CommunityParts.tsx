import { numberFormat } from '@lesefuchs/core/intl';
import type { TFunction } from 'i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../lib/i18n';
import type { Board } from './community-api';
import './texts';

// Small pieces the community screens share.

/** "37 points" or "5 days", the number in the interface's locale. */
export function valueText(t: TFunction, board: Board, value: number): string {
  const n = numberFormat(currentLocale()).format(value);
  return board === 'streak'
    ? t('community.value.days', { count: value, n })
    : t('community.value.points', { count: value, n });
}

/** A count in the interface's locale ("1.234" in Spanish). */
export const formatCount = (value: number) => numberFormat(currentLocale()).format(value);

export function LevelBadge({ level }: { level: string }) {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-stone-100 px-2 py-0.5 font-semibold text-stone-700 text-xs dark:bg-stone-800 dark:text-stone-200">
      {level}
    </span>
  );
}

/** A badge of a collection's state (link-only, hidden). */
export function StateBadge({ tone, children }: { tone: 'info' | 'warning'; children: ReactNode }) {
  const styles =
    tone === 'warning'
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
      : 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 font-medium text-xs ${styles}`}
    >
      {children}
    </span>
  );
}

/** Previous / "Page 2 of 7" / next, each button a full tap target. */
export function Pager({
  page,
  pages,
  onPage,
  testId,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav
      aria-label={t('community.pager.label')}
      className="flex items-center justify-between gap-2"
      data-testid={testId}
    >
      <button
        type="button"
        className="button-secondary min-h-11 px-3"
        disabled={page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
        data-testid={`${testId}-previous`}
      >
        <ChevronLeft aria-hidden size={18} />
        {t('community.pager.previous')}
      </button>
      <p className="text-center text-sm tabular-nums" data-testid={`${testId}-page`}>
        {t('community.pager.page', { page: formatCount(page), pages: formatCount(pages) })}
      </p>
      <button
        type="button"
        className="button-secondary min-h-11 px-3"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid={`${testId}-next`}
      >
        {t('community.pager.next')}
        <ChevronRight aria-hidden size={18} />
      </button>
    </nav>
  );
}

/** A plain message card for something that is not there, with the way back. */
export function Unavailable({
  title,
  body,
  back,
  backLabel,
  testId,
}: {
  title: string;
  body: string;
  back: string;
  backLabel: string;
  testId: string;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-2xl flex-col gap-3 py-8"
      data-testid={testId}
    >
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      <p className="text-stone-600 dark:text-stone-300">{body}</p>
      <Link className="text-link self-start py-2" to={back}>
        {backLabel}
      </Link>
    </section>
  );
}

/** An empty list: a dashed card with its message and what to do next. */
export function EmptyCard({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-2xl border border-stone-300 border-dashed p-6 text-center text-stone-600 dark:border-stone-700 dark:text-stone-300"
      data-testid={testId}
    >
      {children}
    </div>
  );
}
