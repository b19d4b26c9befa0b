import type { Preferences } from '@lesefuchs/core/preferences/preferences';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '../../components/Form';
import { useTheme } from '../../lib/theme';
import { useMembership } from '../audio/membership';
import { PreferenceFields, type PreferenceKey, ResetPreferences } from './preference-fields';
import { GUEST, usePreferences } from './preferences-store';
import '../../texts/profile';
import '../../texts/settings';

const SELECTS: PreferenceKey[] = [
  'storyMode',
  'audioVoice',
  'audioSpeed',
  'targetWordClickAction',
  'quizDefaultStudyMode',
  'quizDefaultGameMode',
];
const TOGGLES: PreferenceKey[] = [
  'showReadStories',
  'boldTargetWords',
  'pauseAudioOnWordTap',
  'quizShowQuestionExample',
  'useGermanStemmer',
];

/**
 * The preferences a reader changes most (the story list's dialog and the profile); every one is
 * on the settings screen. Saved on the device at once.
 */
export function PreferencesPanel({
  userId,
  fromServer,
  footer,
}: {
  userId: string;
  /** The account's copy; absent for a guest, whose preferences stay on the device. */
  fromServer?: Preferences;
  /** Kept in view at the foot of the panel while it scrolls (the story list's sheet: Done). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const { preferences, set, reset, failed, pullFailed } = usePreferences(userId, fromServer);
  const { isPremium } = useMembership();
  const theme = useTheme();
  const context = { p: preferences, set, t, isPremium, theme };
  return (
    <section
      aria-labelledby="preferences-title"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="preferences-title" className="font-semibold text-lg">
        {t('profile.preferences.title')}
      </h2>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        {userId === GUEST
          ? t('profile.preferences.explainGuest')
          : t('profile.preferences.explain')}{' '}
        <Link to="/settings" className="text-link" data-testid="all-settings">
          {t('settings.open')}
        </Link>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PreferenceFields keys={SELECTS} context={context} />
      </div>
      <PreferenceFields keys={TOGGLES} context={context} />
      {failed && <FormMessage tone="error">{t('profile.preferences.saveFailed')}</FormMessage>}
      {pullFailed && <FormMessage tone="error">{t('profile.preferences.pullFailed')}</FormMessage>}
      <ResetPreferences reset={reset} />
      {footer && (
        <div className="sticky bottom-0 -mx-5 -mb-5 flex justify-end rounded-b-2xl border-stone-200 border-t bg-white px-5 py-3 dark:border-stone-800 dark:bg-stone-900">
          {footer}
        </div>
      )}
    </section>
  );
}
