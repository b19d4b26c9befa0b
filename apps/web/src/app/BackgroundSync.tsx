import { AudioSync } from '../features/audio/AudioSync';
import { StatsSync } from '../features/stats/StatsSync';
import { ReadingSync } from '../features/stories/ReadingSync';
import { TourHost } from '../features/tours/TourHost';
import { RealtimeConnection } from '../lib/realtime';

/**
 * What runs behind every page and draws nothing (or, for the tours, only on request): the live
 * updates, the stores' sync with the server and the tours. Loaded after the first paint
 * (Layout), so none of it, nor its validation library, holds up the page.
 */
export function BackgroundSync() {
  return (
    <>
      <RealtimeConnection />
      <StatsSync />
      <AudioSync />
      <ReadingSync />
      <TourHost />
    </>
  );
}
