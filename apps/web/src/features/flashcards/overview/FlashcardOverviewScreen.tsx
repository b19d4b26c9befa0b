import { numberFormat } from '@lesefuchs/core/intl';
import type { CardCounts } from '@lesefuchs/core/srs/api';
import { GraduationCap, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { LoadingScreen } from '../../../components/Spinner';
import { currentLocale } from '../../../lib/i18n';
import { useAuth } from '../../../lib/session';
import { SRS_SETTINGS_ID, SrsSettingsPanel } from '../settings/SrsSettingsPanel';
import { OverviewTabs } from './OverviewTabs';
import { useOverviewQuery, useOverviewRealtime } from './overview-api';
import { StudyStats } from './StudyStats';
import '../../../texts/flashcardOverview';

/** /flashcard-overview: the learner's cards by state, the three lists, statistics and settings. */
export function FlashcardOverviewScreen() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  if (status === 'checking') return <LoadingScreen message={t('status.checkingAuth')} />;
  if (!user) {
    return (
      <SignInPrompt
        title={t('flashcardOverview.title')}
        message={t('flashcardOverview.signInPrompt')}
      />
    );
  }
  return <Overview userId={user.id} />;
}

function Overview({ userId }: { userId: string }) {
  const { t } = useTranslation();
  useOverviewRealtime(userId);
  return (
    <section aria-labelledby="page-title" className="flex w-full flex-col gap-6 py-2 sm:py-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="page-title" className="page-title">
            {t('flashcardOverview.title')}
          </h1>
          <p className="mt-1 text-stone-600 dark:text-stone-300">
            {t('flashcardOverview.subtitle')}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/study/flashcards" className="button-primary">
            <GraduationCap aria-hidden size={18} />
            {t('flashcardOverview.studyNow')}
          </Link>
          <a href={`#${SRS_SETTINGS_ID}`} className="button-secondary">
            <Settings aria-hidden size={18} />
            {t('flashcardOverview.settingsLink')}
          </a>
        </div>
      </div>

      <CountsSummary userId={userId} />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="cards-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="cards-title" className="sr-only">
            {t('flashcardOverview.cardsTitle')}
          </h2>
          <OverviewTabs userId={userId} />
        </section>
        <aside aria-label={t('flashcardOverview.stats.label')} className="min-w-0">
          <StudyStats userId={userId} />
        </aside>
      </div>

      <SrsSettingsPanel userId={userId} />
    </section>
  );
}

const COUNT_KEYS = [
  'new',
  'learning',
  'review',
  'relearning',
  'due',
  'leeches',
  'suspended',
] as const satisfies readonly (keyof CardCounts)[];

/** How many cards the learner has in each state, and how many are due or held back. */
function CountsSummary({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const overview = useOverviewQuery(userId);
  const counts = overview.data?.counts;
  const number = numberFormat(currentLocale());
  return (
    <section aria-labelledby="counts-title" className="flex flex-col gap-2">
      <h2 id="counts-title" className="font-semibold text-lg">
        {counts
          ? t('flashcardOverview.counts.title', { count: counts.total })
          : t('flashcardOverview.counts.titleLoading')}
      </h2>
      {overview.isError && !counts ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {t('flashcardOverview.counts.failed')}
        </p>
      ) : (
        <dl className="grid grid-cols-4 gap-2 lg:grid-cols-7" aria-busy={counts ? undefined : true}>
          {COUNT_KEYS.map((key) => (
            <div
              key={key}
              className={`rounded-xl border px-2 py-2 sm:px-3 ${
                key === 'due'
                  ? 'border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950/40'
                  : 'border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900'
              }`}
              data-testid={`count-${key}`}
            >
              <dt className="text-stone-600 text-xs dark:text-stone-300">
                {t(`flashcardOverview.counts.${key}`)}
              </dt>
              <dd className="font-semibold text-xl tabular-nums sm:text-2xl">
                {counts ? (
                  number.format(counts[key])
                ) : (
                  <span
                    aria-hidden
                    className="inline-block h-6 w-8 animate-pulse rounded bg-stone-200 align-middle dark:bg-stone-700"
                  />
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
