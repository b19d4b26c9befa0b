import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { afterIdle } from '../../lib/idle';
import { useAuth } from '../../lib/session';
import { TOUR_EVENT, takeRequestedTour } from '../../lib/tour-request';
import { useLevelAsked } from '../level/asked';
import { completedTours, runTour, TOURS, type TourName, tourAvailable } from './tours';
import '../../texts/tours';

/** How long a page may take to show a tour's elements after navigating to it. */
const WAIT_FOR_PAGE_MS = 3_000;
/** How long the "not available" note shows (spec 1 §9: tooltip 3 s). */
const NOTE_MS = 3_000;
/** The app tour starts by itself this long after a first visit's home page is loaded and idle. */
const AUTO_START_MS = 800;

function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const poll = () => {
      if (check()) resolve(true);
      else if (Date.now() - started >= timeoutMs) resolve(false);
      else window.setTimeout(poll, 100);
    };
    poll();
  });
}

/**
 * Runs the guided tours: a requested one on its page (navigating there first), and the app
 * tour once for a first-time visitor on the home page. Says so when a page lacks a tour.
 */
export function TourHost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { status } = useAuth();
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    const start = async (name: TourName) => {
      const { path } = TOURS[name];
      if (window.location.pathname !== path) navigate(path);
      const ready = await waitFor(() => tourAvailable(name), WAIT_FOR_PAGE_MS);
      const ran = ready && (await runTour(name, t, { signedIn: status === 'signed-in' }));
      if (!ran) setNote(t('tours.unavailable'));
    };
    const onRequest = () => {
      const name = takeRequestedTour();
      if (name) void start(name);
    };
    // One asked for before this host had loaded.
    onRequest();
    window.addEventListener(TOUR_EVENT, onRequest);
    return () => window.removeEventListener(TOUR_EVENT, onRequest);
  }, [navigate, t, status]);

  // A first visit answers the level question first; the tour follows.
  const levelAsked = useLevelAsked();
  useEffect(() => {
    if (pathname !== '/' || status !== 'signed-out' || !levelAsked) return;
    if (completedTours().has('app')) return;
    // Not while the page is still loading: after it has loaded and the browser is idle.
    return afterIdle(AUTO_START_MS, () => void runTour('app', t, { signedIn: false }));
  }, [pathname, status, t, levelAsked]);

  useEffect(() => {
    if (!note) return;
    const timer = window.setTimeout(() => setNote(null), NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [note]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 bottom-20 z-50 flex justify-center px-4"
    >
      {note && (
        <p className="rounded-lg bg-stone-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-stone-100 dark:text-stone-900">
          {note}
        </p>
      )}
    </div>
  );
}
