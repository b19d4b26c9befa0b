import type { FlashcardCard, StudiedTodayCard } from '@lesefuchs/core/srs/api';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, currentLocale } from '../../../lib/i18n';
import { DifficultyBadge } from '../../home/DashboardSidebar';
import { relativeDue, relativePast, translationOf } from './card-format';
import '../../../texts/flashcardOverview';

/** The current time, renewed every `everyMs` so relative times stay right on an open page. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

const STATE_STYLE: Record<FlashcardCard['card_state'], string> = {
  new: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  learning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  review: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  relearning: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
};

const FLAG_STYLE =
  'inline-flex items-center rounded-full border px-2 py-0.5 font-semibold text-xs border-red-300 text-red-800 dark:border-red-800 dark:text-red-300';

/** One card: the German word, its meaning, level, state, when it is due, and what else applies. */
export function CardRow({
  card,
  now,
  details,
  action,
}: {
  card: FlashcardCard;
  now: number;
  /** More lines about the card, e.g. today's reviews. */
  details?: ReactNode;
  /** A button for the card, e.g. release. */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const locale = currentLocale();
  const due = relativeDue(card.due_at, now, locale);
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:flex-row sm:items-center sm:p-4 dark:border-stone-800 dark:bg-stone-900"
      data-testid="flashcard-row"
      data-card-id={card.id}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <p lang="de" className="font-semibold text-lg text-stone-900 dark:text-stone-50">
            {card.word}
          </p>
          <p
            lang={language === 'kr' ? 'ko' : language}
            className="min-w-0 text-stone-700 dark:text-stone-300"
          >
            {translationOf(card, language)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <DifficultyBadge level={card.difficulty_level} />
          <span
            className={`inline-flex items-center rounded-full px-2 py-0.5 font-semibold text-xs ${STATE_STYLE[card.card_state]}`}
          >
            <span className="sr-only">{t('flashcardOverview.card.state')}: </span>
            {t(`flashcardOverview.states.${card.card_state}`)}
          </span>
          {card.is_leech && <span className={FLAG_STYLE}>{t('flashcardOverview.card.leech')}</span>}
          {card.is_suspended && (
            <span className={FLAG_STYLE}>{t('flashcardOverview.card.suspended')}</span>
          )}
          {card.card_state === 'new' ? (
            <span className="text-stone-600 dark:text-stone-300">
              {t('flashcardOverview.card.notStudied')}
            </span>
          ) : (
            <span className="text-stone-600 dark:text-stone-300">
              <time dateTime={card.due_at}>
                {due
                  ? t('flashcardOverview.card.dueIn', { when: due })
                  : t('flashcardOverview.card.dueNow')}
              </time>
            </span>
          )}
        </div>
        {details}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </article>
  );
}

/** Today's reviews of a card in the studied-today list. */
export function StudiedTodayDetails({ card, now }: { card: StudiedTodayCard; now: number }) {
  const { t } = useTranslation();
  const last = relativePast(card.last_reviewed_at, now, currentLocale());
  return (
    <p className="text-sm text-stone-600 dark:text-stone-300">
      {t('flashcardOverview.card.reviewsToday', { count: card.reviews_today })}
      {' · '}
      {t('flashcardOverview.card.lastRating', {
        rating: t(`flashcardOverview.ratings.${card.last_rating}`),
      })}
      {last && (
        <>
          {' · '}
          {last}
        </>
      )}
    </p>
  );
}

/**
 * A list of cards under a heading; nothing when there are none. When the list is as long as the
 * server's page (`limit`), it says how many there are in all (`total`, from the counts).
 */
export function CardGroup({
  title,
  cards,
  limit,
  total,
  now,
}: {
  title: string;
  cards: FlashcardCard[];
  limit: number;
  total: number;
  now: number;
}) {
  const { t } = useTranslation();
  if (cards.length === 0) return null;
  const cut = cards.length >= limit && total > cards.length;
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-semibold text-stone-800 dark:text-stone-100">
        {title}{' '}
        <span className="font-normal text-stone-500 dark:text-stone-400">
          ({cut ? total : cards.length})
        </span>
      </h3>
      <ul className="flex flex-col gap-2">
        {cards.map((card) => (
          <li key={card.id}>
            <CardRow card={card} now={now} />
          </li>
        ))}
      </ul>
      {cut && (
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {t('flashcardOverview.showingFirst', { shown: cards.length, total })}
        </p>
      )}
    </section>
  );
}
