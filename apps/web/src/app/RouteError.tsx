import { useTranslation } from 'react-i18next';

/** Shown when a screen throws while rendering: a way out instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="page-title">{t('errors.unexpectedTitle')}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">{t('errors.unexpectedBody')}</p>
      <button
        type="button"
        className="button-primary mt-6"
        onClick={() => window.location.reload()}
      >
        {t('errors.reload')}
      </button>
    </main>
  );
}
