import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard, Field, FormMessage } from '../../components/Form';
import { authClient } from '../../lib/auth-client';
import { checkEmailRequest, recordEmailRequest } from './email-request-limits';
import { limitText } from './messages';
import '../../texts/auth';

/** /forgot-password: asks for a reset link, within the per-address limits. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const address = email.trim();
    if (!address) return setResult({ tone: 'error', text: t('auth.forgot.needEmail') });
    const verdict = checkEmailRequest('password-reset', address);
    if (!verdict.allowed)
      return setResult({ tone: 'error', text: limitText(t, 'password-reset', verdict) });
    setBusy(true);
    try {
      recordEmailRequest('password-reset', address);
      const { error } = await authClient.requestPasswordReset({
        email: address,
        redirectTo: '/reset-password',
      });
      setResult(
        error
          ? { tone: 'error', text: error.message || t('auth.forgot.failed') }
          : { tone: 'success', text: t('auth.forgot.sent') },
      );
    } catch {
      setResult({ tone: 'error', text: t('auth.forgot.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
        <button type="submit" className="button-primary justify-center" disabled={busy}>
          {busy ? t('auth.forgot.busy') : t('auth.forgot.submit')}
        </button>
      </form>
      <Link className="text-link text-sm" to="/login">
        {t('auth.forgot.back')}
      </Link>
    </AuthCard>
  );
}
