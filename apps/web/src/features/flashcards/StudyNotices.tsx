import { CloudOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import '../../texts/flashcards';

/** Offline and waiting grades, and a grade the server refused (spec 3 §4, §8). */
export function StudyNotices({
  offline,
  pending,
  gradeError,
  onDismiss,
}: {
  offline: boolean;
  pending: number;
  gradeError: string | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(offline || pending > 0) && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-sky-300 bg-sky-50 p-3 text-sky-900 text-sm dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100"
        >
          <CloudOff aria-hidden size={18} className="mt-0.5 shrink-0" />
          <p>
            {offline && `${t('flashcards.offline.notice')} `}
            {pending > 0 && (
              <span data-pending-grades={pending}>
                {t('flashcards.offline.pending', { count: pending })}
              </span>
            )}
          </p>
        </div>
      )}
      {gradeError && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-3 text-red-900 text-sm dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
        >
          <p className="flex-1">{t('flashcards.errors.grade', { message: gradeError })}</p>
          <button
            type="button"
            className="icon-button -m-1 p-1"
            onClick={onDismiss}
            aria-label={t('flashcards.errors.dismiss')}
          >
            <X aria-hidden size={16} />
          </button>
        </div>
      )}
    </>
  );
}
