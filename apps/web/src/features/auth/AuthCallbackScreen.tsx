import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/Spinner';
import { useAuth } from '../../lib/auth-client';
import { closeSystemBrowser, finishNativeSignIn } from './native-google';

/**
 * /auth/callback: where the native shell's Google sign-in returns (the app link
 * `lesefuchs://auth/callback?code=…` opens this address). It exchanges the code, then goes home
 * signed in, or to the login screen saying what went wrong.
 */
export function AuthCallbackScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const { refetch } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    // Once per return, also under StrictMode's second effect run: a code is good once.
    if (started.current) return;
    started.current = true;
    void closeSystemBrowser();
    void finishNativeSignIn(new URLSearchParams(query)).then(async (failure) => {
      if (failure) {
        navigate(`/login?google=${failure}`, { replace: true });
        return;
      }
      await refetch().catch(() => undefined);
      navigate('/', { replace: true });
    });
  }, [navigate, query, refetch]);

  return <LoadingScreen message={t('auth.google.signingIn')} />;
}
