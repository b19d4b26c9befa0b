import type { FlashcardCard } from '@lesefuchs/core/srs/api';
import * as Tabs from '@radix-ui/react-tabs';
import { CircleCheck, Layers, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '../../../components/Form';
import { LoadError } from '../../../components/LoadError';
import { CardGroup, CardRow, StudiedTodayDetails, useNow } from './CardList';
import {
  OVERVIEW_LIST_LIMITS,
  useCardFlagMutation,
  useLeechesQuery,
  useOverviewQuery,
  useStudiedTodayQuery,
} from './overview-api';
import '../../../texts/flashcardOverview';

export const OVERVIEW_TABS = ['study', 'today', 'leeches'] as const;
export type OverviewTab = (typeof OVERVIEW_TABS)[number];

/** The tab named in the address (?tab=), or the first one. */
export function tabFromSearch(value: string | null): OverviewTab {
  return OVERVIEW_TABS.find((tab) => tab === value) ?? 'study';
}

/** The three tabs of spec 3 §2: cards to study, studied today, leeches and suspensions. */
export function OverviewTabs({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search.get('tab'));
  const select = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === 'study') next.delete('tab');
    else next.set('tab', value);
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  return (
    <Tabs.Root value={tab} onValueChange={select} className="flex flex-col gap-4">
      <Tabs.List
        aria-label={t('flashcardOverview.tabs.label')}
        className="grid grid-cols-3 gap-1 rounded-2xl border border-stone-200 bg-white p-1 dark:border-stone-800 dark:bg-stone-900"
      >
        {OVERVIEW_TABS.map((value) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="rounded-xl px-2 py-2 text-center font-semibold text-sm leading-tight text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-2 data-[state=active]:bg-orange-700 data-[state=active]:text-white sm:px-4 dark:text-stone-200 dark:data-[state=active]:bg-orange-400 dark:data-[state=active]:text-stone-950 dark:hover:bg-stone-800"
          >
            {t(`flashcardOverview.tabs.${value}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="study" className={PANEL}>
        <StudyTab userId={userId} />
      </Tabs.Content>
      <Tabs.Content value="today" className={PANEL}>
        <StudiedTodayTab userId={userId} />
      </Tabs.Content>
      <Tabs.Content value="leeches" className={PANEL}>
        <LeechesTab userId={userId} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

const PANEL =
  'flex flex-col gap-5 rounded-2xl focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-4';

function Loading({ message }: { message: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <span className="sr-only" role="status">
        {message}
      </span>
      {['a', 'b', 'c', 'd'].map((key) => (
        <div
          key={key}
          aria-hidden
          className="h-20 animate-pulse rounded-xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
        />
      ))}
    </div>
  );
}

/** A tab whose list could not be loaded; offline it says so and loads again by itself. */
function Failed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation();
  return <LoadError message={message} retryLabel={t('flashcardOverview.retry')} onRetry={retry} />;
}

function Empty({
  icon,
  title,
  body,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-stone-300 border-dashed bg-white px-5 py-10 text-center dark:border-stone-700 dark:bg-stone-900">
      {icon}
      <p className="font-semibold text-lg text-stone-900 dark:text-stone-50">{title}</p>
      <p className="max-w-md text-stone-600 dark:text-stone-300">{body}</p>
      {children}
    </div>
  );
}

const ICON = 'text-orange-600 dark:text-orange-400';

function StudyTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const overview = useOverviewQuery(userId);
  const now = useNow();
  if (overview.isPending) return <Loading message={t('flashcardOverview.loadingCards')} />;
  if (overview.isError)
    return (
      <Failed message={t('flashcardOverview.study.failed')} retry={() => void overview.refetch()} />
    );
  const { counts, due, learning } = overview.data;
  const fresh = overview.data.new;
  if (due.length + learning.length + fresh.length === 0) {
    return (
      <Empty
        icon={<Layers aria-hidden size={36} className={ICON} />}
        title={t('flashcardOverview.study.emptyTitle')}
        body={t('flashcardOverview.study.emptyBody')}
      >
        <Link to="/study/flashcards" className="button-primary">
          {t('flashcardOverview.studyNow')}
        </Link>
      </Empty>
    );
  }
  return (
    <>
      <CardGroup
        title={t('flashcardOverview.study.due')}
        cards={due}
        limit={OVERVIEW_LIST_LIMITS.due}
        total={counts.due}
        now={now}
      />
      <CardGroup
        title={t('flashcardOverview.study.learning')}
        cards={learning}
        limit={OVERVIEW_LIST_LIMITS.learning}
        total={counts.learning + counts.relearning}
        now={now}
      />
      <CardGroup
        title={t('flashcardOverview.study.new')}
        cards={fresh}
        limit={OVERVIEW_LIST_LIMITS.new}
        total={counts.new}
        now={now}
      />
    </>
  );
}

function StudiedTodayTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const studied = useStudiedTodayQuery(userId);
  const now = useNow();
  if (studied.isPending) return <Loading message={t('flashcardOverview.today.loading')} />;
  if (studied.isError)
    return (
      <Failed message={t('flashcardOverview.today.failed')} retry={() => void studied.refetch()} />
    );
  const { cards } = studied.data;
  if (cards.length === 0) {
    return (
      <Empty
        icon={<CircleCheck aria-hidden size={36} className={ICON} />}
        title={t('flashcardOverview.today.emptyTitle')}
        body={t('flashcardOverview.today.emptyBody')}
      >
        <Link to="/study/flashcards" className="button-primary">
          {t('flashcardOverview.studyNow')}
        </Link>
      </Empty>
    );
  }
  return (
    <>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        {t('flashcardOverview.today.summary', { count: cards.length })}
      </p>
      <ul className="flex flex-col gap-2">
        {cards.map((card) => (
          <li key={card.id}>
            <CardRow
              card={card}
              now={now}
              details={<StudiedTodayDetails card={card} now={now} />}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Leeches and suspended cards, each with the button that lets it back into study. */
function LeechesTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const leeches = useLeechesQuery(userId);
  const change = useCardFlagMutation(userId);
  const now = useNow();
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);

  // After a card leaves the list, focus moves to the neighbouring card's button (or the tab's
  // heading) instead of getting lost with the button that went away.
  const heading = useRef<HTMLHeadingElement>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [focusNext, setFocusNext] = useState<number | 'heading' | null>(null);
  const cards = leeches.data?.cards;
  useEffect(() => {
    if (focusNext === null || !cards) return;
    const target = focusNext === 'heading' ? null : buttons.current.get(focusNext);
    (target ?? heading.current)?.focus();
    setFocusNext(null);
  }, [focusNext, cards]);

  if (leeches.isPending) return <Loading message={t('flashcardOverview.leeches.loading')} />;
  if (leeches.isError)
    return (
      <Failed
        message={t('flashcardOverview.leeches.failed')}
        retry={() => void leeches.refetch()}
      />
    );

  const act = (card: FlashcardCard, index: number) => {
    const action = card.is_leech ? 'release' : 'unsuspend';
    const list = leeches.data.cards;
    const neighbour = list[index + 1] ?? list[index - 1];
    setFailure(null);
    setPendingId(card.id);
    change.mutate(
      { card, action },
      {
        onSuccess: (changed) => {
          setAnnouncement(
            t(`flashcardOverview.leeches.${action === 'release' ? 'released' : 'unsuspended'}`, {
              word: card.word,
            }),
          );
          const stays = changed.is_leech || changed.is_suspended;
          setFocusNext(stays ? changed.id : neighbour ? neighbour.id : 'heading');
        },
        onError: () =>
          setFailure(
            t(
              `flashcardOverview.leeches.${action === 'release' ? 'releaseFailed' : 'unsuspendFailed'}`,
              {
                word: card.word,
              },
            ),
          ),
        onSettled: () => setPendingId(null),
      },
    );
  };

  const list = leeches.data.cards;
  return (
    <>
      <div>
        <h3
          ref={heading}
          tabIndex={-1}
          className="font-semibold text-stone-800 outline-none dark:text-stone-100"
        >
          {t('flashcardOverview.leeches.title')}{' '}
          <span className="font-normal text-stone-500 dark:text-stone-400">({list.length})</span>
        </h3>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
          {t('flashcardOverview.leeches.explain')}
        </p>
      </div>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      {list.length === 0 ? (
        <Empty
          icon={<ShieldCheck aria-hidden size={36} className={ICON} />}
          title={t('flashcardOverview.leeches.emptyTitle')}
          body={t('flashcardOverview.leeches.emptyBody')}
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((card, index) => {
            const release = card.is_leech;
            const busy = pendingId === card.id;
            const label = release
              ? t('flashcardOverview.leeches.release')
              : t('flashcardOverview.leeches.unsuspend');
            return (
              <li key={card.id}>
                <CardRow
                  card={card}
                  now={now}
                  action={
                    <button
                      type="button"
                      ref={(button) => {
                        if (button) buttons.current.set(card.id, button);
                        else buttons.current.delete(card.id);
                      }}
                      className="button-secondary w-full aria-disabled:cursor-wait aria-disabled:opacity-60 sm:w-auto"
                      // Not disabled while saving: a disabled button would drop the focus.
                      aria-disabled={busy || undefined}
                      aria-label={busy ? undefined : `${label} ${card.word}`}
                      onClick={() => {
                        if (!busy) act(card, index);
                      }}
                    >
                      {busy ? t('flashcardOverview.leeches.working') : label}
                    </button>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
