import { AUDIO_SPEEDS } from '@lesefuchs/core/audio/audio';
import { CATEGORIES, LEVELS } from '@lesefuchs/core/content/taxonomy';
import { LEECH_NEVER, type Preferences } from '@lesefuchs/core/preferences/preferences';
import { QUIZ_GAME_MODES, QUIZ_STUDY_MODES } from '@lesefuchs/core/quiz/quiz';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/Form';
import type { ThemeMode } from '../../lib/theme';
import '../../texts/audio';
import '../../texts/profile';
import '../../texts/quiz';
import '../../texts/settings';
import '../../texts/stories';

// Every preference's control, once: the settings screen shows them all in their groups, the
// profile's and the story list's panels the few a reader changes most.

const STORY_MODES = ['normal', 'lesson', 'focus', 'hyperfocus', 'learning', 'practice'] as const;
const DECKS = ['database', 'saved', ...LEVELS.map((level) => `level-${level}`)];
const LEECH_CHOICES = ['3', '4', '5', '6', '8', '10', '12', '15', '20', 'never'] as const;

export function Select<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: { value: V; label: string; disabled?: boolean }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className="w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 dark:border-stone-700 dark:bg-stone-900"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Toggle({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    // The box keeps its size and sits on the first line when the label wraps.
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
      />
      <span className="min-w-0">{label}</span>
    </label>
  );
}

/** One of a few choices whose texts are too long for a select on a phone: they wrap here. */
export function RadioChoice<V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-3">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
          />
          <span className="min-w-0">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A list of levels or topics where none ticked means all ('all' / 'All' as stored). */
