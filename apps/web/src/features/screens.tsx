import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { VOCABULARY_HEADER_ID } from '../app/navigation';
import { PlannedScreen } from '../components/PlannedScreen';

// The screens of later issues. Each route exists, is reachable and says that it is not built.

export function CommunityScreen() {
  const { t } = useTranslation();
  return <PlannedScreen title={t('pages.community')} />;
}

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
