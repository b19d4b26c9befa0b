import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingScreen } from '../../components/Spinner';
import { useDeviceUser } from '../../lib/use-device-user';
import { FlashcardErrorBoundary } from './FlashcardErrorBoundary';
import { clearCachedQueue } from './live-queue-store';
import { StudySession } from './StudySession';
import { clearSession } from './session-store';
import { emitStudyEvent } from './study-events';
import '../../texts/flashcards';

/** /study/flashcards: the flashcard session (spec 3 §2). Studying needs a signed-in user. */
export function FlashcardsScreen() {
  const { t } = useTranslation();
  const user = useDeviceUser();
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <h1 id="page-title" className="page-title">
        {t('pages.flashcards')}
      </h1>
      {user.status === 'checking' ? (
        <LoadingScreen message={t('status.checkingAuth')} />
      ) : user.status === 'signed-out' ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900">
          <p className="text-stone-700 dark:text-stone-300">{t('flashcards.signIn.body')}</p>
          <Link to="/login" className="button-primary">
            <LogIn aria-hidden size={16} />
            {t('flashcards.signIn.link')}
          </Link>
        </div>
      ) : (
        <FlashcardErrorBoundary
          key={user.userId}
          onReset={() => {
            clearSession(user.userId);
            clearCachedQueue(user.userId);
            emitStudyEvent('cache-invalidate', { reason: 'reset' });
          }}
        >
          <StudySession userId={user.userId} sessionUnreachable={user.offline} />
        </FlashcardErrorBoundary>
      )}
    </section>
  );
}
