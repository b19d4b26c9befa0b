import { AUDIO_SPEEDS } from '@lesefuchs/core/audio/audio';
import type { Preferences } from '@lesefuchs/core/preferences/preferences';
import { QUIZ_GAME_MODES, QUIZ_STUDY_MODES } from '@lesefuchs/core/quiz/quiz';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '../../components/Form';
import { useMembership } from '../audio/membership';
import { Select, Toggle } from './preference-controls';
import { GUEST, usePreferences } from './preferences-store';

const STORY_MODES = ['normal', 'lesson', 'focus', 'hyperfocus', 'learning', 'practice'] as const;

/** The preferences of spec 1 §3 that the built screens use, saved on the device at once. */
export function PreferencesPanel({
  userId,
  fromServer,
}: {
  userId: string;
  /** The account's copy; absent for a guest, whose preferences stay on the device. */
  fromServer?: Preferences;
}) {
  const { t } = useTranslation();
  const { preferences, set, reset, failed, pullFailed } = usePreferences(userId, fromServer);
  // Premium-only audio choices are shown but cannot be picked without a membership (spec 2 §6).
  const { isPremium } = useMembership();
  const premiumLabel = (label: string, locked: boolean) =>
    locked ? `${label} (${t('audio.premiumOnly')})` : label;
  const [resetStatus, setResetStatus] = useState<'done' | 'failed' | null>(null);
  const onReset = async () => {
    if (!window.confirm(t('profile.preferences.resetConfirm'))) return;
    try {
      await reset();
      setResetStatus('done');
    } catch {
      setResetStatus('failed');
    }
  };
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
          : t('profile.preferences.explain')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('profile.preferences.storyMode')}
          value={preferences.storyMode}
          options={STORY_MODES.map((mode) => ({
            value: mode,
            label: t(`profile.preferences.modes.${mode}`),
          }))}
          onChange={(value) => set('storyMode', value)}
        />
        <Select
          label={t('profile.preferences.audioVoice')}
          value={isPremium ? preferences.audioVoice : 'Amala'}
          options={[
            { value: 'Amala', label: 'Amala' },
            { value: 'Florian', label: premiumLabel('Florian', !isPremium), disabled: !isPremium },
          ]}
          onChange={(value) => set('audioVoice', value)}
        />
        <Select
          label={t('audio.speed')}
          value={isPremium ? preferences.audioSpeed : '1.0'}
          options={AUDIO_SPEEDS.map((speed) => {
            const locked = !isPremium && speed !== '1.0';
            return {
              value: speed,
              label: premiumLabel(t('audio.speedValue', { speed: Number(speed) }), locked),
              disabled: locked,
            };
          })}
          onChange={(value) => set('audioSpeed', value)}
        />
        <Select
          label={t('profile.preferences.clickAction')}
          value={preferences.targetWordClickAction}
          options={[
            { value: 'inline', label: t('profile.preferences.inline') },
            { value: 'tooltip', label: t('profile.preferences.tooltip') },
          ]}
          onChange={(value) => set('targetWordClickAction', value)}
        />
        <Select
          label={t('profile.preferences.quizStudyMode')}
          value={preferences.quizDefaultStudyMode}
          options={QUIZ_STUDY_MODES.map((mode) => ({
            value: mode,
            label: t(`quiz.studyMode.${mode}`),
          }))}
          onChange={(value) => set('quizDefaultStudyMode', value)}
        />
        <Select
          label={t('profile.preferences.quizGameMode')}
          value={preferences.quizDefaultGameMode}
          options={QUIZ_GAME_MODES.map((mode) => ({
            value: mode,
            label: t(`quiz.gameMode.${mode}`),
          }))}
          onChange={(value) => set('quizDefaultGameMode', value)}
        />
      </div>
      <Toggle
        label={t('profile.preferences.showReadStories')}
        checked={preferences.showReadStories}
        onChange={(value) => set('showReadStories', value)}
      />
      <Toggle
        label={t('profile.preferences.boldTargetWords')}
        checked={preferences.boldTargetWords}
        onChange={(value) => set('boldTargetWords', value)}
      />
      <Toggle
        label={t('profile.preferences.pauseAudioOnWordTap')}
        checked={preferences.pauseAudioOnWordTap}
        onChange={(value) => set('pauseAudioOnWordTap', value)}
      />
      <Toggle
        label={t('profile.preferences.quizShowExample')}
        checked={preferences.quizShowQuestionExample}
        onChange={(value) => set('quizShowQuestionExample', value)}
      />
      <Toggle
        label={t('profile.preferences.useGermanStemmer')}
        checked={preferences.useGermanStemmer}
        onChange={(value) => set('useGermanStemmer', value)}
      />
      {failed && <FormMessage tone="error">{t('profile.preferences.saveFailed')}</FormMessage>}
      {pullFailed && <FormMessage tone="error">{t('profile.preferences.pullFailed')}</FormMessage>}
      <button type="button" className="button-secondary self-start" onClick={() => void onReset()}>
        {t('profile.preferences.reset')}
      </button>
      {resetStatus === 'done' && (
        <FormMessage tone="success">{t('profile.preferences.resetDone')}</FormMessage>
      )}
      {resetStatus === 'failed' && (
        <FormMessage tone="error">{t('profile.preferences.saveFailed')}</FormMessage>
      )}
    </section>
  );
}
