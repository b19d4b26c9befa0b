import type { Config, DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import type { TFunction } from 'i18next';

// Guided tours (spec 1 §2): the app tour and one each for the story viewer, flashcards,
// vocabulary and quiz. A tour runs only when the page has its elements and, when it starts by
// itself, only if it was not completed before; completion is kept on the device per tour.

import type { TourName } from '../../lib/tour-request';
import '../../texts/tours';

export type { TourName } from '../../lib/tour-request';

const COMPLETED_KEY = 'lesefuchs.tours.completed';

interface TourStep {
  /** `data-tour` names to highlight, the first visible one wins; none: a centred message. */
  targets?: string[];
  /** i18n key under tours.<tour>. */
  key: string;
}

interface Tour {
  /** Where the tour runs. */
  path: string;
  /** The element the page must have for the tour to run. */
  requires: string;
  steps: TourStep[];
}

export const TOURS: Record<TourName, Tour> = {
  app: {
    path: '/',
    requires: 'header',
    steps: [
      { key: 'welcome' },
      { key: 'stories', targets: ['nav-/stories'] },
      { key: 'study', targets: ['nav-/study'] },
      { key: 'vocabulary', targets: ['nav-/vocabulary'] },
      // The wide menu keeps bookmarks under Stories.
      { key: 'bookmarks', targets: ['nav-/bookmarks', 'nav-/stories'] },
      { key: 'final' },
    ],
  },
  story: {
    path: '/stories/1',
    requires: 'story-text',
    steps: [
      { key: 'text', targets: ['story-text'] },
      { key: 'words', targets: ['story-word'] },
      { key: 'translation', targets: ['story-translation'] },
      { key: 'modes', targets: ['story-modes'] },
    ],
  },
  flashcards: {
    path: '/study/flashcards',
    // The study screen once loaded, in any state: choosing cards, a card, or none left. A step
    // whose element the screen does not show right now (no card yet, the options folded) is
    // left out.
    requires: 'flashcards',
    steps: [
      { key: 'decks', targets: ['flashcard-decks'] },
      { key: 'get', targets: ['flashcard-get'] },
      { key: 'card', targets: ['flashcard'] },
      { key: 'grades', targets: ['flashcard-grades'] },
      { key: 'progress', targets: ['flashcard-progress'] },
    ],
  },
  vocabulary: {
    path: '/vocabulary',
    requires: 'vocabulary-list',
    steps: [
      { key: 'search', targets: ['vocabulary-search'] },
      { key: 'decks', targets: ['vocabulary-decks'] },
      { key: 'list', targets: ['vocabulary-list'] },
    ],
  },
  quiz: {
    path: '/study/quiz',
    requires: 'quiz-modes',
    steps: [
      { key: 'modes', targets: ['quiz-modes'] },
      { key: 'start', targets: ['quiz-start'] },
    ],
  },
};

export function completedTours(): Set<string> {
  try {
    const list = JSON.parse(localStorage.getItem(COMPLETED_KEY) ?? '[]');
    return new Set(Array.isArray(list) ? list.map(String) : []);
  } catch {
    return new Set();
  }
}

export function markTourCompleted(name: TourName): void {
  const done = completedTours();
  done.add(name);
  try {
    localStorage.setItem(COMPLETED_KEY, JSON.stringify([...done]));
  } catch {
    // Storage blocked: the tour may show again next time.
  }
}

const visible = (element: Element) =>
  element instanceof HTMLElement && element.getClientRects().length > 0;

/** The first visible element for any of the `data-tour` names, in the order given. */
export function tourTarget(names: readonly string[]): HTMLElement | undefined {
  for (const name of names) {
    const found = [...document.querySelectorAll(`[data-tour="${name}"]`)].find(visible);
    if (found) return found as HTMLElement;
  }
  return undefined;
}

/** Whether the current page has what a tour needs. */
export function tourAvailable(name: TourName): boolean {
  const { requires } = TOURS[name];
  return requires === 'header'
    ? document.querySelector('[data-testid="header"]') !== null
    : tourTarget([requires]) !== undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Runs a tour on the current page and resolves when it ends (finished or closed), which marks
 * it completed. Resolves false at once when the page lacks the tour's elements.
 */
export async function runTour(
  name: TourName,
  t: TFunction,
  options: { signedIn: boolean },
): Promise<boolean> {
  if (!tourAvailable(name)) return false;
  const { driver } = await import('driver.js');
  const steps: DriveStep[] = TOURS[name].steps.flatMap((step) => {
    const element = step.targets ? tourTarget(step.targets) : undefined;
    if (step.targets && !element) return [];
    let description = escapeHtml(t(`tours.${name}.${step.key}.text`));
    if (name === 'app' && step.key === 'final' && !options.signedIn) {
      description += `<br><a class="driver-signup-link" href="/signup">${escapeHtml(t('tours.app.final.signup'))}</a>`;
    }
    return [
      {
        element,
        popover: { title: escapeHtml(t(`tours.${name}.${step.key}.title`)), description },
      },
    ];
  });
  // A centred step highlights driver's placeholder <div>, which then gets popup attributes that
  // are not allowed on a plain element (and it is no control anyone can reach): take them off.
  const POPUP_ATTRIBUTES = ['aria-haspopup', 'aria-expanded', 'aria-controls'];
  const placeholderGuard = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target as Element;
      if (target.id === 'driver-dummy-element' && target.hasAttribute(record.attributeName ?? '')) {
        target.removeAttribute(record.attributeName ?? '');
      }
    }
  });
  placeholderGuard.observe(document.body, {
    subtree: true,
    attributes: true,
    attributeFilter: POPUP_ATTRIBUTES,
  });
  return new Promise<boolean>((resolve) => {
    const config: Config = {
      steps,
      animate: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
      showProgress: true,
      progressText: t('tours.progress', { current: '{{current}}', total: '{{total}}' }),
      nextBtnText: t('tours.next'),
      prevBtnText: t('tours.previous'),
      doneBtnText: t('tours.done'),
      popoverClass: 'lesefuchs-tour',
      onPopoverRender: (popover) => {
        popover.closeButton.setAttribute('aria-label', t('tours.close'));
      },
      onDestroyed: () => {
        placeholderGuard.disconnect();
        markTourCompleted(name);
        resolve(true);
      },
    };
    driver(config).drive();
  });
}
