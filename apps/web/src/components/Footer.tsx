import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@lesefuchs/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';

export function Footer() {
  const { t, i18n } = useTranslation();
  return (
    <footer className="border-stone-200 border-t px-4 pt-8 pb-28 text-sm text-stone-600 min-[1280px]:pb-8 dark:border-stone-800 dark:text-stone-400">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p>{t('footer.about')}</p>
        <label className="flex items-center gap-2">
          <span>{t('footer.language')}</span>
          <select
            className="rounded-md border border-stone-300 bg-white px-2 py-1 text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
            value={currentLanguage()}
            onChange={(event) => void i18n.changeLanguage(event.target.value as InterfaceLanguage)}
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
