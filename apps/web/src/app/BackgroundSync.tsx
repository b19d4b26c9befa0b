import { useEffect, useState } from 'react';
import { StatsSync } from '../features/stats/StatsSync';
import { ReadingSync } from '../features/stories/ReadingSync';
import { TourHost } from '../features/tours/TourHost';
import { afterIdle } from '../lib/idle';
import { RealtimeConnection } from '../lib/realtime';
import { useAfterIdle } from '../lib/use-after-idle';
import { useModule } from '../lib/use-module';

/** What can wait for the page's first busy seconds to pass (it stays out of their long tasks). */
const LATER_MS = 2_000;

const loadLater = () => import('./BackgroundLater');

function Later() {
  const later = useModule(loadLater, useAfterIdle(LATER_MS));
  return later ? <later.BackgroundLater /> : null;
}

/**
 * What runs behind every page and draws nothing (or, for the tours and the offer to install the
 * app, only when asked for or due): the live updates, the stores' sync with the server, the
 * tours, and later (BackgroundLater) the rest. Loaded once the page has loaded and the browser
 * is idle (Layout), so none of it holds up the page; the stores know their owner before
 * (lib/owners.ts). The validation library comes only with the later part, in a task of its own.
 */
export function BackgroundSync() {
  return (
    <>
      <RealtimeConnection />
      <StatsSync />
      <ReadingSync />
      <TourHost />
      <Later />
    </>
  );
}
