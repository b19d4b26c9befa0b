import * as Tabs from '@radix-ui/react-tabs';
import { Library, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { LoadingScreen } from '../../components/Spinner';
import { currentLocale } from '../../lib/i18n';
import { useAuth } from '../../lib/session';
import { EmptyCard, Pager } from './CommunityParts';
import { type Board, useLeaderboardQuery } from './community-api';
import {
  BOARDS,
  boardFromParam,
  ownRowPlace,
  pageCount,
  pageFromParam,
  weekStartLabel,
} from './community-model';
import { BoardRows, GuestCard, OwnRowCard, PointsHelp, PrivateCard } from './LeaderboardParts';
import './texts';

/**
 * /community (spec 1 §2): the leaderboard — this week's points, all-time points and streaks —
 * with the learner's own row always in view, the choice to be shown, and the way to the shared
 * collections. Board and page live in the address (?board=&page=), so a link shows the same.
 */
export function CommunityScreen() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const [params, setParams] = useSearchParams();
  const board = boardFromParam(params.get('board'));
  const page = pageFromParam(params.get('page'));
  const go = (next: { board?: Board; page?: number }) => {
    const search = new URLSearchParams(params);
    const nextBoard = next.board ?? board;
    const nextPage = next.page ?? (next.board ? 1 : page);
    if (nextBoard === 'week') search.delete('board');
    else search.set('board', nextBoard);
    if (nextPage === 1) search.delete('page');
    else search.set('page', String(nextPage));
    setParams(search, { replace: Boolean(next.board), preventScrollReset: Boolean(next.board) });
  };

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 py-6"
      data-testid="community"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="page-title" className="page-title">
            {t('pages.community')}
          </h1>
          <p className="text-stone-600 dark:text-stone-300">{t('community.subtitle')}</p>
        </div>
        <Link
          to="/community/collections"
          className="button-secondary min-h-11"
          data-testid="community-collections-link"
        >
          <Library aria-hidden size={18} />
          {t('community.collections.title')}
        </Link>
      </div>
      <Tabs.Root value={board} onValueChange={(value) => go({ board: boardFromParam(value) })}>
        <Tabs.List
          aria-label={t('community.boards.label')}
          className="grid grid-cols-3 gap-1 rounded-2xl border border-stone-200 bg-white p-1 dark:border-stone-800 dark:bg-stone-900"
        >
          {BOARDS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              data-testid={`board-tab-${value}`}
              className="min-h-11 rounded-xl px-2 py-2 text-center font-semibold text-sm leading-tight text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-2 data-[state=active]:bg-orange-700 data-[state=active]:text-white sm:px-4 dark:text-stone-200 dark:data-[state=active]:bg-orange-400 dark:data-[state=active]:text-stone-950 dark:hover:bg-stone-800"
            >
              {t(`community.boards.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {BOARDS.map((value) => (
          <Tabs.Content
            key={value}
            value={value}
            className="mt-4 flex flex-col gap-4 rounded-2xl focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-4"
          >
            {status === 'checking' ? (
              <LoadingScreen message={t('status.loadingCommunity')} />
            ) : (
              <BoardPanel
                userId={user?.id}
                board={value}
                page={page}
                onPage={(next) => go({ page: next })}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <PointsHelp />
    </section>
  );
}

function BoardPanel({
  userId,
  board,
  page,
  onPage,
}: {
  userId: string | undefined;
  board: Board;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const query = useLeaderboardQuery(userId, board, page);
  const data = query.data;
  if (!data) {
    if (query.isError)
      return (
        <LoadError
          message={t('community.board.failed')}
          retryLabel={t('community.retry')}
          onRetry={() => void query.refetch()}
        />
      );
    return <LoadingScreen message={t('status.loadingCommunity')} />;
  }
  const place = ownRowPlace(data.rows, data.me);
  const pages = pageCount(data.total, data.pageSize);
  const week = board === 'week' ? weekStartLabel(data.weekStart, currentLocale()) : null;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="font-semibold text-lg" data-testid="board-heading">
          {week ? t('community.board.weekOf', { date: week }) : t(`community.board.${board}`)}
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {t(`community.board.${board}Explain`)}
        </p>
      </div>
      {data.rows.length === 0 ? (
        <EmptyCard testId="board-empty">
          <Trophy aria-hidden size={32} className="text-orange-600 dark:text-orange-400" />
          <p className="font-semibold text-stone-900 dark:text-stone-50">
            {page > 1 ? t('community.board.pastEnd') : t('community.board.empty')}
          </p>
        </EmptyCard>
      ) : (
        <BoardRows
          board={board}
          rows={data.rows}
          ownIndex={place.kind === 'on-page' ? place.index : null}
          busy={query.isPlaceholderData}
        />
      )}
      {place.kind === 'guest' && <GuestCard />}
      {place.kind === 'private' && userId && <PrivateCard userId={userId} />}
      {(place.kind === 'pinned' || place.kind === 'unranked' || place.kind === 'on-page') &&
        data.me &&
        userId && <OwnRowCard board={board} me={data.me} place={place} userId={userId} />}
      <Pager page={page} pages={pages} onPage={onPage} testId="board-pager" />
    </>
  );
}
