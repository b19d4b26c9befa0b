import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionKind, CollectionVisibility } from './community-api';
import { COLLECTION_LIMITS, type TextProblem } from './community-model';
import './texts';

// The fields of a collection's form (share and edit), with their rules shown inline.

/** A broken input rule in words. */
export function problemText(t: TFunction, problem: TextProblem | null): string | null {
  if (!problem) return null;
  if (problem.kind === 'offensive') return t('community.form.offensive');
  if (problem.kind === 'rules') return problem.message;
  return problem.min > 0
    ? t('community.form.length', { min: problem.min, max: problem.max })
    : t('community.form.tooLong', { max: problem.max });
}

const INPUT =
  'w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 outline-none focus-visible:border-orange-600 focus-visible:ring-2 focus-visible:ring-orange-600/30 aria-[invalid]:border-red-600 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100';

/** A labelled single- or multi-line text with its hint and error below, for screen readers too. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  multiline = false,
  maxLength,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  hint?: string;
  multiline?: boolean;
  maxLength: number;
  testId: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    // A little room over the limit, so the rule can be shown rather than the text cut.
    maxLength: maxLength + 20,
    className: INPUT,
    'data-testid': testId,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <p id={hintId} className="text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          className="text-red-700 text-sm dark:text-red-400"
          data-testid={`${testId}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** One choice of a few, as radio buttons with a legend; each a full-height tap target. */
export function RadioGroup<V extends string>({
  legend,
  value,
  options,
  onChange,
  testId,
}: {
  legend: string;
  value: V;
  options: readonly { value: V; label: string; hint?: string; disabled?: boolean }[];
  onChange: (value: V) => void;
  testId: string;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1" data-testid={testId}>
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`flex min-h-11 items-start gap-3 py-1 ${option.disabled ? 'opacity-50' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
            className="mt-1 h-5 w-5 shrink-0 accent-orange-700"
          />
          <span className="flex min-w-0 flex-col">
            <span>{option.label}</span>
            {option.hint && (
              <span className="text-sm text-stone-600 dark:text-stone-400">{option.hint}</span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function VisibilityChoice({
  value,
  onChange,
}: {
  value: CollectionVisibility;
  onChange: (value: CollectionVisibility) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      legend={t('community.form.visibility')}
      value={value}
      onChange={onChange}
      testId="collection-visibility"
      options={[
        {
          value: 'public',
          label: t('community.form.public'),
          hint: t('community.form.publicHint'),
        },
        { value: 'link', label: t('community.form.link'), hint: t('community.form.linkHint') },
      ]}
    />
  );
}

export function KindChoice({
  value,
  onChange,
}: {
  value: CollectionKind;
  onChange: (value: CollectionKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      legend={t('community.form.kind')}
      value={value}
      onChange={onChange}
      testId="collection-kind"
      options={[
        { value: 'word_list', label: t('community.collection.kinds.word_list') },
        { value: 'story_words', label: t('community.collection.kinds.story_words') },
      ]}
    />
  );
}

export const NAME_MAX = COLLECTION_LIMITS.nameMax;
export const DESCRIPTION_MAX = COLLECTION_LIMITS.descriptionMax;

/** A collection's name and description, with the rules' hint and each field's error. */
export function NameAndDescription({
  name,
  description,
  onName,
  onDescription,
  errors,
}: {
  name: string;
  description: string;
  onName: (value: string) => void;
  onDescription: (value: string) => void;
  errors: { name?: string | null; description?: string | null };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('community.form.name')}
        value={name}
        onChange={onName}
        error={errors.name}
        hint={t('community.form.length', {
          min: COLLECTION_LIMITS.nameMin,
          max: COLLECTION_LIMITS.nameMax,
        })}
        maxLength={NAME_MAX}
        testId="collection-name"
      />
      <TextField
        label={t('community.form.description')}
        value={description}
        onChange={onDescription}
        error={errors.description}
        multiline
        maxLength={DESCRIPTION_MAX}
        testId="collection-description"
      />
    </>
  );
}
