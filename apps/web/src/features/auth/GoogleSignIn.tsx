import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/Form';
import { api } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { isNativeShell } from '../../lib/native';
import '../../texts/auth';

/** What the server offers the client; fetched once a session. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => api<{ googleSignIn: boolean }>('/api/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where Google sends the browser back when sign-in did not work. */
export const GOOGLE_FAILED_PATH = '/login?google=failed';

/**
 * The Google button of the login and sign-up screens, followed by the divider before the
 * e-mail form. Shown only when the server has Google sign-in configured. Inside the native
 * shell it opens the system browser (Google refuses sign-in in an app's web view), and the app
 * link back finishes it (native-google.ts, /auth/callback).
 */
export function GoogleSignIn({ label }: { label: string }) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!config.data?.googleSignIn) return null;

  const start = async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (isNativeShell()) {
        const { startNativeGoogleSignIn } = await import('./native-google');
        await startNativeGoogleSignIn();
        return;
      }
      const { error } = await authClient.signIn.social({
        provider: 'google',
        callbackURL: '/',
        errorCallbackURL: GOOGLE_FAILED_PATH,
      });
      if (error) setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button-secondary justify-center gap-3"
        onClick={() => void start()}
        disabled={busy}
      >
        <GoogleMark />
        {label}
      </button>
      {failed && <FormMessage tone="error">{t('auth.google.failed')}</FormMessage>}
      <div className="flex items-center gap-3 text-sm text-stone-500 dark:text-stone-400">
        <span className="h-px flex-1 bg-stone-200 dark:bg-stone-700" />
        {t('auth.google.or')}
        <span className="h-px flex-1 bg-stone-200 dark:bg-stone-700" />
      </div>
    </>
  );
}

/** A four-colour "G", drawn for the button. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z"
      />
      <path
        fill="#34A853"
        d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z"
      />
      <path
        fill="#FBBC05"
        d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2L6.4 14z"
      />
      <path
        fill="#EA4335"
        d="M12 5.9c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10c.8-2.3 3-4.1 5.6-4.1z"
      />
    </svg>
  );
}
