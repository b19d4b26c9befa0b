import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { inSection, SIDE_NAV, VOCABULARY_HEADER_ID } from '../app/navigation';
import { stopAllAudio } from '../lib/audio-bus';

/**
 * The compact layout's section navigation, docked at the bottom of the screen where a thumb
 * reaches it. It slides away on scroll down and returns on scroll up.
 */
export function SideNav({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  const onClick = (event: MouseEvent, to: string) => {
    if (pathname !== to) return;
    // The entry of the current page: stay, scroll to the top and stop audio.
    event.preventDefault();
    stopAllAudio();
    const vocabularyHeader =
      to === '/vocabulary' ? document.getElementById(VOCABULARY_HEADER_ID) : null;
    if (vocabularyHeader) vocabularyHeader.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <nav
      aria-label={t('nav.sections')}
      data-testid="side-nav"
      data-covers="bottom"
      data-visible={visible}
      className={`fixed inset-x-0 bottom-0 z-30 border-stone-200 border-t bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur transition-transform duration-200 dark:border-stone-800 dark:bg-stone-950/95 ${visible ? 'translate-y-0' : 'translate-y-full'}`}
    >
      <ul className="mx-auto flex max-w-xl justify-around">
        {SIDE_NAV.map(({ to, label, icon: Icon }) => {
          const active = inSection(pathname, to);
          return (
            <li key={to} className="flex-1">
              <Link
                to={to}
                data-tour={`nav-${to}`}
                onClick={(event) => onClick(event, to)}
                aria-current={pathname === to ? 'page' : undefined}
                tabIndex={visible ? undefined : -1}
                className={`flex flex-col items-center gap-0.5 px-1 py-2 text-xs ${active ? 'font-semibold text-orange-700 dark:text-orange-300' : 'text-stone-600 dark:text-stone-400'}`}
              >
                <Icon aria-hidden size={22} />
                {t(label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
