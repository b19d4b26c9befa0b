import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../lib/api';
import { currentLanguage } from '../lib/i18n';
import { useAuth } from '../lib/session';

export function Footer() {
  const { t, i18n } = useTranslation();
  const { user, refetch } = useAuth();
  const choose = async (language: InterfaceLanguage) => {
    await i18n.changeLanguage(language);
    // Signed in, the choice is the profile's native language, so it holds on every device.
    if (user) {
      await api('/api/profile', { method: 'PATCH', body: { nativeLanguage: language } }).catch(
        () => undefined,
      );
      await refetch();
    }
  };
  return (
    <footer className="border-stone-200 border-t px-4 pt-8 pb-28 text-sm text-stone-600 min-[1280px]:pb-8 dark:border-stone-800 dark:text-stone-400">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col items-start">
          <p>{t('footer.about')}</p>
          {/* The phone's navigation has five places (spec 1 §2) and no room for this one. */}
          <Link to="/community" className="text-link inline-flex min-h-11 items-center">
            {t('pages.community')}
          </Link>
        </div>
        <label className="flex items-center gap-2">
          <span>{t('footer.language')}</span>
          <select
            className="rounded-md border border-stone-300 bg-white px-2 py-1 text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
            value={currentLanguage()}
            onChange={(event) => void choose(event.target.value as InterfaceLanguage)}
          >
            {INTERFACE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </footer>
  );
}
