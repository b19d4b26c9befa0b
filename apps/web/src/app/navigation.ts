import {
  BookMarked,
  BookOpen,
  GraduationCap,
  House,
  Languages,
  type LucideIcon,
} from 'lucide-react';

export interface MenuLink {
  to: string;
  /** i18n key of the label. */
  label: string;
}

export interface MenuEntry extends MenuLink {
  children?: MenuLink[];
}

/** The wide header's main menu; entries with children open a submenu on hover or focus. */
export const MAIN_MENU: MenuEntry[] = [
  { to: '/', label: 'nav.home' },
  {
    to: '/stories',
    label: 'nav.stories',
    children: [
      { to: '/stories', label: 'nav.allStories' },
      { to: '/stories/audios', label: 'nav.audios' },
      { to: '/bookmarks', label: 'nav.bookmarks' },
      { to: '/stories/offline', label: 'nav.offline' },
    ],
  },
  {
    to: '/study',
    label: 'nav.study',
    children: [
      { to: '/study', label: 'nav.studyHub' },
      { to: '/study/flashcards', label: 'nav.flashcards' },
      { to: '/study/quiz', label: 'nav.quiz' },
      { to: '/flashcard-overview', label: 'nav.flashcardOverview' },
    ],
  },
  {
    to: '/vocabulary',
    label: 'nav.vocabulary',
    children: [
      { to: '/vocabulary', label: 'nav.vocabularyDatabase' },
      { to: '/vocabulary?deck=saved', label: 'nav.myList' },
    ],
  },
  { to: '/community', label: 'nav.community' },
];

export interface SideNavEntry extends MenuLink {
  icon: LucideIcon;
}

/** The compact layout's side navigation (spec 1 §2): home, stories, study, vocabulary, bookmarks. */
export const SIDE_NAV: SideNavEntry[] = [
  { to: '/', label: 'nav.home', icon: House },
  { to: '/stories', label: 'nav.stories', icon: BookOpen },
  { to: '/study', label: 'nav.study', icon: GraduationCap },
  { to: '/vocabulary', label: 'nav.vocabulary', icon: Languages },
  { to: '/bookmarks', label: 'nav.bookmarks', icon: BookMarked },
];

/** The element the vocabulary entry of the side navigation scrolls to. */
export const VOCABULARY_HEADER_ID = 'vocabulary-header';

/** Whether a path belongs to a section (the section's own path or one below it). */
export function inSection(pathname: string, to: string): boolean {
  const path = to.split('?')[0] ?? to;
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}
