import { dateTimeFormat } from '@lesefuchs/core/intl';
import { checkPassword } from '@lesefuchs/core/validation/password';
import { Route, Users } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { AuthCard, Field, FormMessage } from '../../components/Form';
import { ModalDialog } from '../../components/ModalDialog';
import { Panel } from '../../components/Panel';
import { SignInPrompt } from '../../components/SignInPrompt';
import { LoadingScreen } from '../../components/Spinner';
import { authClient } from '../../lib/auth-client';
import { currentLocale } from '../../lib/i18n';
import { useOnline } from '../../lib/online';
import { refreshSession, signOut, useAuth } from '../../lib/session';
import { requestTour, TOUR_NAMES } from '../../lib/tour-request';
import { MembershipLine } from '../audio/MembershipLine';
import { passwordRefusalText } from '../auth/messages';
import { PasswordStrengthBar } from '../auth/PasswordStrength';
import { ProgressOverview } from '../stats/ProgressOverview';
import { DetailsPanel } from './DetailsPanel';
import { PreferencesPanel } from './PreferencesPanel';
import {
  type Profile,
  useAvatarsQuery,
  useProfileQuery,
  useUpdateProfile,
} from './profile-queries';
import '../../texts/auth';
import '../../texts/profile';
import '../../texts/tours';

type Status = { tone: 'success' | 'error'; text: string } | null;

/** /profile: who you are, your avatar, your password, signing out and removing the account. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const profile = useProfileQuery(user?.id);
  const online = useOnline();

  if (status === 'checking') return <LoadingScreen message={t('status.checkingAuth')} />;
  if (!user) {
    return (
      <SignInPrompt title={t('pages.profile')} message={t('profile.signInPrompt')}>
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
      </SignInPrompt>
    );
  }
  // Offline without a copy of the profile: said plainly; it loads by itself back online.
  if (profile.isPending && !online) {
    return (
      <AuthCard title={t('pages.profile')}>
        <p role="status" data-testid="profile-offline">
          {t('profile.offline')}
        </p>
      </AuthCard>
    );
  }
  if (profile.isPending) return <LoadingScreen message={t('status.loadingProfile')} />;
  if (profile.isError || !profile.data) {
    return (
      <AuthCard title={t('pages.profile')}>
        <FormMessage tone="error">{t('profile.loadFailed')}</FormMessage>
        <button type="button" className="button-secondary" onClick={() => void profile.refetch()}>
          {t('profile.retry')}
        </button>
      </AuthCard>
    );
  }
  return <ProfileDetails profile={profile.data} />;
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const joined = dateTimeFormat(currentLocale(), { dateStyle: 'long' }).format(
    new Date(profile.joinedAt),
  );
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-6"
    >
      <div className="flex items-center gap-4">
        <Avatar
          user={{ name: profile.nickname, email: profile.email, image: profile.avatarUrl }}
          size={72}
        />
        <div className="min-w-0">
          <h1 id="page-title" className="page-title [overflow-wrap:anywhere]">
            {profile.nickname}
          </h1>
          <p className="text-stone-600 [overflow-wrap:anywhere] dark:text-stone-300">
            {profile.email}
          </p>
          <p className="text-sm text-stone-500 dark:text-stone-400">
            {t('profile.joined', { date: joined })}
          </p>
          <MembershipLine />
        </div>
      </div>
      <ProgressOverview userId={profile.id} />
      {/* The compact layout's navigation has no Community entry (spec 1 §2): the way there. */}
      <Link
        to="/community"
        className="button-secondary min-h-11 self-start"
        data-testid="profile-community-link"
      >
        <Users aria-hidden size={16} />
        {t('profile.openCommunity')}
      </Link>
      <DetailsPanel profile={profile} />
      <AvatarPicker profile={profile} />
      <PreferencesPanel userId={profile.id} fromServer={profile.preferences} />
      <ToursPanel />
      <ChangePassword />
      <AccountActions />
    </section>
  );
}

