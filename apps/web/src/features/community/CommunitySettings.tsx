import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VisibilitySwitch } from './VisibilitySwitch';
import './texts';
import '../../texts/profile';

/**
 * The settings' "Community" group: the same "Show me on the boards" switch as the community
 * screen, written at once through its endpoint (not the preferences queue); a guest reads why
 * there is nothing to choose.
 */
export function CommunitySettings({ userId }: { userId: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="settings-community">
      {userId ? (
        <VisibilitySwitch userId={userId} />
      ) : (
        <p className="text-stone-700 dark:text-stone-300" data-testid="settings-community-guest">
          {t('community.visibility.guest')}
        </p>
      )}
      <Link to="/community" className="text-link flex min-h-11 items-center self-start">
        {t('profile.openCommunity')}
      </Link>
    </div>
  );
}
