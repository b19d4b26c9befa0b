import { type ReactNode, useEffect, useState } from 'react';
import { AudioSync } from '../features/audio/AudioSync';
import { InstallPrompt } from '../features/install/InstallPrompt';
import { BookmarksOffline } from '../features/offline/BookmarksOffline';
import { ThemeSync } from '../features/settings/ThemeSync';
import { StatsSync } from '../features/stats/StatsSync';
import { ReadingSync } from '../features/stories/ReadingSync';
import { TourHost } from '../features/tours/TourHost';
import { afterIdle } from '../lib/idle';
import { RealtimeConnection } from '../lib/realtime';

/** What can wait for the page's first busy seconds to pass (it stays out of their long tasks). */
const LATER_MS = 2_000;

function Later({ children }: { children: ReactNode }) {
  const [due, setDue] = useState(false);
  useEffect(() => afterIdle(LATER_MS, () => setDue(true)), []);
  return due ? children : null;
}

/**
 * What runs behind every page and draws nothing (or, for the tours and the offer to install the
 * app, only when asked for or due): the live updates, the stores' sync with the server, the
 * tours and the install offer. Loaded once the page has loaded and
 * the browser is idle (Layout), so none of it, nor its validation library, holds up the page;
 * the stores know their owner before (lib/owners.ts).
 */
export function BackgroundSync() {
  return (
    <>
      <RealtimeConnection />
      <StatsSync />
      <AudioSync />
      <ReadingSync />
      <Later>
        <BookmarksOffline />
        <ThemeSync />
      </Later>
      <TourHost />
      <Later>
        <InstallPrompt />
      </Later>
    </>
  );
}
