import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl py-8">
      <h1 className="page-title">{t('errors.notFoundTitle')}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">{t('errors.notFoundBody')}</p>
      <Link className="text-link mt-4 inline-block" to="/">
        {t('errors.backHome')}
      </Link>
    </section>
  );
}
