import { nicknameError } from '@lesefuchs/core/validation/nickname';
import { checkPassword } from '@lesefuchs/core/validation/password';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard, Field, FormMessage } from '../../components/Form';
import { authClient } from '../../lib/auth-client';
import { currentLanguage } from '../../lib/i18n';
import { GoogleSignIn } from './GoogleSignIn';
import { type AuthError, nicknameText, passwordRefusalText } from './messages';
import { PasswordStrengthBar, usePasswordRequirements } from './PasswordStrength';
import '../../texts/auth';

/** /signup: nickname, e-mail, password with its strength, confirmation; then the e-mail to confirm. */
export function SignupScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ nickname: '', email: '', password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [field]: event.target.value }));

  const nicknameProblem = nicknameError(form.nickname);
  const translateNickname = (message: string) => nicknameText(t, message);
  const password = checkPassword(form.password);
  const requirements = usePasswordRequirements(form.password);

  const signUpError = (failure: AuthError): string => {
    if (
      failure.code === 'USER_ALREADY_EXISTS' ||
      failure.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
    ) {
      return t('auth.signup.emailTaken');
    }
    const refusal = passwordRefusalText(t, failure);
    if (refusal) return refusal;
    if (failure.message && /nickname/i.test(failure.message))
      return translateNickname(failure.message);
    if ((failure.status ?? 0) >= 500) return t('auth.signup.serverError');
    return failure.message || t('auth.signup.failed');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.email.trim() || !form.nickname.trim() || !form.password)
      return setError(t('auth.signup.requiredFields'));
    if (nicknameProblem)
      return setError(
        t('auth.signup.fixNickname', { problem: translateNickname(nicknameProblem) }),
      );
    if (!password.acceptable) return setError(t('auth.signup.weakPassword'));
    if (form.password !== form.confirm) return setError(t('auth.passwordsDiffer'));
    setBusy(true);
    try {
      const body = {
        email: form.email.trim(),
        password: form.password,
        name: form.nickname.trim(),
        nativeLanguage: currentLanguage(),
        callbackURL: '/',
      };
      const { data, error: failure } = await authClient.signUp.email(
        body as Parameters<typeof authClient.signUp.email>[0],
      );
      if (failure) return setError(signUpError(failure));
      // A user without a session: the address must be confirmed first (spec 1 §4).
      if (data && !data.token)
        navigate('/login', { state: { notice: t('auth.login.emailNotConfirmed') } });
      else navigate('/', { replace: true });
    } catch {
      setError(t('auth.signup.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <GoogleSignIn label={t('auth.google.continue')} />
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4"
        onInput={() => setTouched(true)}
      >
        <Field
          label={t('auth.nickname.label')}
          autoComplete="nickname"
          required
          value={form.nickname}
          onChange={set('nickname')}
          error={
            touched && form.nickname && nicknameProblem ? translateNickname(nicknameProblem) : null
          }
        />
        <Field
          label={t('auth.emailAddress')}
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
        />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set('password')}
          hint={requirements}
        />
        <PasswordStrengthBar password={form.password} />
        <Field
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={form.confirm}
          onChange={set('confirm')}
        />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <button
          type="submit"
          className="button-primary justify-center"
          disabled={busy || !password.acceptable}
        >
          {busy ? t('auth.signup.busy') : t('auth.signup.submit')}
        </button>
      </form>
      <p className="text-sm">
        {t('auth.signup.haveAccount')}{' '}
        <Link className="text-link" to="/login">
          {t('auth.signup.login')}
        </Link>
      </p>
    </AuthCard>
  );
}
