import { relativeTimeFormat } from '@lesefuchs/core/intl';
import { queueCards, refreshDelayMs } from '@lesefuchs/core/srs/live-queue';
import { Inbox } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingScreen } from '../../components/Spinner';
import type { StudyState } from './study-state';
import type { LoadStatus } from './use-study';
import '../../texts/flashcards';

/** "in 45 seconds", "in 3 minutes", in the interface language. */
function relative(seconds: number, language: string): string {
  const format = relativeTimeFormat(language === 'kr' ? 'ko' : language, {
    numeric: 'always',
  });
  return seconds < 60
    ? format.format(seconds, 'second')
    : format.format(Math.ceil(seconds / 60), 'minute');
}

/** What shows when there is no card to study now (spec 3 §2 empty state). */
export function StudyEmpty({
  load,
  state,
  now,
  answered,
  onRetry,
}: {
  load: LoadStatus;
  state: StudyState;
  now: Date;
  answered: number;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  // The countdown to the next learning card moves each second.
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (load === 'loading') return <LoadingScreen message={t('flashcards.loading')} />;
  const waiting = queueCards(state.live).some((card) => card.card_state !== 'review');
  const seconds = Math.ceil(
    refreshDelayMs(state.live, new Date(Math.max(now.getTime(), tick))) / 1000,
  );
  return (
    <section
      aria-labelledby="flashcards-empty"
      className="flex flex-col items-center gap-3 rounded-2xl border border-stone-300 border-dashed p-8 text-center dark:border-stone-700"
    >
      <Inbox aria-hidden size={32} className="text-stone-400" />
      <h2 id="flashcards-empty" className="font-semibold text-lg">
        {t('flashcards.empty.title')}
      </h2>
      {load === 'offline' && <p>{t('flashcards.offline.cannotLoad')}</p>}
      {load === 'error' && <p>{t('flashcards.errors.load')}</p>}
      {(load === 'offline' || load === 'error') && (
        <button type="button" className="button-secondary" onClick={onRetry}>
          {t('flashcards.errors.retry')}
        </button>
      )}
      {load === 'ready' && answered > 0 && (
        <p className="text-stone-700 dark:text-stone-300">
          {t('flashcards.empty.done', { count: answered })}
        </p>
      )}
      {load === 'ready' && waiting && (
        <p role="status" className="text-stone-700 dark:text-stone-300">
          {t('flashcards.empty.waiting', { when: relative(seconds, i18n.language) })}
        </p>
      )}
      {load === 'ready' && (
        <p className="text-stone-600 dark:text-stone-400">{t('flashcards.empty.body')}</p>
      )}
      <Link className="text-link text-sm" to="/flashcard-overview">
        {t('flashcards.empty.overview')}
      </Link>
    </section>
  );
}
