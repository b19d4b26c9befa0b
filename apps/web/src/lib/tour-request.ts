// Asking for a guided tour from anywhere (the user menu, the profile): the tours themselves and
// their library load behind every page (features/tours/TourHost) and answer this event.

export const TOUR_NAMES = ['app', 'story', 'flashcards', 'vocabulary', 'quiz'] as const;
export type TourName = (typeof TOUR_NAMES)[number];

export const TOUR_EVENT = 'lesefuchs:tour';

let pending: TourName | null = null;

/**
 * Starts a tour on its page (navigating there first). Asked for before the tours have loaded
 * (the first moments of a page), it waits for them.
 */
export function requestTour(name: TourName): void {
  pending = name;
  window.dispatchEvent(new CustomEvent<TourName>(TOUR_EVENT, { detail: name }));
}

/** The tour asked for and not yet started, taken (the tours' host calls this). */
export function takeRequestedTour(): TourName | null {
  const name = pending;
  pending = null;
  return name;
}
