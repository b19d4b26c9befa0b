import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { ArrowLeft, Library } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { LoadingScreen } from '../../components/Spinner';
import { useAuth } from '../../lib/session';
import { CollectionCard } from './CollectionCard';
import { EmptyCard, Pager } from './CommunityParts';
import { type CollectionSort, useCollectionsQuery, useMyCollectionsQuery } from './community-api';
import {
  COLLECTION_SORTS,
  levelFromParam,
  pageCount,
  pageFromParam,
  sortFromParam,
} from './community-model';
import './texts';

const SELECT =
  'min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100';

/**
 * /community/collections: the public collections (newest or most used, by level, 20 a page) and,
 * for a signed-in learner, their own — link-only and hidden ones marked. Filters live in the
 * address (?sort=&level=&page=).
 */
export function CollectionsScreen() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const [params, setParams] = useSearchParams();
  const sort = sortFromParam(params.get('sort'));
  const level = levelFromParam(params.get('level'));
  const page = pageFromParam(params.get('page'));
  const set = (change: { sort?: CollectionSort; level?: Level | 'all'; page?: number }) => {
    const next = new URLSearchParams(params);
    const value = { sort, level, page: 1, ...change };
    if (value.sort === 'newest') next.delete('sort');
    else next.set('sort', value.sort);
    if (value.level === 'all') next.delete('level');
    else next.set('level', value.level);
    if (value.page === 1) next.delete('page');
    else next.set('page', String(value.page));
    setParams(next, { replace: change.page === undefined });
  };

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 py-6"
      data-testid="collections"
    >
      <Link to="/community" className="text-link flex min-h-11 items-center gap-1 self-start">
        <ArrowLeft aria-hidden size={16} />
        {t('community.back')}
      </Link>
      <div>
        <h1 id="page-title" className="page-title">
          {t('community.collections.title')}
        </h1>
        <p className="text-stone-600 dark:text-stone-300">{t('community.collections.subtitle')}</p>
      </div>
      {status === 'signed-in' && user && <MyCollections userId={user.id} />}
      {status === 'signed-out' && (
        <p className="text-sm text-stone-600 dark:text-stone-300" data-testid="collections-guest">
          {t('community.collections.guest')}{' '}
          <Link className="text-link" to="/signup">
            {t('nav.signup')}
          </Link>
        </p>
      )}
      <PublicCollections
        sort={sort}
        level={level}
        page={page}
        onSort={(value) => set({ sort: value })}
        onLevel={(value) => set({ level: value })}
        onPage={(value) => set({ page: value })}
      />
    </section>
  );
}

function MyCollections({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const mine = useMyCollectionsQuery(userId);
  return (
    <section
      aria-labelledby="my-collections"
      className="flex flex-col gap-3"
      data-testid="my-collections"
    >
      <h2 id="my-collections" className="font-semibold text-xl">
        {t('community.collections.mine')}
      </h2>
      {mine.isPending ? (
        <p role="status">{t('status.loadingCommunity')}</p>
      ) : mine.isError ? (
        <LoadError
          message={t('community.collections.failed')}
          retryLabel={t('community.retry')}
          onRetry={() => void mine.refetch()}
        />
      ) : mine.data.items.length === 0 ? (
        <EmptyCard testId="my-collections-empty">
          <p>{t('community.collections.mineEmpty')}</p>
          <Link className="text-link py-2" to="/vocabulary?deck=saved">
            {t('community.collections.shareFromList')}
          </Link>
        </EmptyCard>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {mine.data.items.map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PublicCollections({
  sort,
  level,
  page,
  onSort,
  onLevel,
  onPage,
}: {
  sort: CollectionSort;
  level: Level | 'all';
  page: number;
  onSort: (sort: CollectionSort) => void;
  onLevel: (level: Level | 'all') => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const list = useCollectionsQuery(sort, level, page);
  const sortId = useId();
  const levelId = useId();
  const data = list.data;
  return (
    <section aria-labelledby="public-collections" className="flex flex-col gap-3">
      <h2 id="public-collections" className="font-semibold text-xl">
        {t('community.collections.public')}
      </h2>
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={sortId} className="font-medium text-sm">
            {t('community.collections.sort')}
          </label>
          <select
            id={sortId}
            className={SELECT}
            value={sort}
            onChange={(event) => onSort(sortFromParam(event.target.value))}
            data-testid="collections-sort"
          >
            {COLLECTION_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`community.collections.sorts.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={levelId} className="font-medium text-sm">
            {t('community.collections.level')}
          </label>
          <select
            id={levelId}
            className={SELECT}
            value={level}
            onChange={(event) => onLevel(levelFromParam(event.target.value))}
            data-testid="collections-level"
          >
            <option value="all">{t('community.collections.allLevels')}</option>
            {LEVELS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!data ? (
        list.isError ? (
          <LoadError
            message={t('community.collections.failed')}
            retryLabel={t('community.retry')}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingScreen message={t('status.loadingCommunity')} />
        )
      ) : data.items.length === 0 ? (
        <EmptyCard testId="collections-empty">
          <Library aria-hidden size={32} className="text-orange-600 dark:text-orange-400" />
          <p>{t('community.collections.empty')}</p>
        </EmptyCard>
      ) : (
        <ul
          className={`grid gap-3 sm:grid-cols-2 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={list.isPlaceholderData || undefined}
          data-testid="collections-list"
        >
          {data.items.map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={page}
          pages={pageCount(data.total, data.pageSize)}
          onPage={onPage}
          testId="collections-pager"
        />
      )}
    </section>
  );
}
