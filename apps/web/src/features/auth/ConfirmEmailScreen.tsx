import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/Spinner';
import { authClient } from '../../lib/auth-client';
import { useLinkOnce } from './use-link-once';
import '../../texts/auth';

/**
 * /auth/confirm?token=…: the e-mail confirmation link when it opens the native app (an app link
 * to the server's `/api/auth/verify-email`, native-shell.ts). The app confirms the address with
 * the server itself, which signs the learner in (with the bearer token in the shell), and goes
 * home; a link that did not work goes to the root with its error, as on the web, and from there
 * to the login page saying why (AuthReturnErrors).
 */
export function ConfirmEmailScreen() {
  const { t } = useTranslation();
  useLinkOnce(async (query) => {
    try {
      const { data, error } = await authClient.verifyEmail({
        query: { token: query.get('token') ?? '' },
      });
      if (error) return { to: `/?error=${encodeURIComponent(error.code ?? 'INVALID_TOKEN')}` };
      // Confirmed by an earlier tap of the link: no new session comes with it (better-auth
      // answers `user: null`; its client types only `status`).
      if (!(data as { user?: unknown } | null)?.user)
        return { to: '/login', state: { notice: t('auth.login.alreadyConfirmed') } };
      return { to: '/', signedIn: true };
    } catch {
      return { to: '/?error=INVALID_TOKEN' };
    }
  });
  return <LoadingScreen message={t('auth.google.signingIn')} />;
}
