import { AUDIO_SPEEDS } from '@lesefuchs/core/audio/audio';
import { CATEGORIES, LEVELS } from '@lesefuchs/core/content/taxonomy';
import { LEECH_NEVER, type Preferences } from '@lesefuchs/core/preferences/preferences';
import { QUIZ_GAME_MODES, QUIZ_STUDY_MODES } from '@lesefuchs/core/quiz/quiz';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/Form';
import { Panel } from '../../components/Panel';
import { useAuth } from '../../lib/auth-client';
import { useTheme } from '../../lib/theme';
import { useMembership } from '../audio/membership';
import { Select, Toggle } from '../profile/preference-controls';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';

const STORY_MODES = ['normal', 'lesson', 'focus', 'hyperfocus', 'learning', 'practice'] as const;
const DECKS = ['database', 'saved', ...LEVELS.map((level) => `level-${level}`)];
const LEECH_CHOICES = ['3', '4', '5', '6', '8', '10', '12', '15', '20', 'never'] as const;

type Set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;

/** A list of levels or topics where none ticked means all ('all' / 'All' as stored). */
function ChoiceList<V extends string>({
  legend,
  values,
  selected,
  label,
  onChange,
}: {
  legend: string;
  values: readonly V[];
  /** null: all. */
  selected: readonly V[] | null;
  label: (value: V) => string;
  onChange: (next: V[] | null) => void;
}) {
  const { t } = useTranslation();
  const toggle = (value: V, on: boolean) => {
    const current = selected ?? [];
    const next = on ? [...current, value] : current.filter((item) => item !== value);
    onChange(next.length === 0 || next.length === values.length ? null : next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <Toggle
          label={t('settings.all')}
          checked={selected === null}
          onChange={(on) => on && onChange(null)}
        />
        {values.map((value) => (
          <Toggle
            key={value}
            label={label(value)}
            checked={selected?.includes(value) ?? false}
            onChange={(on) => toggle(value, on)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel title={title}>
      <div className="flex flex-col gap-4">{children}</div>
    </Panel>
  );
}

/**
 * /settings: every preference of spec 1 §3 and spec 3, grouped as spec 1 §3 groups them, each
 * saved on the device at once and to the account as the preferences sync says (spec 1 §4).
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const profile = useProfileQuery(user?.id);
  const userId = user?.id ?? GUEST;
  const {
    preferences: p,
    set,
    reset,
    failed,
    pullFailed,
  } = usePreferences(userId, user ? profile.data?.preferences : undefined);
  const theme = useTheme();
  const { isPremium } = useMembership();
  const [resetStatus, setResetStatus] = useState<'done' | 'failed' | null>(null);
  const setPreference: Set = set;
  const premium = (label: string, locked: boolean) =>
    locked ? `${label} (${t('audio.premiumOnly')})` : label;
  const deckLabel = (deck: string) =>
    deck.startsWith('level-') ? deck.slice(6) : t(`settings.decks.${deck}`);
  const deckOptions = (value: string) =>
    (DECKS.includes(value) ? DECKS : [value, ...DECKS]).map((deck) => ({
      value: deck,
      label: deckLabel(deck),
    }));
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

      <Group title={t('settings.groups.display')}>
        <Select
          label={t('settings.fields.themeMode')}
          value={theme.mode}
          options={(['auto', 'light', 'dark'] as const).map((mode) => ({
            value: mode,
            label: t(`settings.themes.${mode}`),
          }))}
          onChange={(mode) => {
            theme.setMode(mode);
            setPreference('themeMode', mode);
          }}
        />
        <Toggle
          label={t('settings.fields.showPronunciationGuides')}
          checked={p.showPronunciationGuides}
          onChange={(on) => setPreference('showPronunciationGuides', on)}
        />
        <Toggle
          label={t('settings.fields.autoPlayTTSNewWords')}
          checked={p.autoPlayTTSNewWords}
          onChange={(on) => setPreference('autoPlayTTSNewWords', on)}
        />
        <Toggle
          label={t('settings.fields.enableDifficultyHints')}
          checked={p.enableDifficultyHints}
          onChange={(on) => setPreference('enableDifficultyHints', on)}
        />
        <Toggle
          label={t('settings.fields.showSavedRemovedMessage')}
          checked={p.showSavedRemovedMessage}
          onChange={(on) => setPreference('showSavedRemovedMessage', on)}
        />
      </Group>

      <Group title={t('settings.groups.storyList')}>
        <ChoiceList
          legend={t('settings.fields.storyDifficulty')}
          values={LEVELS}
          selected={p.storyDifficulty === 'all' ? null : p.storyDifficulty}
          label={(level) => level}
          onChange={(next) => setPreference('storyDifficulty', next ?? 'all')}
        />
        <ChoiceList
          legend={t('settings.fields.storyTopics')}
          values={CATEGORIES}
          selected={p.storyTopics === 'all' ? null : p.storyTopics}
          label={(topic) => t(`stories.categories.${topic}`)}
          onChange={(next) => setPreference('storyTopics', next ?? 'all')}
        />
        <Toggle
          label={t('profile.preferences.showReadStories')}
          checked={p.showReadStories}
          onChange={(on) => setPreference('showReadStories', on)}
        />
      </Group>

      <Group title={t('settings.groups.story')}>
        <Select
          label={t('profile.preferences.storyMode')}
          value={p.storyMode}
          options={STORY_MODES.map((mode) => ({
            value: mode,
            label: t(`profile.preferences.modes.${mode}`),
          }))}
          onChange={(mode) => setPreference('storyMode', mode)}
        />
        <Select
          label={t('profile.preferences.clickAction')}
          value={p.targetWordClickAction}
          options={(['inline', 'tooltip'] as const).map((action) => ({
            value: action,
            label: t(`profile.preferences.${action}`),
          }))}
          onChange={(action) => setPreference('targetWordClickAction', action)}
        />
        <Select
          label={t('settings.fields.hyperfocusSpeed')}
          value={p.hyperfocusSpeed}
          options={(['slow', 'normal', 'fast'] as const).map((speed) => ({
            value: speed,
            label: t(`settings.speeds.${speed}`),
          }))}
          onChange={(speed) => setPreference('hyperfocusSpeed', speed)}
        />
        <Toggle
          label={t('profile.preferences.boldTargetWords')}
          checked={p.boldTargetWords}
          onChange={(on) => setPreference('boldTargetWords', on)}
        />
        <Toggle
          label={t('profile.preferences.pauseAudioOnWordTap')}
          checked={p.pauseAudioOnWordTap}
          onChange={(on) => setPreference('pauseAudioOnWordTap', on)}
        />
        <Toggle
          label={t('settings.fields.swipeRightToReturn')}
          checked={p.swipeRightToReturn}
          onChange={(on) => setPreference('swipeRightToReturn', on)}
        />
        <Toggle
          label={t('settings.fields.swipeLeftToTranslate')}
          checked={p.swipeLeftToTranslate}
          onChange={(on) => setPreference('swipeLeftToTranslate', on)}
        />
        <Toggle
          label={t('settings.fields.autoPlayAudio')}
          checked={p.autoPlayAudio}
          onChange={(on) => setPreference('autoPlayAudio', on)}
        />
      </Group>

      <Group title={t('settings.groups.audio')}>
        <Select
          label={t('audio.speed')}
          value={p.audioSpeed}
          options={AUDIO_SPEEDS.map((speed) => ({
            value: speed,
            label: premium(`${speed}×`, speed !== '1.0' && !isPremium),
            disabled: speed !== '1.0' && !isPremium,
          }))}
          onChange={(speed) => setPreference('audioSpeed', speed)}
        />
        <Select
          label={t('profile.preferences.audioVoice')}
          value={p.audioVoice}
          options={(['Amala', 'Florian'] as const).map((voice) => ({
            value: voice,
            label: premium(voice, voice === 'Florian' && !isPremium),
            disabled: voice === 'Florian' && !isPremium,
          }))}
          onChange={(voice) => setPreference('audioVoice', voice)}
        />
        <ChoiceList
          legend={t('settings.fields.audioDefaultLevel')}
          values={LEVELS}
          selected={p.audioDefaultLevel === 'All' ? null : p.audioDefaultLevel}
          label={(level) => level}
          onChange={(next) => setPreference('audioDefaultLevel', next ?? 'All')}
        />
        <Toggle
          label={t('settings.fields.audiosOpenTextOnPlay')}
          checked={p.audiosOpenTextOnPlay}
          onChange={(on) => setPreference('audiosOpenTextOnPlay', on)}
        />
      </Group>

      <Group title={t('settings.groups.flashcards')}>
        <Select
          label={t('settings.fields.flashcardsDefaultDeck')}
          value={p.flashcardsDefaultDeck}
          options={deckOptions(p.flashcardsDefaultDeck)}
          onChange={(deck) => setPreference('flashcardsDefaultDeck', deck)}
        />
        <Select
          label={t('settings.fields.flashcardsAutoSpeed')}
          value={p.flashcardsAutoSpeed}
          options={(['slow', 'normal', 'fast', 'veryFast'] as const).map((speed) => ({
            value: speed,
            label: t(`settings.speeds.${speed}`),
          }))}
          onChange={(speed) => setPreference('flashcardsAutoSpeed', speed)}
        />
        <Select
          label={t('settings.fields.leechThreshold')}
          value={
            p.leechThreshold === 'never' || p.leechThreshold === LEECH_NEVER
              ? 'never'
              : String(p.leechThreshold)
          }
          options={[
            ...(LEECH_CHOICES.includes(String(p.leechThreshold) as never) ||
            p.leechThreshold === 'never' ||
            p.leechThreshold === LEECH_NEVER
              ? []
              : [String(p.leechThreshold)]),
            ...LEECH_CHOICES,
          ].map((value) => ({
            value,
            label:
              value === 'never'
                ? t('settings.leechNever')
                : t('settings.leechAfter', { count: Number(value) }),
          }))}
          onChange={(value) =>
            setPreference('leechThreshold', value === 'never' ? 'never' : Number(value))
          }
        />
      </Group>

      <Group title={t('settings.groups.quiz')}>
        <Select
          label={t('profile.preferences.quizStudyMode')}
          value={p.quizDefaultStudyMode}
          options={QUIZ_STUDY_MODES.map((mode) => ({
            value: mode,
            label: t(`quiz.studyMode.${mode}`),
          }))}
          onChange={(mode) => setPreference('quizDefaultStudyMode', mode)}
        />
        <Select
          label={t('profile.preferences.quizGameMode')}
          value={p.quizDefaultGameMode}
          options={QUIZ_GAME_MODES.map((mode) => ({
            value: mode,
            label: t(`quiz.gameMode.${mode}`),
          }))}
          onChange={(mode) => setPreference('quizDefaultGameMode', mode)}
        />
        <Select
          label={t('settings.fields.quizDefaultDeck')}
          value={p.quizDefaultDeck}
          options={deckOptions(p.quizDefaultDeck)}
          onChange={(deck) => setPreference('quizDefaultDeck', deck)}
        />
        <Toggle
          label={t('profile.preferences.quizShowExample')}
          checked={p.quizShowQuestionExample}
          onChange={(on) => setPreference('quizShowQuestionExample', on)}
        />
      </Group>

      <Group title={t('settings.groups.vocabulary')}>
        <Select
          label={t('settings.fields.vocabularyDefaultDeck')}
          value={p.vocabularyDefaultDeck}
          options={deckOptions(p.vocabularyDefaultDeck)}
          onChange={(deck) => setPreference('vocabularyDefaultDeck', deck)}
        />
        <Select
          label={t('settings.fields.vocabularyDefaultLevel')}
          value={p.vocabularyDefaultLevel}
          options={(['All', ...LEVELS] as const).map((level) => ({
            value: level,
            label: level === 'All' ? t('settings.all') : level,
          }))}
          onChange={(level) => setPreference('vocabularyDefaultLevel', level)}
        />
        <Toggle
          label={t('profile.preferences.useGermanStemmer')}
          checked={p.useGermanStemmer}
          onChange={(on) => setPreference('useGermanStemmer', on)}
        />
      </Group>

      <div className="flex flex-col gap-2">
        <button
          type="button"
          className="button-secondary self-start"
          onClick={() => void onReset()}
        >
          {t('profile.preferences.reset')}
        </button>
        {resetStatus === 'done' && (
          <FormMessage tone="success">{t('profile.preferences.resetDone')}</FormMessage>
        )}
        {resetStatus === 'failed' && (
          <FormMessage tone="error">{t('profile.preferences.saveFailed')}</FormMessage>
        )}
      </div>
    </section>
  );
}
