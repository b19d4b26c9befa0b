import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online';

/** Shows while the browser is offline. */
export function OfflineBadge() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <span
      role="status"
      title={t('status.offlineHint')}
      className="inline-flex items-center gap-1 rounded-full bg-stone-800 px-2.5 py-1 font-medium text-white text-xs dark:bg-stone-200 dark:text-stone-900"
    >
      <WifiOff aria-hidden size={14} />
      {t('status.offline')}
    </span>
  );
}
