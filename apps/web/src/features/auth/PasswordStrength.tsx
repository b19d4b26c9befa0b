import {
  checkPassword,
  type PasswordStrength as Strength,
} from '@lesefuchs/core/validation/password';
import { useTranslation } from 'react-i18next';
import '../../texts/auth';

const LEVEL: Record<Strength, number> = { weak: 1, fair: 2, good: 3, strong: 4 };
const COLOR: Record<Strength, string> = {
  weak: 'bg-red-600',
  fair: 'bg-amber-500',
  good: 'bg-lime-600',
  strong: 'bg-green-700',
};

/** The strength bar under a new password: weak, fair, good or strong. */
export function PasswordStrengthBar({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const { strength } = checkPassword(password);
  return (
    <div
      className="flex items-center gap-2"
      data-testid="password-strength"
      data-strength={strength}
    >
      <div className="flex flex-1 gap-1" aria-hidden>
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={`h-1.5 flex-1 rounded-full ${step <= LEVEL[strength] ? COLOR[strength] : 'bg-stone-200 dark:bg-stone-700'}`}
          />
        ))}
      </div>
      <span className="text-sm text-stone-700 dark:text-stone-300">
        {t(`auth.strength.${strength}`)}
      </span>
    </div>
  );
}

/** 'Password must have: …' in the interface language, or null. */
export function usePasswordRequirements(password: string): string | null {
  const { t } = useTranslation();
  if (!password) return null;
  const { failed } = checkPassword(password);
  if (failed.length === 0) return null;
  return t('auth.passwordMustHave', {
    requirements: failed.map((rule) => t(`auth.rules.${rule}`)).join(', '),
  });
}
