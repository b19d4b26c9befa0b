import {
  CARD_COUNT_INPUTS,
  type CardCountKind,
  parseCountInput,
} from '@lesefuchs/core/srs/card-inputs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../../texts/flashcards';

/**
 * A card count (spec 3 §5): whole numbers of at least 0, empty means 0; over the maximum a
 * tooltip names it, and the value is still accepted.
 */
export function CountInput({
  kind,
  value,
  onChange,
}: {
  kind: CardCountKind;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { value: count, overMax } = parseCountInput(value, kind);
  const { placeholder, max } = CARD_COUNT_INPUTS[kind];
  const invalid = count === null;
  const note = invalid
    ? t('flashcards.counts.invalid')
    : overMax
      ? t(`flashcards.counts.overMax.${kind}`, { max })
      : null;
  return (
    <div className="flex min-w-28 flex-1 flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm text-stone-800 dark:text-stone-200">
        {t(`flashcards.counts.${kind}`)}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={String(placeholder)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 tabular-nums outline-none focus-visible:border-orange-600 focus-visible:ring-2 focus-visible:ring-orange-600/30 aria-[invalid]:border-red-600 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
      />
      {note && (
        <div
          id={`${id}-note`}
          role={invalid ? 'alert' : 'tooltip'}
          className={`w-fit max-w-64 rounded-md px-2 py-1 text-xs shadow ${invalid ? 'bg-red-700 text-white dark:bg-red-400 dark:text-stone-950' : 'bg-stone-800 text-white dark:bg-stone-200 dark:text-stone-900'}`}
        >
          {note}
        </div>
      )}
    </div>
  );
}
