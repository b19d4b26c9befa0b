import { WIDE_LAYOUT_MIN_PX } from '@lesefuchs/core/navigation/scroll';
import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StreakBadge } from '../features/stats/StreakBadge';
import { useAuth } from '../lib/session';
import { useMediaQuery } from '../lib/use-media-query';
import { useModule } from '../lib/use-module';
import { Avatar, type MenuUser } from './Avatar';
import { Logo } from './Logo';
import { MainMenu } from './MainMenu';
import { OfflineBadge } from './OfflineBadge';
import { ThemeToggle } from './ThemeToggle';

// The account menu's library is not needed for the first paint, nor by visitors: it loads once a
// signed-in user's avatar is shown, which looks the same meanwhile.
const loadUserMenu = () => import('./UserMenu');

function AccountMenu({ user }: { user: MenuUser }) {
  const { t } = useTranslation();
  const menu = useModule(loadUserMenu);
  if (menu) return <menu.UserMenu user={user} />;
  return (
    <button type="button" className="rounded-full" aria-label={t('nav.userMenu')} aria-disabled>
      <Avatar user={user} />
    </button>
  );
}

/** Wide header from 1280 px, compact header below (spec 1 §2). */
export function Header({ logoVisible }: { logoVisible: boolean }) {
  const wide = useMediaQuery(`(min-width: ${WIDE_LAYOUT_MIN_PX}px)`);
  return wide ? <WideHeader /> : <CompactHeader logoVisible={logoVisible} />;
}

function AccountControl({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  if (status === 'checking') return <span className="h-9 w-9" aria-hidden />;
  if (user && wide) return <AccountMenu user={user} />;
  if (user) {
    return (
      <Link to="/profile" aria-label={t('nav.profile')} className="rounded-full">
        <Avatar user={user} />
      </Link>
    );
  }
  return (
    <Link to="/login" className="button-primary">
      <LogIn aria-hidden size={16} />
      {t('nav.login')}
    </Link>
  );
}

function WideHeader() {
  return (
    <header data-testid="header" data-variant="wide" data-covers="top" className="site-header">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-6">
        <Logo />
        <StreakBadge />
        <MainMenu />
        <div className="ml-auto flex items-center gap-3">
          <OfflineBadge />
          <ThemeToggle />
          <AccountControl wide />
        </div>
      </div>
    </header>
  );
}

function CompactHeader({ logoVisible }: { logoVisible: boolean }) {
  return (
    <header data-testid="header" data-variant="compact" data-covers="top" className="site-header">
      <div className="flex h-14 items-center gap-2 px-3">
        <StreakBadge />
        <div
          className={`transition-opacity ${logoVisible ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
          data-testid="header-logo"
          data-visible={logoVisible}
        >
          <Logo compact />
        </div>
        <div className="ml-auto flex items-center gap-2">
          <OfflineBadge />
          <ThemeToggle className="hidden min-[481px]:inline-flex" />
          <AccountControl wide={false} />
        </div>
      </div>
    </header>
  );
}
