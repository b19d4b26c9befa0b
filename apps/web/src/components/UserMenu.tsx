import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Route, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOut } from '../lib/session';
import { requestTour, TOUR_NAMES } from '../lib/tour-request';
import { Avatar, type MenuUser } from './Avatar';
import '../texts/tours';

/** The signed-in user's menu: opens on click, closes on an outside click or Escape. */
export function UserMenu({ user }: { user: MenuUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onSignOut = async () => {
    // The local session is cleared whatever the server answers (spec 1 §4).
    await signOut();
    navigate('/');
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="rounded-full focus-visible:outline-2 focus-visible:outline-orange-600"
        aria-label={t('nav.userMenu')}
      >
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg dark:border-stone-700 dark:bg-stone-900"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-stone-500 text-sm dark:text-stone-400">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className="dropdown-item">
            <Link to="/profile">
              <UserRound aria-hidden size={16} />
              {t('nav.profile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="dropdown-item">
            <Link to="/settings">
              <Settings aria-hidden size={16} />
              {t('nav.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-700" />
          <DropdownMenu.Label className="px-3 pt-1 pb-0.5 font-medium text-stone-500 text-xs dark:text-stone-400">
            {t('tours.menu')}
          </DropdownMenu.Label>
          {TOUR_NAMES.map((name) => (
            <DropdownMenu.Item
              key={name}
              className="dropdown-item"
              onSelect={() => requestTour(name)}
            >
              <Route aria-hidden size={16} />
              {t(`tours.${name}.name`)}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-700" />
          <DropdownMenu.Item className="dropdown-item" onSelect={() => void onSignOut()}>
            <LogOut aria-hidden size={16} />
            {t('nav.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
