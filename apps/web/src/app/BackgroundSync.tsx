import { AudioSync } from '../features/audio/AudioSync';
import { InstallPrompt } from '../features/install/InstallPrompt';
import { BookmarksOffline } from '../features/offline/BookmarksOffline';
import { ThemeSync } from '../features/settings/ThemeSync';
import { StatsSync } from '../features/stats/StatsSync';
import { ReadingSync } from '../features/stories/ReadingSync';
import { TourHost } from '../features/tours/TourHost';
import { RealtimeConnection } from '../lib/realtime';

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
      <BookmarksOffline />
      <ThemeSync />
      <TourHost />
      <InstallPrompt />
    </>
  );
}
