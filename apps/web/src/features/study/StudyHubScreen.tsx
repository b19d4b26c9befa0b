import { numberFormat } from '@lesefuchs/core/intl';
import { GraduationCap, LayoutList, Puzzle } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../lib/i18n';
import { useOnline, useRetryWhenOnline } from '../../lib/online';
import { useAuth } from '../../lib/session';
import { countQueuedCards } from '../flashcards/live-queue-store';
import { useOverviewQuery, useOverviewRealtime } from '../flashcards/overview/overview-api';
import '../../texts/study';

/** /study: where studying starts — flashcards with what is waiting, the overview, the quiz. */
export function StudyHubScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 py-4"
    >
      <div>
        <h1 id="page-title" className="page-title">
          {t('study.title')}
        </h1>
        <p className="mt-1 text-stone-600 dark:text-stone-300">{t('study.subtitle')}</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        <li className="md:col-span-3">
          <HubTile
            to="/study/flashcards"
            icon={<GraduationCap aria-hidden size={28} />}
            title={t('study.flashcards.title')}
            body={t('study.flashcards.body')}
            prominent
          >
            {user ? (
              <FlashcardCounts userId={user.id} />
            ) : (
              <p className="text-sm text-stone-600 dark:text-stone-300">
                {t('study.flashcards.signIn')}
              </p>
            )}
          </HubTile>
        </li>
        <li className="md:col-span-2">
          <HubTile
            to="/flashcard-overview"
            icon={<LayoutList aria-hidden size={28} />}
            title={t('study.overview.title')}
            body={t('study.overview.body')}
          />
        </li>
        <li>
          <HubTile
            to="/study/quiz"
            icon={<Puzzle aria-hidden size={28} />}
            title={t('study.quiz.title')}
            body={t('study.quiz.body')}
          />
        </li>
      </ul>
    </section>
  );
}

/**
 * A whole-tile link: the title is the link (its name is the title alone), the rest of the tile
 * is clickable through a stretched pseudo-element.
 */
function HubTile({
  to,
  icon,
  title,
  body,
  prominent = false,
  children,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  body: string;
  prominent?: boolean;
  children?: ReactNode;
}) {
  return (
    <article
      className={`relative flex h-full flex-col gap-3 rounded-2xl border p-5 transition-colors has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-orange-600 has-[a:focus-visible]:outline-offset-2 ${
        prominent
          ? 'border-orange-300 bg-orange-50 hover:bg-orange-100 dark:border-orange-800 dark:bg-orange-950/40 dark:hover:bg-orange-950/70'
          : 'border-stone-200 bg-white hover:bg-stone-50 dark:border-stone-800 dark:bg-stone-900 dark:hover:bg-stone-800'
      }`}
    >
      <div className="flex items-center gap-3">
        <span className="text-orange-700 dark:text-orange-400">{icon}</span>
        <h2 className="font-semibold text-xl text-stone-900 dark:text-stone-50">
          <Link to={to} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
            {title}
          </Link>
        </h2>
      </div>
      <p className="text-stone-700 dark:text-stone-300">{body}</p>
      {children}
    </article>
  );
}

/** Cards due now and new cards waiting, for a signed-in learner. */
function FlashcardCounts({ userId }: { userId: string }) {
  const { t } = useTranslation();
  useOverviewRealtime(userId);
  const overview = useOverviewQuery(userId);
  const online = useOnline();
  // Offline (or the server failing): the cards of the queue kept on this device.
  const unreachable = overview.isError || (overview.isPending && !online);
  const deviceCounts = useMemo(
    () => (unreachable && !overview.data ? countQueuedCards(userId, Date.now()) : null),
    [unreachable, overview.data, userId],
  );
  useRetryWhenOnline(overview.isError, overview.refetch);
  if (deviceCounts)
    return <CountList counts={deviceCounts} note={t('study.flashcards.onDevice')} />;
  if (unreachable && !overview.data)
    return (
      <p className="text-sm text-stone-600 dark:text-stone-300" role="status">
        {online ? t('study.flashcards.failed') : t('study.flashcards.offline')}
      </p>
    );
  if (!overview.data)
    return (
      <p className="text-sm text-stone-600 dark:text-stone-300" role="status">
        {t('study.flashcards.loading')}
      </p>
    );
  return <CountList counts={overview.data.counts} />;
}

function CountList({ counts, note }: { counts: { due: number; new: number }; note?: string }) {
  const { t } = useTranslation();
  const number = numberFormat(currentLocale());
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-wrap gap-3" data-testid="study-flashcard-counts">
        <div className="rounded-xl bg-white px-4 py-2 dark:bg-stone-900">
          <dt className="text-stone-600 text-xs dark:text-stone-300">
            {t('study.flashcards.due')}
          </dt>
          <dd className="font-semibold text-2xl tabular-nums">{number.format(counts.due)}</dd>
        </div>
        <div className="rounded-xl bg-white px-4 py-2 dark:bg-stone-900">
          <dt className="text-stone-600 text-xs dark:text-stone-300">
            {t('study.flashcards.new')}
          </dt>
          <dd className="font-semibold text-2xl tabular-nums">{number.format(counts.new)}</dd>
        </div>
      </dl>
      {note && (
        <p className="text-sm text-stone-600 dark:text-stone-300" data-testid="study-counts-note">
          {note}
        </p>
      )}
    </div>
  );
}
