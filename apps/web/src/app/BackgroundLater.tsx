import { AudioSync } from '../features/audio/AudioSync';
import { InstallPrompt } from '../features/install/InstallPrompt';
import { BookmarksOffline } from '../features/offline/BookmarksOffline';
import { ThemeSync } from '../features/settings/ThemeSync';

/**
 * The background work that can wait for the page's first busy seconds: the daily merge of the
 * listened audio and the membership's changes, keeping bookmarked stories on the device, the
 * theme with the account (these load the preferences' validation) and the offer to install the
 * app. Its own chunk, so its code is read in a task of its own.
 */
export function BackgroundLater() {
  return (
    <>
      <AudioSync />
      <BookmarksOffline />
      <ThemeSync />
      <InstallPrompt />
    </>
  );
}
