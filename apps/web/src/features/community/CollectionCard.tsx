import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, LevelBadge, StateBadge } from './CommunityParts';
import type { CollectionSummary } from './community-api';
import { collectionHref, profileHref } from './community-model';
import './texts';

/** Who shared a collection: the creator's profile, or "Shared by a learner" when not public. */
export function CreatorLine({ creator }: { creator: CollectionSummary['creator'] }) {
  const { t } = useTranslation();
  if (!creator)
    return <span data-testid="collection-creator">{t('community.collection.anonymous')}</span>;
  return (
    <span className="min-w-0 truncate" data-testid="collection-creator">
      {t('community.collection.by')}{' '}
      <Link to={profileHref(creator.nickname)} className="text-link">
        {creator.nickname}
      </Link>
    </span>
  );
}

/** The badges of one's own collection: link-only, hidden by the operator. */
export function CollectionBadges({ collection }: { collection: CollectionSummary }) {
  const { t } = useTranslation();
  if (!collection.mine) return null;
  return (
    <>
      {collection.visibility === 'link' && (
        <StateBadge tone="info">{t('community.collection.linkOnly')}</StateBadge>
      )}
      {collection.hidden && (
        <StateBadge tone="warning">{t('community.collection.hiddenBadge')}</StateBadge>
      )}
    </>
  );
}

/** A collection in a list: name (to the collection), description, level, size, uses, creator. */
export function CollectionCard({
  collection,
  headingLevel = 3,
}: {
  collection: CollectionSummary;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="flex h-full min-w-0 flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
      data-testid="collection-card"
      data-id={collection.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <LevelBadge level={collection.level} />
        <span className="text-stone-600 text-xs dark:text-stone-400">
          {t(`community.collection.kinds.${collection.kind}`)}
        </span>
        <CollectionBadges collection={collection} />
      </div>
      <Heading className="font-semibold text-lg leading-snug [overflow-wrap:anywhere]">
        <Link
          to={collectionHref(collection.id)}
          className="hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
          data-testid="collection-card-link"
        >
          {collection.name}
        </Link>
      </Heading>
      {collection.description && (
        <p className="line-clamp-3 text-stone-700 [overflow-wrap:anywhere] dark:text-stone-300">
          {collection.description}
        </p>
      )}
      <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
        <span>
          {t('community.collection.words', {
            count: collection.wordCount,
            n: formatCount(collection.wordCount),
          })}
        </span>
        <span>
          {t('community.collection.uses', {
            count: collection.uses,
            n: formatCount(collection.uses),
          })}
        </span>
        <CreatorLine creator={collection.creator} />
      </p>
    </article>
  );
}