/** The guided tours, also on phones, whose compact header has no user menu. */
function ToursPanel() {
  const { t } = useTranslation();
  return (
    <Panel title={t('tours.menu')}>
      <ul className="flex flex-wrap gap-2" data-testid="profile-tours">
        {TOUR_NAMES.map((name) => (
          <li key={name}>
            <button type="button" className="button-secondary" onClick={() => requestTour(name)}>
              <Route aria-hidden size={16} />
              {t(`tours.${name}.name`)}
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function AvatarPicker({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const avatars = useAvatarsQuery();
  const update = useUpdateProfile(profile.id);
  const { refetch: refetchSession } = useAuth();
  const [status, setStatus] = useState<Status>(null);
  const choose = (avatarUrl: string | null) => {
    setStatus(null);
    update.mutate(
      { avatarUrl },
      {
        onSuccess: () => {
          setStatus({ tone: 'success', text: t('profile.avatar.saved') });
          void refetchSession();
        },
        onError: (error) =>
          setStatus({ tone: 'error', text: error.message || t('profile.avatar.failed') }),
      },
    );
  };
  return (
    <Panel title={t('profile.avatar.title')}>
      {avatars.isPending && <p>{t('status.loading')}</p>}
      {avatars.data && (
        <div
          role="radiogroup"
          aria-label={t('profile.avatar.title')}
          className="grid grid-cols-4 gap-3 sm:grid-cols-6"
        >
          {avatars.data.map((avatar) => {
            const selected = profile.avatarUrl === avatar.url;
            return (
              <button
                key={avatar.id}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={
                  avatar.premium ? `${avatar.name} (${t('profile.avatar.premium')})` : avatar.name
                }
                title={avatar.description}
                disabled={update.isPending}
                onClick={() => choose(avatar.url)}
                className={`relative rounded-full p-1 focus-visible:outline-2 focus-visible:outline-orange-600 ${selected ? 'ring-4 ring-orange-600' : 'ring-1 ring-stone-200 dark:ring-stone-700'}`}
              >
                <img src={avatar.url} alt="" width={64} height={64} className="h-full w-full" />
                {avatar.premium && (
                  <span
                    aria-hidden
                    className="absolute -right-1 -bottom-1 rounded-full bg-amber-400 px-1.5 font-bold text-[10px] text-amber-950"
                  >
                    ★
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
      {profile.avatarUrl && (
        <button
          type="button"
          className="button-secondary self-start"
          onClick={() => choose(null)}
          disabled={update.isPending}
        >
          {t('profile.avatar.clear')}
        </button>
      )}
      {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
    </Panel>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!form.current || !form.next || !form.confirm)
      return setStatus({ tone: 'error', text: t('auth.fillAllFields') });
    if (form.next !== form.confirm)
      return setStatus({ tone: 'error', text: t('auth.reset.mismatch') });
    if (!checkPassword(form.next).acceptable)
      return setStatus({ tone: 'error', text: t('auth.signup.weakPassword') });
    setBusy(true);
    const { error } = await authClient.changePassword({
      currentPassword: form.current,
      newPassword: form.next,
      revokeOtherSessions: true,
    });
    setBusy(false);
    if (error) {
      setStatus({
        tone: 'error',
        text:
          error.code === 'INVALID_PASSWORD'
            ? t('profile.password.wrongCurrent')
            : (passwordRefusalText(t, error) ?? t('profile.password.failed')),
      });
      return;
    }
    setForm({ current: '', next: '', confirm: '' });
    setStatus({ tone: 'success', text: t('profile.password.changed') });
  };
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [field]: event.target.value }));
  return (
    <Panel title={t('profile.password.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('profile.password.current')}
          type="password"
          autoComplete="current-password"
          value={form.current}
          onChange={set('current')}
        />
        <Field
          label={t('auth.reset.newPassword')}
          type="password"
          autoComplete="new-password"
          value={form.next}
          onChange={set('next')}
        />
        <PasswordStrengthBar password={form.next} />
        <Field
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
        />
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {busy ? t('auth.reset.busy') : t('profile.password.submit')}
        </button>
      </form>
    </Panel>
  );
}

function AccountActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSignOut = async () => {
    await signOut();
    navigate('/');
  };
  const remove = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { error: failure } = await authClient.deleteUser({ password });
    setBusy(false);
    if (failure) {
      setError(t('profile.remove.failed'));
      return;
    }
    dialog.current?.close();
    await refreshSession();
    navigate('/profile', { replace: true, state: { notice: t('profile.remove.done') } });
  };

  return (
    <Panel title={t('profile.account.title')}>
      <button
        type="button"
        className="button-secondary self-start"
        onClick={() => void onSignOut()}
      >
        {t('nav.signOut')}
      </button>
      <div className="flex flex-col gap-2 border-stone-200 border-t pt-4 dark:border-stone-800">
        <p className="text-sm text-stone-600 dark:text-stone-300">{t('profile.remove.explain')}</p>
        <button
          type="button"
          className="button-danger self-start"
          onClick={() => dialog.current?.showModal()}
        >
          {t('profile.remove.button')}
        </button>
      </div>
      <ModalDialog
        ref={dialog}
        title={t('profile.remove.confirmTitle')}
        description={t('profile.remove.confirmBody')}
      >
        <form onSubmit={remove} className="flex flex-col gap-4">
          <Field
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <div className="flex justify-end gap-3">
            <button
              type="button"
              className="button-secondary"
              onClick={() => dialog.current?.close()}
            >
              {t('profile.remove.cancel')}
            </button>
            <button type="submit" className="button-danger" disabled={busy || !password}>
              {t('profile.remove.confirm')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </Panel>
  );
}
