import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';
import { useSetVisibility, useVisibilityQuery } from './community-api';
import './texts';

/**
 * "Show me on the boards": a switch written at once through its own endpoint. It needs the
 * network (the server decides who is shown), so offline it says so instead of pretending.
 * `current` is what the screen already knows (the board's own row) until the setting loads.
 */
export function VisibilitySwitch({ userId, current }: { userId: string; current?: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const me = useVisibilityQuery(userId);
  const set = useSetVisibility(userId);
  const hintId = useId();
  const checked = me.data?.public ?? current;
  const known = checked !== undefined;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        role="switch"
        aria-checked={checked === true}
        aria-describedby={hintId}
        disabled={!known || !online || set.isPending}
        onClick={() => set.mutate(!checked)}
        data-testid="community-visibility-switch"
        className="flex min-h-11 items-center gap-3 self-start rounded-full py-1 pr-2 text-left font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span
          aria-hidden
          className={`relative inline-flex h-7 w-12 shrink-0 rounded-full transition-colors ${checked ? 'bg-orange-700 dark:bg-orange-500' : 'bg-stone-300 dark:bg-stone-600'}`}
        >
          <span
            className={`absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </span>
        <span>{t('community.visibility.switch')}</span>
      </button>
      <p id={hintId} className="text-sm text-stone-600 dark:text-stone-300">
        {!online
          ? t('community.needsNetwork')
          : checked
            ? t('community.visibility.on')
            : t('community.visibility.off')}
      </p>
      {set.isError && (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {t('community.visibility.failed')}
        </p>
      )}
    </div>
  );
}
