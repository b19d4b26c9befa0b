import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './Form';

/** A page that needs an account, seen signed out: why, and the ways to log in or sign up. */
export function SignInPrompt({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  /** Shown above the message, e.g. a notice. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard title={title}>
      {children}
      <p>{message}</p>
      <div className="flex flex-wrap gap-3">
        <Link className="button-primary" to="/login">
          {t('nav.login')}
        </Link>
        <Link className="button-secondary" to="/signup">
          {t('nav.signup')}
        </Link>
      </div>
    </AuthCard>
  );
}
