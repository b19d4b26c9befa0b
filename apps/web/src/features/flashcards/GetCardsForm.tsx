import {
  CARD_COUNT_INPUTS,
  consecutiveEmptyBuilds,
  cooldownSecondsLeft,
  type GetCardsOutcome,
  getCardsCooldownMs,
  parseCountInput,
  rateLimitBackoffMs,
} from '@lesefuchs/core/srs/card-inputs';
import { Download } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/Form';
import { ApiRequestError } from '../../lib/api';
import { CountInput } from './CountInput';
import '../../texts/flashcards';

/** A message about the last Get Cards, kept as a key so it follows the interface language. */
type Notice = {
  tone: 'error' | 'success' | 'info';
  key: string;
  params?: Record<string, string | number>;
} | null;

/**
 * The new and review counts and Get Cards (spec 3 §2, §4): after each build the button waits
 * (10 s after cards were made, 500 ms after none, longer after empty builds) and counts the
 * seconds down; a 429 backs off from 5 s doubling to 10 minutes.
 */
export function GetCardsForm({
  onGetCards,
}: {
  onGetCards: (counts: { newCount: number; reviewCount: number }) => Promise<GetCardsOutcome>;
}) {
  const { t } = useTranslation();
  const [newText, setNewText] = useState(String(CARD_COUNT_INPUTS.new.default));
  const [reviewText, setReviewText] = useState(String(CARD_COUNT_INPUTS.review.default));
  const [busy, setBusy] = useState(false);
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [notice, setNotice] = useState<Notice>(null);
  const emptyInARow = useRef(0);
  const rateLimited = useRef(0);

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  const newCount = parseCountInput(newText, 'new').value;
  const reviewCount = parseCountInput(reviewText, 'review').value;
  const seconds = cooldownSecondsLeft(until, now);
  const waiting = seconds > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || waiting || newCount === null || reviewCount === null) return;
    setBusy(true);
    setNotice(null);
    try {
      const outcome = await onGetCards({ newCount, reviewCount });
      rateLimited.current = 0;
      emptyInARow.current = consecutiveEmptyBuilds(emptyInARow.current, outcome);
      setUntil(Date.now() + getCardsCooldownMs(outcome, emptyInARow.current));
      setNotice(
        outcome.cards === 0
          ? {
              tone: 'info',
              key: outcome.vocabularyLeft
                ? 'flashcards.getCards.noneNow'
                : 'flashcards.getCards.noneLeft',
            }
          : {
              tone: 'success',
              key: 'flashcards.getCards.made',
              params: { count: outcome.created },
            },
      );
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 429) {
        rateLimited.current += 1;
        setUntil(Date.now() + rateLimitBackoffMs(rateLimited.current, Math.random()));
      }
      setNotice(
        error instanceof ApiRequestError && error.status === 0
          ? { tone: 'error', key: 'flashcards.getCards.offline' }
          : {
              tone: 'error',
              key: 'flashcards.getCards.failed',
              params: { message: error instanceof Error ? error.message : String(error) },
            },
      );
    } finally {
      setBusy(false);
      setNow(Date.now());
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start gap-3">
        <CountInput kind="new" value={newText} onChange={setNewText} />
        <CountInput kind="review" value={reviewText} onChange={setReviewText} />
        <button
          type="submit"
          className="button-primary min-h-10 justify-center sm:mt-6"
          disabled={busy || waiting || newCount === null || reviewCount === null}
          aria-busy={busy || undefined}
        >
          <Download aria-hidden size={16} />
          {waiting ? t('flashcards.getCards.wait', { seconds }) : t('flashcards.getCards.button')}
        </button>
      </div>
      {notice && <FormMessage tone={notice.tone}>{t(notice.key, notice.params)}</FormMessage>}
    </form>
  );
}
