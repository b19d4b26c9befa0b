import { SCHEDULERS, type SrsSettings } from '@lesefuchs/core/srs/scheduler';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessage } from '../../../components/Form';
import { LoadError } from '../../../components/LoadError';
import { ApiRequestError } from '../../../lib/api';
import { useSaveSrsSettings, useSrsSettingsQuery, useSrsSettingsRealtime } from './settings-api';
import {
  type DraftField,
  draftDiffers,
  draftOf,
  type FieldError,
  leechThresholdChoices,
  parseDraft,
  type SettingsDraft,
} from './settings-form';
import '../../../texts/flashcardOverview';

export const SRS_SETTINGS_ID = 'srs-settings';

/** The learner's SRS settings: daily limits, steps, leeches and the scheduler (SM-2 or FSRS). */
export function SrsSettingsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const settings = useSrsSettingsQuery(userId);
  useSrsSettingsRealtime(userId);
  return (
    <section
      id={SRS_SETTINGS_ID}
      aria-labelledby={`${SRS_SETTINGS_ID}-title`}
      className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      <div>
        <h2 id={`${SRS_SETTINGS_ID}-title`} className="font-semibold text-lg">
          {t('flashcardOverview.settings.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
          {t('flashcardOverview.settings.intro')}
        </p>
      </div>
      {settings.data ? (
        <SettingsForm userId={userId} settings={settings.data} />
      ) : settings.isError ? (
        <LoadError
          message={t('flashcardOverview.settings.loadFailed')}
          retryLabel={t('flashcardOverview.retry')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            {t('flashcardOverview.settings.loading')}
          </span>
          {['a', 'b', 'c'].map((key) => (
            <div
              key={key}
              aria-hidden
              className="h-10 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800"
            />
          ))}
        </div>
      )}
    </section>
  );
}

function SettingsForm({ userId, settings }: { userId: string; settings: SrsSettings }) {
  const { t } = useTranslation();
  const save = useSaveSrsSettings(userId);
  // The form follows the saved settings (also changes from another device) until edited.
  const [edited, setEdited] = useState<SettingsDraft | null>(null);
  const draft = edited ?? draftOf(settings);
  const [errors, setErrors] = useState<Partial<Record<DraftField, FieldError>>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const change = <K extends DraftField>(field: K, value: SettingsDraft[K]) => {
    setEdited({ ...draft, [field]: value });
    setStatus(null);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };
  const errorText = (field: DraftField) => {
    const error = errors[field];
    return error ? t(`flashcardOverview.settings.errors.${error.key}`, error.values) : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const parsed = parseDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus({ tone: 'error', text: t('flashcardOverview.settings.fixErrors') });
      // Focus the first field to fix, so keyboard and screen-reader users land on it.
      const first = Object.keys(parsed.errors)[0];
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-setting="${first}"]`)?.focus(),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.update, {
      onSuccess: () => {
        setEdited(null);
        setStatus({ tone: 'success', text: t('flashcardOverview.settings.saved') });
      },
      onError: (error) =>
        setStatus({
          tone: 'error',
          text:
            error instanceof ApiRequestError && error.status === 400 && error.message
              ? t('flashcardOverview.settings.refused', { message: error.message })
              : t('flashcardOverview.settings.saveFailed'),
        }),
    });
  };

  const dirty = edited !== null && draftDiffers(edited, settings);
  const fsrs = draft.scheduler === 'fsrs';

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Group legend={t('flashcardOverview.settings.dailyLimits')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('flashcardOverview.settings.dailyNew')}
            type="number"
            inputMode="numeric"
            min={0}
            data-setting="dailyNew"
            value={draft.dailyNew}
            onChange={(event) => change('dailyNew', event.target.value)}
            error={errorText('dailyNew')}
          />
          <Field
            label={t('flashcardOverview.settings.dailyReview')}
            type="number"
            inputMode="numeric"
            min={0}
            data-setting="dailyReview"
            value={draft.dailyReview}
            onChange={(event) => change('dailyReview', event.target.value)}
            error={errorText('dailyReview')}
          />
        </div>
      </Group>

      <Group legend={t('flashcardOverview.settings.steps')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('flashcardOverview.settings.learningSteps')}
            data-setting="learningSteps"
            value={draft.learningSteps}
            onChange={(event) => change('learningSteps', event.target.value)}
            error={errorText('learningSteps')}
            hint={t('flashcardOverview.settings.learningStepsHint')}
            autoComplete="off"
          />
          <Field
            label={t('flashcardOverview.settings.relearningSteps')}
            data-setting="relearningSteps"
            value={draft.relearningSteps}
            onChange={(event) => change('relearningSteps', event.target.value)}
            error={errorText('relearningSteps')}
            hint={t('flashcardOverview.settings.relearningStepsHint')}
            autoComplete="off"
          />
        </div>
      </Group>

      <Group legend={t('flashcardOverview.settings.leeches')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t('flashcardOverview.settings.leechThreshold')}
            setting="leechThreshold"
            value={draft.leechThreshold}
            onChange={(value) => change('leechThreshold', value)}
            hint={t('flashcardOverview.settings.leechThresholdHint')}
            error={errorText('leechThreshold')}
            options={[
              ...leechThresholdChoices(draft.leechThreshold).map((count) => ({
                value: String(count),
                label: t('flashcardOverview.settings.lapses', { count }),
              })),
              { value: 'never', label: t('flashcardOverview.settings.never') },
            ]}
          />
          <Select
            label={t('flashcardOverview.settings.leechAction')}
            setting="leechAction"
            value={draft.leechAction}
            onChange={(value) => change('leechAction', value as SettingsDraft['leechAction'])}
            hint={t('flashcardOverview.settings.leechActionHint')}
            options={[
              { value: 'suspend', label: t('flashcardOverview.settings.leechSuspend') },
              { value: 'tag', label: t('flashcardOverview.settings.leechTag') },
            ]}
          />
        </div>
      </Group>

      <SchedulerChoice value={draft.scheduler} onChange={(value) => change('scheduler', value)} />
      {fsrs && (
        <div className="sm:max-w-xs">
          <Field
            label={t('flashcardOverview.settings.retention')}
            type="number"
            inputMode="numeric"
            min={70}
            max={99}
            data-setting="retention"
            value={draft.retention}
            onChange={(event) => change('retention', event.target.value)}
            error={errorText('retention')}
            hint={t('flashcardOverview.settings.retentionHint')}
          />
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="button-primary" disabled={save.isPending}>
          {save.isPending
            ? t('flashcardOverview.settings.saving')
            : t('flashcardOverview.settings.save')}
        </button>
        {dirty && !save.isPending && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setEdited(null);
              setErrors({});
              setStatus(null);
            }}
          >
            {t('flashcardOverview.settings.discard')}
          </button>
        )}
      </div>
      {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
    </form>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold text-stone-900 dark:text-stone-100">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Select({
  label,
  setting,
  value,
  options,
  onChange,
  hint,
  error,
}: {
  label: string;
  setting: DraftField;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <select
        id={id}
        data-setting={setting}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus-visible:border-orange-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-600/30 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {(error || hint) && (
        <p
          id={messageId}
          className={
            error
              ? 'text-red-700 text-sm dark:text-red-400'
              : 'text-sm text-stone-600 dark:text-stone-400'
          }
        >
          {error || hint}
        </p>
      )}
    </div>
  );
}

/** Standard (SM-2) or FSRS, each with a short plain explanation tied to its radio button. */
function SchedulerChoice({
  value,
  onChange,
}: {
  value: SettingsDraft['scheduler'];
  onChange: (value: SettingsDraft['scheduler']) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-history`}>
      <legend className="mb-2 font-semibold text-stone-900 dark:text-stone-100">
        {t('flashcardOverview.settings.scheduler')}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {SCHEDULERS.map((kind) => (
          <label
            key={kind}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-orange-600 has-[:focus-visible]:outline-offset-2 ${
              value === kind
                ? 'border-orange-600 bg-orange-50 dark:border-orange-400 dark:bg-orange-950/40'
                : 'border-stone-300 hover:bg-stone-50 dark:border-stone-700 dark:hover:bg-stone-800'
            }`}
          >
            <input
              type="radio"
              name={`${id}-scheduler`}
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              aria-labelledby={`${id}-${kind}-name`}
              aria-describedby={`${id}-${kind}`}
              data-setting={kind === SCHEDULERS[0] ? 'scheduler' : undefined}
              className="mt-1 h-4 w-4 shrink-0 accent-orange-700 focus-visible:outline-none"
            />
            <span className="flex flex-col gap-1">
              <span
                id={`${id}-${kind}-name`}
                className="font-medium text-stone-900 dark:text-stone-100"
              >
                {t(`flashcardOverview.settings.schedulers.${kind}.name`)}
              </span>
              <span id={`${id}-${kind}`} className="text-sm text-stone-600 dark:text-stone-300">
                {t(`flashcardOverview.settings.schedulers.${kind}.explain`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <p id={`${id}-history`} className="text-sm text-stone-600 dark:text-stone-300">
        {t('flashcardOverview.settings.schedulerHistory')}
      </p>
    </fieldset>
  );
}
