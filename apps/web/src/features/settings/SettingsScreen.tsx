import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/Form';
import { Panel } from '../../components/Panel';
import { LoadingScreen } from '../../components/Spinner';
import { useAuth } from '../../lib/session';
import { useTheme } from '../../lib/theme';
import { useMembership } from '../audio/membership';
import { CommunitySettings } from '../community/CommunitySettings';
import {
  PreferenceFields,
  type PreferenceKey,
  ResetPreferences,
} from '../profile/preference-fields';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';
import '../../texts/profile';
import '../../texts/settings';

/** The groups of spec 1 §3, each with its preferences in order. */
const GROUPS: { key: string; fields: PreferenceKey[] }[] = [
  {
    key: 'display',
    fields: [
      'themeMode',
      'showPronunciationGuides',
      'autoPlayTTSNewWords',
      'enableDifficultyHints',
      'showSavedRemovedMessage',
    ],
  },
  { key: 'storyList', fields: ['storyDifficulty', 'storyTopics', 'showReadStories'] },
  {
    key: 'story',
    fields: [
      'storyMode',
      'targetWordClickAction',
      'hyperfocusSpeed',
      'boldTargetWords',
      'pauseAudioOnWordTap',
      'swipeRightToReturn',
      'swipeLeftToTranslate',
      'autoPlayAudio',
    ],
  },
  {
    key: 'audio',
    fields: ['audioSpeed', 'audioVoice', 'audioDefaultLevel', 'audiosOpenTextOnPlay'],
  },
  { key: 'flashcards', fields: ['flashcardsDefaultDeck', 'flashcardsAutoSpeed', 'leechThreshold'] },
  {
    key: 'quiz',
    fields: [
      'quizDefaultStudyMode',
      'quizDefaultGameMode',
      'quizDefaultDeck',
      'quizShowQuestionExample',
    ],
  },
  {
    key: 'vocabulary',
    fields: ['vocabularyDefaultDeck', 'vocabularyDefaultLevel', 'useGermanStemmer'],
  },
];

/**
 * /settings: every preference of spec 1 §3 and spec 3, grouped as spec 1 §3 groups them, each
 * saved on the device at once and to the account as the preferences sync says (spec 1 §4).
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  // Until the session check answers, whose preferences these are is not known: a change made
  // then would land in the guest's copy on this device rather than the account.
  if (status === 'checking') return <LoadingScreen message={t('status.checkingAuth')} />;
  return <Settings user={user} />;
}

function Settings({ user }: { user: ReturnType<typeof useAuth>['user'] }) {
  const { t } = useTranslation();
  const profile = useProfileQuery(user?.id);
  const { preferences, set, reset, failed, pullFailed } = usePreferences(
    user?.id ?? GUEST,
    user ? profile.data?.preferences : undefined,
  );
  const theme = useTheme();
  const { isPremium } = useMembership();
  const context = { p: preferences, set, t, isPremium, theme, grouped: true };

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-6"
      data-testid="settings"
    >
      <div className="flex flex-col gap-2">
        <h1 id="page-title" className="page-title">
          {t('settings.title')}
        </h1>
        <p className="text-stone-700 dark:text-stone-300">
          {user ? t('profile.preferences.explain') : t('profile.preferences.explainGuest')}
        </p>
        {failed && <FormMessage tone="error">{t('profile.preferences.saveFailed')}</FormMessage>}
        {pullFailed && (
          <FormMessage tone="error">{t('profile.preferences.pullFailed')}</FormMessage>
        )}
      </div>
      {GROUPS.map((group) => (
        <Panel key={group.key} title={t(`settings.groups.${group.key}`)}>
          <div className="flex flex-col gap-4">
            <PreferenceFields keys={group.fields} context={context} />
          </div>
        </Panel>
      ))}
      <Panel title={t('settings.groups.community')}>
        <CommunitySettings userId={user?.id} />
      </Panel>
      <ResetPreferences reset={reset} />
    </section>
  );
}
