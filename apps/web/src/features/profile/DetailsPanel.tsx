import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { nicknameError } from '@lesefuchs/core/validation/nickname';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field, FormMessage } from '../../components/Form';
import { Panel } from '../../components/Panel';
import { authClient } from '../../lib/auth-client';
import { useAuth } from '../../lib/session';
import { nicknameText } from '../auth/messages';
import { chooseLevel } from '../level/choose-level';
import { type Profile, profileKeys } from './profile-queries';
import '../../texts/auth';
import '../../texts/level';
import '../../texts/profile';

type Status = { tone: 'success' | 'error'; text: string } | null;

/**
 * The learner's nickname (spec 1 §5 rules, checked here as typed and by the server on save) and
 * CEFR level, each saved on its own. The level is the one the story list starts at too.
 */
export function DetailsPanel({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { refetch: refetchSession } = useAuth();
  const levelId = useId();
  const [nickname, setNickname] = useState(profile.nickname);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [levelStatus, setLevelStatus] = useState<Status>(null);
  const [savingLevel, setSavingLevel] = useState(false);

  const trimmed = nickname.trim();
  const problem = trimmed === profile.nickname ? null : nicknameError(trimmed);

  const saveNickname = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (trimmed === profile.nickname) return;
    if (problem) return setStatus({ tone: 'error', text: nicknameText(t, problem) });
    setBusy(true);
    const { error } = await authClient.updateUser({ name: trimmed });
    setBusy(false);
    if (error) {
      setStatus({
        tone: 'error',
        text: error.message ? nicknameText(t, error.message) : t('profile.details.failed'),
      });
      return;
    }
    setNickname(trimmed);
    setStatus({ tone: 'success', text: t('profile.details.nicknameSaved') });
    void refetchSession();
    await client.invalidateQueries({ queryKey: profileKeys.mine(profile.id) });
  };

  const saveLevel = async (level: Level) => {
    setLevelStatus(null);
    setSavingLevel(true);
    const saved = await chooseLevel(profile.id, level);
    setSavingLevel(false);
    setLevelStatus(
      saved
        ? { tone: 'success', text: t('profile.details.levelSaved') }
        : { tone: 'error', text: t('profile.details.failed') },
    );
  };

  return (
    <Panel title={t('profile.details.title')}>
      <form onSubmit={saveNickname} noValidate className="flex flex-col gap-3">
        <Field
          label={t('auth.nickname.label')}
          autoComplete="nickname"
          value={nickname}
          maxLength={40}
          onInput={(event) => setNickname((event.target as HTMLInputElement).value)}
          error={problem ? nicknameText(t, problem) : null}
          hint={t('profile.details.nicknameHint')}
          data-testid="profile-nickname"
        />
        <button
          type="submit"
          className="button-secondary self-start"
          disabled={busy || trimmed === profile.nickname}
        >
          {t('profile.details.saveNickname')}
        </button>
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
      </form>
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={levelId} className="font-medium text-sm text-stone-800 dark:text-stone-200">
          {t('profile.details.level')}
        </label>
        <select
          id={levelId}
          value={profile.userLevel}
          disabled={savingLevel}
          onChange={(event) => void saveLevel(event.target.value as Level)}
          className="self-start rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-900"
          data-testid="profile-level"
        >
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`profile.details.levels.${level}`)}
            </option>
          ))}
        </select>
        {levelStatus && <FormMessage tone={levelStatus.tone}>{levelStatus.text}</FormMessage>}
        <Link to="/level?check=1" className="text-link self-start text-sm">
          {t('level.prompt.help')}
        </Link>
      </div>
    </Panel>
  );
}
