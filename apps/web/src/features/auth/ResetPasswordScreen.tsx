import { checkPassword } from '@lesefuchs/core/validation/password';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RECOVERY_FLAG_KEY } from '../../app/RecoveryLinks';
import { AuthCard, Field, FormMessage } from '../../components/Form';
import { LoadingScreen } from '../../components/Spinner';
import { authClient } from '../../lib/auth-client';
import { signOut } from '../../lib/session';
import { passwordRefusalText } from './messages';
import { PasswordStrengthBar, usePasswordRequirements } from './PasswordStrength';
import '../../texts/auth';

/**
 * /reset-password: the mailed link lands here with its token (or with ?error= when the link is
 * invalid or used). The token becomes the reset session; the new password is set with it.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [linkError, setLinkError] = useState<string | null>(null);
  const read = useRef(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requirements = usePasswordRequirements(password);

  // Take the token out of the address bar (it is a credential) and keep it for this page.
  useEffect(() => {
    if (read.current) return;
    read.current = true;
    setToken(params.get('token'));
    setLinkError(params.get('error'));
    if (params.has('token') || params.has('error')) setParams({}, { replace: true });
  }, [params, setParams]);

  if (token === undefined) return <LoadingScreen message={t('auth.reset.settingUp')} />;

  const requestAgain = (
    <Link className="text-link" to="/forgot-password">
      {t('auth.reset.requestNew')}
    </Link>
  );
  if (!token) {
    const message =
      linkError === 'INVALID_TOKEN' ? t('auth.reset.invalidLink') : t('auth.reset.noSession');
    return (
      <AuthCard title={t('auth.reset.title')}>
        <FormMessage tone="error">{message}</FormMessage>
        {requestAgain}
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password || !confirm) return setError(t('auth.reset.bothFields'));
    if (password !== confirm) return setError(t('auth.reset.mismatch'));
    const check = checkPassword(password);
    if (!check.acceptable)
      return setError(t('auth.reset.weak', { reasons: requirements ?? '' }).trim());
    setBusy(true);
    try {
      const { error: failure } = await authClient.resetPassword({ newPassword: password, token });
      if (failure) {
        setError(
          failure.code === 'INVALID_TOKEN'
            ? t('auth.reset.invalidLink')
            : (passwordRefusalText(t, failure) ??
                (failure.message
                  ? t('auth.reset.updateFailed', { message: failure.message })
                  : t('auth.reset.failed'))),
        );
        return;
      }
      localStorage.removeItem(RECOVERY_FLAG_KEY);
      await signOut();
      navigate('/login', { replace: true, state: { notice: t('auth.reset.done') } });
    } catch {
      setError(t('auth.reset.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('auth.reset.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={requirements}
        />
        <PasswordStrengthBar password={password} />
        <Field
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {error && (
          <FormMessage tone="error">
            {error} {error === t('auth.reset.invalidLink') && requestAgain}
          </FormMessage>
        )}
        <button type="submit" className="button-primary justify-center" disabled={busy}>
          {busy ? t('auth.reset.busy') : t('auth.reset.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
