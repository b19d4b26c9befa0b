import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import fox from './fox.svg';

/** The fox and the wordmark, linking home. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-semibold text-orange-700 text-lg tracking-tight focus-visible:outline-2 focus-visible:outline-orange-600 dark:text-orange-300"
      aria-label={t('app.home')}
    >
      <img src={fox} alt="" width={32} height={32} className="h-8 w-8" />
      {!compact && <span>{t('app.name')}</span>}
    </Link>
  );
}