export function ChoiceList<V extends string>({
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

type SetPreference = <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;

/** What a control needs: the preferences, their setter, the texts, the membership, the theme. */
export interface FieldContext {
  p: Preferences;
  set: SetPreference;
  t: TFunction;
  isPremium: boolean;
  theme: { mode: ThemeMode; setMode(mode: ThemeMode): void };
  /**
   * Shown under its group's heading (the settings screen): a label leaves out the group's name
   * ("Game" under "Quiz"), which a panel of mixed preferences needs ("Quiz: game").
   */
  grouped?: boolean;
}

/** The label of a field of a group, short under the group's heading. */
const groupLabel = ({ t, grouped }: FieldContext, short: string, long: string) =>
  t(grouped ? short : long);

export type PreferenceKey = Exclude<keyof Preferences, 'targetLanguage' | 'nativeLanguage'>;

const premiumLabel = (t: TFunction, label: string, locked: boolean) =>
  locked ? `${label} (${t('audio.premiumOnly')})` : label;

function deckOptions(t: TFunction, value: string) {
  return (DECKS.includes(value) ? DECKS : [value, ...DECKS]).map((deck) => ({
    value: deck,
    label: deck.startsWith('level-') ? deck.slice(6) : t(`settings.decks.${deck}`),
  }));
}

const toggle =
  (
    key: PreferenceKey &
      { [K in keyof Preferences]: Preferences[K] extends boolean ? K : never }[keyof Preferences],
    label: string | ((context: FieldContext) => string),
  ) =>
  (context: FieldContext) => (
    <Toggle
      label={typeof label === 'string' ? context.t(label) : label(context)}
      checked={context.p[key] as boolean}
      onChange={(on) => context.set(key, on)}
    />
  );

/** The control of each preference (spec 1 §3, spec 3). */
const FIELDS: Record<PreferenceKey, (context: FieldContext) => ReactNode> = {
  themeMode: ({ p, set, t, theme }) => (
    <Select
      label={t('settings.fields.themeMode')}
      value={theme.mode}
      options={(['auto', 'light', 'dark'] as const).map((mode) => ({
        value: mode,
        label: t(`settings.themes.${mode}`),
      }))}
      onChange={(mode) => {
        theme.setMode(mode);
        if (p.themeMode !== mode) set('themeMode', mode);
      }}
    />
  ),
  showPronunciationGuides: toggle(
    'showPronunciationGuides',
    'settings.fields.showPronunciationGuides',
  ),
  autoPlayTTSNewWords: toggle('autoPlayTTSNewWords', 'settings.fields.autoPlayTTSNewWords'),
  enableDifficultyHints: toggle('enableDifficultyHints', 'settings.fields.enableDifficultyHints'),
  showSavedRemovedMessage: toggle(
    'showSavedRemovedMessage',
    'settings.fields.showSavedRemovedMessage',
  ),
  storyDifficulty: ({ p, set, t }) => (
    <ChoiceList
      legend={t('settings.fields.storyDifficulty')}
      values={LEVELS}
      selected={p.storyDifficulty === 'all' ? null : p.storyDifficulty}
      label={(level) => level}
      onChange={(next) => set('storyDifficulty', next ?? 'all')}
    />
  ),
  storyTopics: ({ p, set, t }) => (
    <ChoiceList
      legend={t('settings.fields.storyTopics')}
      values={CATEGORIES}
      selected={p.storyTopics === 'all' ? null : p.storyTopics}
      label={(topic) => t(`stories.categories.${topic}`)}
      onChange={(next) => set('storyTopics', next ?? 'all')}
    />
  ),
  showReadStories: toggle('showReadStories', 'profile.preferences.showReadStories'),
  storyMode: ({ p, set, t }) => (
    <Select
      label={t('profile.preferences.storyMode')}
      value={p.storyMode}
      options={STORY_MODES.map((mode) => ({
        value: mode,
        label: t(`profile.preferences.modes.${mode}`),
      }))}
      onChange={(mode) => set('storyMode', mode)}
    />
  ),
  targetWordClickAction: ({ p, set, t }) => (
    <RadioChoice
      legend={t('profile.preferences.clickAction')}
      value={p.targetWordClickAction}
      options={(['inline', 'tooltip'] as const).map((action) => ({
        value: action,
        label: t(`profile.preferences.${action}`),
      }))}
      onChange={(action) => set('targetWordClickAction', action)}
    />
  ),
  hyperfocusSpeed: ({ p, set, t }) => (
    <Select
      label={t('settings.fields.hyperfocusSpeed')}
      value={p.hyperfocusSpeed}
      options={(['slow', 'normal', 'fast'] as const).map((speed) => ({
        value: speed,
        label: t(`settings.speeds.${speed}`),
      }))}
      onChange={(speed) => set('hyperfocusSpeed', speed)}
    />
  ),
  boldTargetWords: toggle('boldTargetWords', 'profile.preferences.boldTargetWords'),
  pauseAudioOnWordTap: toggle('pauseAudioOnWordTap', 'profile.preferences.pauseAudioOnWordTap'),
  swipeRightToReturn: toggle('swipeRightToReturn', 'settings.fields.swipeRightToReturn'),
  swipeLeftToTranslate: toggle('swipeLeftToTranslate', 'settings.fields.swipeLeftToTranslate'),
  autoPlayAudio: toggle('autoPlayAudio', 'settings.fields.autoPlayAudio'),
  // Premium-only audio choices are shown but cannot be picked without a membership (spec 2 §6).
  audioSpeed: ({ p, set, t, isPremium }) => (
    <Select
      label={t('audio.speed')}
      value={isPremium ? p.audioSpeed : '1.0'}
      options={AUDIO_SPEEDS.map((speed) => {
        const locked = !isPremium && speed !== '1.0';
        return {
          value: speed,
          label: premiumLabel(t, t('audio.speedValue', { speed: Number(speed) }), locked),
          disabled: locked,
        };
      })}
      onChange={(speed) => set('audioSpeed', speed)}
    />
  ),
  audioVoice: ({ p, set, t, isPremium }) => (
    <Select
      label={t('profile.preferences.audioVoice')}
      value={isPremium ? p.audioVoice : 'Amala'}
      options={[
        { value: 'Amala', label: 'Amala' },
        { value: 'Florian', label: premiumLabel(t, 'Florian', !isPremium), disabled: !isPremium },
      ]}
      onChange={(voice) => set('audioVoice', voice)}
    />
  ),
  audioDefaultLevel: ({ p, set, t }) => (
    <ChoiceList
      legend={t('settings.fields.audioDefaultLevel')}
      values={LEVELS}
      selected={p.audioDefaultLevel === 'All' ? null : p.audioDefaultLevel}
      label={(level) => level}
      onChange={(next) => set('audioDefaultLevel', next ?? 'All')}
    />
  ),
  audiosOpenTextOnPlay: toggle('audiosOpenTextOnPlay', 'settings.fields.audiosOpenTextOnPlay'),
  flashcardsDefaultDeck: ({ p, set, t }) => (
    <Select
      label={t('settings.fields.flashcardsDefaultDeck')}
      value={p.flashcardsDefaultDeck}
      options={deckOptions(t, p.flashcardsDefaultDeck)}
      onChange={(deck) => set('flashcardsDefaultDeck', deck)}
    />
  ),
  flashcardsAutoSpeed: ({ p, set, t }) => (
    <Select
      label={t('settings.fields.flashcardsAutoSpeed')}
      value={p.flashcardsAutoSpeed}
      options={(['slow', 'normal', 'fast', 'veryFast'] as const).map((speed) => ({
        value: speed,
        label: t(`settings.speeds.${speed}`),
      }))}
      onChange={(speed) => set('flashcardsAutoSpeed', speed)}
    />
  ),
  leechThreshold: ({ p, set, t }) => {
    const never = p.leechThreshold === 'never' || p.leechThreshold === LEECH_NEVER;
    const value = never ? 'never' : String(p.leechThreshold);
    const values: string[] = LEECH_CHOICES.includes(value as never)
      ? [...LEECH_CHOICES]
      : [value, ...LEECH_CHOICES];
    return (
      <Select
        label={t('settings.fields.leechThreshold')}
        value={value}
        options={values.map((choice) => ({
          value: choice,
          label:
            choice === 'never'
              ? t('settings.leechNever')
              : t('settings.leechAfter', { count: Number(choice) }),
        }))}
        onChange={(choice) => set('leechThreshold', choice === 'never' ? 'never' : Number(choice))}
      />
    );
  },
  quizDefaultStudyMode: (context) => (
    <Select
      label={groupLabel(
        context,
        'settings.fields.quizDefaultStudyMode',
        'profile.preferences.quizStudyMode',
      )}
      value={context.p.quizDefaultStudyMode}
      options={QUIZ_STUDY_MODES.map((mode) => ({
        value: mode,
        label: context.t(`quiz.studyMode.${mode}`),
      }))}
      onChange={(mode) => context.set('quizDefaultStudyMode', mode)}
    />
  ),
  quizDefaultGameMode: (context) => (
    <Select
      label={groupLabel(
        context,
        'settings.fields.quizDefaultGameMode',
        'profile.preferences.quizGameMode',
      )}
      value={context.p.quizDefaultGameMode}
      options={QUIZ_GAME_MODES.map((mode) => ({
        value: mode,
        label: context.t(`quiz.gameMode.${mode}`),
      }))}
      onChange={(mode) => context.set('quizDefaultGameMode', mode)}
    />
  ),
  quizDefaultDeck: ({ p, set, t }) => (
    <Select
      label={t('settings.fields.quizDefaultDeck')}
      value={p.quizDefaultDeck}
      options={deckOptions(t, p.quizDefaultDeck)}
      onChange={(deck) => set('quizDefaultDeck', deck)}
    />
  ),
  quizShowQuestionExample: toggle('quizShowQuestionExample', (context) =>
    groupLabel(
      context,
      'settings.fields.quizShowQuestionExample',
      'profile.preferences.quizShowExample',
    ),
  ),
  vocabularyDefaultDeck: ({ p, set, t }) => (
    <Select
      label={t('settings.fields.vocabularyDefaultDeck')}
      value={p.vocabularyDefaultDeck}
      options={deckOptions(t, p.vocabularyDefaultDeck)}
      onChange={(deck) => set('vocabularyDefaultDeck', deck)}
    />
  ),
  vocabularyDefaultLevel: ({ p, set, t }) => (
    <Select
      label={t('settings.fields.vocabularyDefaultLevel')}
      value={p.vocabularyDefaultLevel}
      options={(['All', ...LEVELS] as const).map((level) => ({
        value: level,
        label: level === 'All' ? t('settings.all') : level,
      }))}
      onChange={(level) => set('vocabularyDefaultLevel', level)}
    />
  ),
  useGermanStemmer: toggle('useGermanStemmer', 'profile.preferences.useGermanStemmer'),
};

/** The controls of these preferences, in this order. */
export function PreferenceFields({
  keys,
  context,
}: {
  keys: readonly PreferenceKey[];
  context: FieldContext;
}) {
  return (
    <>
      {keys.map((key) => (
        <Fragment key={key}>{FIELDS[key](context)}</Fragment>
      ))}
    </>
  );
}

/** Resets every preference to its default, after asking, and says how it went. */
export function ResetPreferences({ reset }: { reset: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'done' | 'failed' | null>(null);
  const onReset = async () => {
    if (!window.confirm(t('profile.preferences.resetConfirm'))) return;
    try {
      await reset();
      setStatus('done');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="button-secondary self-start" onClick={() => void onReset()}>
        {t('profile.preferences.reset')}
      </button>
      {status === 'done' && (
        <FormMessage tone="success">{t('profile.preferences.resetDone')}</FormMessage>
      )}
      {status === 'failed' && (
        <FormMessage tone="error">{t('profile.preferences.saveFailed')}</FormMessage>
      )}
    </div>
  );
}
