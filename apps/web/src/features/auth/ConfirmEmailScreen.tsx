import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/Spinner';
import { authClient, useAuth } from '../../lib/auth-client';

/**
 * /auth/confirm?token=…: the e-mail confirmation link when it opens the native app (an app link
 * to the server's `/api/auth/verify-email`, native-shell.ts). The app confirms the address with
 * the server itself, which signs the learner in (with the bearer token in the shell), and goes
 * home; a link that did not work goes to the root with its error, as on the web, and from there
 * to the login page saying why (AuthReturnErrors).
 */
export function ConfirmEmailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const { refetch } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = query.get('token') ?? '';
    void authClient
      .verifyEmail({ query: { token } })
      .then(async ({ data, error }) => {
        if (error) {
          navigate(`/?error=${encodeURIComponent(error.code ?? 'INVALID_TOKEN')}`, {
            replace: true,
          });
          return;
        }
        // Confirmed by an earlier tap of the link: no new session comes with it (better-auth
        // answers `user: null`; its client types only `status`).
        if (!(data as { user?: unknown } | null)?.user) {
          navigate('/login', {
            replace: true,
            state: { notice: t('auth.login.alreadyConfirmed') },
          });
          return;
        }
        await refetch().catch(() => undefined);
        navigate('/', { replace: true });
      })
      .catch(() => navigate('/?error=INVALID_TOKEN', { replace: true }));
  }, [navigate, query, refetch, t]);

  return <LoadingScreen message={t('auth.google.signingIn')} />;
}
