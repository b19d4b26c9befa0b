import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, Field, FormMessage } from '../../components/Form';
import { authClient } from '../../lib/auth-client';
import { checkEmailRequest, recordEmailRequest } from './email-request-limits';
import { GoogleSignIn } from './GoogleSignIn';
import { type AuthError, limitText, waitText } from './messages';
import '../../texts/auth';

/** What a return from Google sign-in (`/login?google=…`) says went wrong. */
const GOOGLE_RETURN_ERRORS: Record<string, string> = {
  cancelled: 'auth.google.cancelled',
  expired: 'auth.google.expired',
};

/** /login: e-mail and password, the forgot-password and sign-up links, and resending the confirmation. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as { notice?: string; errorKey?: string } | null;
  const notice = state?.notice;
  const [searchParams] = useSearchParams();
  const returnError = state?.errorKey
    ? t(state.errorKey)
    : searchParams.has('google')
      ? t(GOOGLE_RETURN_ERRORS[searchParams.get('google') ?? ''] ?? 'auth.google.failed')
      : null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [resent, setResent] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const signInError = (failure: AuthError): string => {
    if (failure.code === 'EMAIL_NOT_VERIFIED') return t('auth.login.emailNotConfirmed');
    if (failure.code === 'INVALID_EMAIL_OR_PASSWORD') return t('auth.login.invalidCredentials');
    if (failure.code === 'USER_NOT_FOUND') return t('auth.login.userNotFound');
    if (failure.code === 'TOKEN_EXPIRED') return t('auth.login.expiredLink');
    if (failure.code === 'INVALID_PASSWORD' || failure.code === 'PASSWORD_TOO_SHORT')
      return t('auth.login.invalidPassword');
    if (failure.code === 'TOO_MANY_SIGN_IN_ATTEMPTS') {
      const waitMs = (failure.retryAfterSeconds ?? 60) * 1000;
      return `${t('auth.login.tooManyAttempts')} ${waitText(t, waitMs)}`;
    }
    if (failure.status === 429) return failure.message ?? t('auth.login.failed');
    return t('auth.login.failed');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setResent(null);
    if (!email.trim() || !password) {
      setError(t('auth.fillAllFields'));
      return;
    }
    setBusy(true);
    try {
      const { error: failure } = await authClient.signIn.email({ email: email.trim(), password });
      if (failure) {
        setUnconfirmed(
          failure.code === 'EMAIL_NOT_VERIFIED' || failure.code === 'INVALID_EMAIL_OR_PASSWORD',
        );
        setError(signInError(failure));
        return;
      }
      navigate('/', { replace: true });
    } catch {
      setError(t('auth.login.failed'));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResent(null);
    const address = email.trim();
    if (!address) {
      setResent({ tone: 'error', text: t('auth.resend.needEmail') });
      return;
    }
    const verdict = checkEmailRequest('confirmation', address);
    if (!verdict.allowed) {
      setResent({ tone: 'error', text: limitText(t, 'confirmation', verdict) });
      return;
    }
    recordEmailRequest('confirmation', address);
    const { error: failure } = await authClient.sendVerificationEmail({
      email: address,
      callbackURL: '/',
    });
    setResent(
      failure
        ? {
            tone: 'error',
            text: `${failure.message ?? t('auth.resend.failed')} ${t('auth.limits.confirmation.support')}`,
          }
        : { tone: 'success', text: t('auth.resend.sent') },
    );
  };

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {notice && <FormMessage tone="info">{notice}</FormMessage>}
      {returnError && !error && <FormMessage tone="error">{returnError}</FormMessage>}
      <GoogleSignIn label={t('auth.google.signIn')} />
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <button type="submit" className="button-primary justify-center" disabled={busy}>
          {busy ? t('auth.login.busy') : t('auth.login.submit')}
        </button>
      </form>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link className="text-link" to="/forgot-password">
          {t('auth.login.forgot')}
        </Link>
        <Link className="text-link" to="/signup">
          {t('auth.login.signup')}
        </Link>
      </div>
      <div className="flex flex-col gap-2 border-stone-200 border-t pt-4 dark:border-stone-800">
        {unconfirmed && (
          <p className="text-sm text-stone-600 dark:text-stone-300">{t('auth.resend.hint')}</p>
        )}
        <button type="button" className="button-secondary" onClick={() => void resend()}>
          {t('auth.resend.button')}
        </button>
        {resent && <FormMessage tone={resent.tone}>{resent.text}</FormMessage>}
      </div>
    </AuthCard>
  );
}
