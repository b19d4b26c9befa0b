import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { formatCount, LevelBadge, valueText } from './CommunityParts';
import type { Board, BoardRow, OwnRow } from './community-api';
import { type OwnRowPlace, profileHref } from './community-model';
import { VisibilitySwitch } from './VisibilitySwitch';
import './texts';

const CARD =
  'flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900';

/** A page of a board: rank, avatar, nickname (to the profile), level and value; own row marked. */
export function BoardRows({
  board,
  rows,
  ownIndex,
  busy,
}: {
  board: Board;
  rows: readonly BoardRow[];
  ownIndex: number | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ol
      aria-label={t(`community.boards.${board}`)}
      aria-busy={busy || undefined}
      className={`flex flex-col divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900 ${busy ? 'opacity-60' : ''}`}
      data-testid="board-rows"
    >
      {rows.map((row, index) => {
        const own = index === ownIndex;
        return (
          <li
            key={row.nickname}
            data-testid="board-row"
            data-rank={row.rank}
            data-nickname={row.nickname}
            data-value={row.value}
            data-own={own || undefined}
            aria-current={own || undefined}
            className={`flex items-center gap-3 px-3 py-1.5 sm:px-4 ${own ? 'bg-orange-50 dark:bg-orange-950/50' : ''}`}
          >
            <span
              className="w-9 shrink-0 text-right font-bold tabular-nums"
              data-testid="board-rank"
            >
              {t('community.board.rank', { rank: formatCount(row.rank) })}
            </span>
            <Avatar user={{ name: row.nickname, email: '', image: row.avatarUrl }} size={36} />
            <div className="flex min-w-0 flex-1 flex-col">
              <Link
                to={profileHref(row.nickname)}
                className="flex min-h-11 items-center font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
                data-testid="board-nickname"
              >
                <span className="truncate">{row.nickname}</span>
              </Link>
              <span className="-mt-2 flex flex-wrap items-center gap-x-2 pb-1">
                <LevelBadge level={row.level} />
                {own && (
                  <span className="font-semibold text-orange-800 text-xs dark:text-orange-300">
                    {t('community.board.you')}
                  </span>
                )}
                {/* On a phone the value goes under the nickname, which keeps its width. */}
                <span className="font-semibold text-sm tabular-nums sm:hidden">
                  {valueText(t, board, row.value)}
                </span>
              </span>
            </div>
            <span
              className="hidden shrink-0 text-right font-semibold tabular-nums sm:inline"
              data-testid="board-value"
            >
              {valueText(t, board, row.value)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The learner's own row, always in view: pinned below the list ("You: #143 · 37 points") when
 * it is not on this page, a hint when not ranked yet, and the switch to leave the boards.
 */
export function OwnRowCard({
  board,
  me,
  place,
  userId,
}: {
  board: Board;
  me: OwnRow;
  place: OwnRowPlace;
  userId: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border-2 border-orange-300 bg-orange-50 p-4 dark:border-orange-800 dark:bg-orange-950/40"
      data-testid="board-own-row"
      data-place={place.kind}
    >
      {place.kind !== 'on-page' && (
        <div className="flex items-center gap-3">
          <Avatar user={{ name: me.nickname, email: '', image: me.avatarUrl }} size={36} />
          <div className="min-w-0">
            <p className="font-semibold" data-testid="board-own-summary">
              {place.kind === 'pinned'
                ? t('community.own.ranked', {
                    rank: formatCount(place.rank),
                    value: valueText(t, board, place.value),
                  })
                : t('community.own.unranked', { value: valueText(t, board, me.value) })}
            </p>
            {place.kind === 'unranked' && (
              <p className="text-sm text-stone-700 dark:text-stone-300">
                {board === 'streak'
                  ? t('community.own.unrankedStreak')
                  : t('community.own.unrankedPoints')}
              </p>
            )}
          </div>
        </div>
      )}
      {place.kind === 'on-page' && <p className="text-sm">{t('community.own.onPage')}</p>}
      <VisibilitySwitch userId={userId} current={me.public} />
    </div>
  );
}

/** A signed-in learner who is not shown: what becomes public, and the switch. */
export function PrivateCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const items = ['nickname', 'level', 'streak', 'points', 'counts', 'collections'] as const;
  return (
    <section aria-labelledby={id} className={CARD} data-testid="community-private">
      <h2 id={id} className="font-semibold text-lg">
        {t('community.private.title')}
      </h2>
      <p>{t('community.private.body')}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {items.map((item) => (
          <li key={item}>{t(`community.private.items.${item}`)}</li>
        ))}
      </ul>
      <p className="text-sm text-stone-600 dark:text-stone-300">{t('community.private.never')}</p>
      <VisibilitySwitch userId={userId} current={false} />
    </section>
  );
}

/** A guest sees the boards, and how to get on them. */
export function GuestCard() {
  const { t } = useTranslation();
  return (
    <div className={CARD} data-testid="community-guest">
      <p className="font-semibold">{t('community.guest.title')}</p>
      <p className="text-stone-700 dark:text-stone-300">{t('community.guest.body')}</p>
      <div className="flex flex-wrap gap-3">
        <Link className="button-primary min-h-11" to="/signup">
          {t('nav.signup')}
        </Link>
        <Link className="button-secondary min-h-11" to="/login">
          {t('nav.login')}
        </Link>
      </div>
    </div>
  );
}

/** "How points work": the formula, so nobody has to guess (or game) it. */
export function PointsHelp() {
  const { t } = useTranslation();
  const rules = ['story', 'card', 'quiz', 'week', 'streak'] as const;
  return (
    <details
      className="rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
      data-testid="points-help"
    >
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold focus-visible:outline-2 focus-visible:outline-orange-600">
        {t('community.help.title')}
      </summary>
      <ul className="flex list-disc flex-col gap-1 px-4 pb-4 pl-9 text-stone-700 dark:text-stone-300">
        {rules.map((rule) => (
          <li key={rule}>{t(`community.help.${rule}`)}</li>
        ))}
      </ul>
    </details>
  );
}
