import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/Spinner';
import { closeSystemBrowser, finishNativeSignIn } from './native-google';
import { useLinkOnce } from './use-link-once';
import '../../texts/auth';

/**
 * /auth/callback: where the native shell's Google sign-in returns (the app link
 * `lesefuchs://auth/callback?code=…` opens this address). It exchanges the code, then goes home
 * signed in, or to the login screen saying what went wrong.
 */
export function AuthCallbackScreen() {
  const { t } = useTranslation();
  useLinkOnce(async (query) => {
    void closeSystemBrowser();
    const failure = await finishNativeSignIn(query);
    return failure ? { to: `/login?google=${failure}` } : { to: '/', signedIn: true };
  });
  return <LoadingScreen message={t('auth.google.signingIn')} />;
}
