import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { inSection, MAIN_MENU, type MenuEntry } from '../app/navigation';
import { setDeckIntent } from '../features/vocabulary/decks';

/** The wide layout's main menu: submenus open on hover and on keyboard focus. */
export function MainMenu() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')}>
      <ul className="flex items-center gap-1">
        {MAIN_MENU.map((entry) => (
          <MenuItem key={entry.label} entry={entry} />
        ))}
      </ul>
    </nav>
  );
}

function MenuItem({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const submenuId = useId();
  const active = inSection(pathname, entry.to);
  const linkClass = `menu-link ${active ? 'menu-link-active' : ''}`;

  if (!entry.children) {
    return (
      <li>
        <Link
          to={entry.to}
          data-tour={`nav-${entry.to}`}
          className={linkClass}
          aria-current={active && pathname === entry.to ? 'page' : undefined}
        >
          {t(entry.label)}
        </Link>
      </li>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
  };
  return (
    <li
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="flex items-center">
        <Link to={entry.to} data-tour={`nav-${entry.to}`} className={linkClass}>
          {t(entry.label)}
        </Link>
        <button
          type="button"
          className="rounded-md p-1 text-stone-500 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white"
          aria-expanded={open}
          aria-controls={submenuId}
          aria-label={t('nav.submenu', { name: t(entry.label) })}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDown
            aria-hidden
            size={16}
            className={open ? 'rotate-180 transition' : 'transition'}
          />
        </button>
      </div>
      <ul
        id={submenuId}
        hidden={!open}
        className="absolute top-full left-0 z-40 min-w-52 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg dark:border-stone-700 dark:bg-stone-900"
      >
        {entry.children.map((child) => (
          <li key={child.to}>
            <Link
              to={child.to}
              onClick={() => {
                setOpen(false);
                // A menu link to a deck is the learner's intent: it wins over a manual choice.
                const deck = new URLSearchParams(child.to.split('?')[1] ?? '').get('deck');
                if (child.to.startsWith('/vocabulary') && deck) setDeckIntent(deck);
              }}
              className="block rounded-lg px-3 py-2 text-stone-700 hover:bg-orange-50 hover:text-orange-800 focus-visible:bg-orange-50 dark:text-stone-200 dark:hover:bg-stone-800 dark:hover:text-orange-300"
            >
              {t(child.label)}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
