import { Compass } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../lib/session';
import { markLevelAsked, useLevelAsked } from './asked';
import { LevelButtons } from './LevelButtons';
import '../../texts/level';

/**
 * The first visit's question (issue #19): which level the learner reads at. A level sets where the
 * story list starts and opens it; "Help me choose" opens the word check; "Not now" hides this.
 */
export function LevelPrompt() {
  const { t } = useTranslation();
  const headingId = useId();
  const navigate = useNavigate();
  const { user } = useAuth();
  const asked = useLevelAsked();
  if (asked) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="level-prompt"
      className="flex flex-col gap-4 rounded-2xl border border-orange-300 bg-white p-5 shadow-sm dark:border-orange-900 dark:bg-stone-900"
    >
      <div>
        <h2 id={headingId} className="font-semibold text-lg">
          {t('level.prompt.title')}
        </h2>
        <p className="mt-1 text-stone-600 dark:text-stone-300">{t('level.prompt.body')}</p>
      </div>
      <LevelButtons
        current={null}
        onChoose={async (level) => {
          // The preferences' code comes with the choice, not with the first page.
          const { chooseLevel } = await import('./choose-level');
          void chooseLevel(user?.id ?? null, level);
          void navigate('/stories');
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/level?check=1" className="button-secondary">
          <Compass aria-hidden size={16} />
          {t('level.prompt.help')}
        </Link>
        <button type="button" className="text-link px-2 py-2 text-sm" onClick={markLevelAsked}>
          {t('level.prompt.notNow')}
        </button>
      </div>
    </section>
  );
}
