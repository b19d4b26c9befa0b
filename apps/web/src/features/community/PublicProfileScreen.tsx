import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { LoadError } from '../../components/LoadError';
import { LoadingScreen } from '../../components/Spinner';
import { ApiRequestError } from '../../lib/api';
import { CollectionCard } from './CollectionCard';
import { EmptyCard, formatCount, LevelBadge, Unavailable, valueText } from './CommunityParts';
import { type PublicProfile, usePublicProfileQuery } from './community-api';
import './texts';

/**
 * /community/u/:nickname: what a learner who chose to be shown makes public — and nothing more.
 * A learner who is not public (or no such nickname) gets one plain answer, whichever it is.
 */
export function PublicProfileScreen() {
  const { t } = useTranslation();
  const { nickname = '' } = useParams();
  const profile = usePublicProfileQuery(nickname);
  if (profile.data) return <ProfileView profile={profile.data} />;
  const error = profile.error;
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
    return (
      <Unavailable
        title={t('community.profile.notPublic')}
        body={t('community.profile.notPublicBody')}
        back="/community"
        backLabel={t('community.back')}
        testId="profile-not-public"
      />
    );
  }
  if (profile.isError) {
    return (
      <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl py-6">
        <h1 id="page-title" className="page-title mb-4">
          {t('pages.community')}
        </h1>
        <LoadError
          message={t('community.profile.failed')}
          retryLabel={t('community.retry')}
          onRetry={() => void profile.refetch()}
        />
      </section>
    );
  }
  return <LoadingScreen message={t('status.loadingCommunity')} />;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const stats = [
    ['streak', valueText(t, 'streak', profile.streak.current)],
    ['bestStreak', valueText(t, 'streak', profile.streak.best)],
    ['week', valueText(t, 'week', profile.points.week)],
    ['all', valueText(t, 'all', profile.points.all)],
    ['storiesRead', formatCount(profile.storiesRead)],
    ['wordsKnown', formatCount(profile.wordsKnown)],
  ] as const;
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 py-6"
      data-testid="public-profile"
    >
      <Link to="/community" className="text-link flex min-h-11 items-center gap-1 self-start">
        <ArrowLeft aria-hidden size={16} />
        {t('community.back')}
      </Link>
      <div className="flex items-center gap-4">
        <Avatar user={{ name: profile.nickname, email: '', image: profile.avatarUrl }} size={72} />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 id="page-title" className="page-title [overflow-wrap:anywhere]">
            {profile.nickname}
          </h1>
          <p className="flex items-center gap-2 text-stone-600 dark:text-stone-300">
            {t('community.profile.level')} <LevelBadge level={profile.level} />
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="public-profile-stats">
        {stats.map(([key, value]) => (
          <div
            key={key}
            className="flex flex-col-reverse gap-1 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
          >
            <dt className="text-sm text-stone-600 dark:text-stone-300">
              {t(`community.profile.stats.${key}`)}
            </dt>
            <dd className="font-bold text-xl tabular-nums" data-testid={`profile-stat-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="profile-collections" className="flex flex-col gap-3">
        <h2 id="profile-collections" className="font-semibold text-xl">
          {t('community.profile.collections')}
        </h2>
        {profile.collections.length === 0 ? (
          <EmptyCard testId="profile-collections-empty">
            <p>{t('community.profile.noCollections')}</p>
          </EmptyCard>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {profile.collections.map((collection) => (
              <li key={collection.id}>
                <CollectionCard collection={collection} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
