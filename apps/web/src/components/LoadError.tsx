import { useTranslation } from 'react-i18next';
import { useOnline, useRetryWhenOnline } from '../lib/online';

/**
 * A load that failed: the message as an alert, and a button that tries again. Offline it says
 * so, and the load is tried again by itself when the browser is back online.
 */
export function LoadError({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  useRetryWhenOnline(true, onRetry);
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p>{message}</p>
      {!online && (
        <p className="text-sm text-stone-600 dark:text-stone-300" data-testid="load-error-offline">
          {t('status.offlineRetry')}
        </p>
      )}
      <button type="button" className="button-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
