import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/Spinner';
import { useAuth } from '../lib/session';

/** Login, sign-up and forgot-password: a signed-in user is sent home (spec 1 §2). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  if (status === 'checking') return <LoadingScreen message={t('status.checkingAuth')} />;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return children;
}
