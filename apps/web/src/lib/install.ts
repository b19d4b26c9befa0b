import { useSyncExternalStore } from 'react';

// The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers), caught as
// soon as the app starts, because it comes once, early: the app shows its own offer later, when
// it is due (features/install), instead of the browser's own bar.

/** The event Chromium fires when the app can be installed (not in the DOM typings). */
export interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallOffer | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Starts listening; called once by the entry, before the first render. */
export function catchInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallOffer;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    offer = null;
    notify();
  });
}

/** Shows the browser's install dialog; the offer is used up whatever the answer. */
export async function acceptInstallOffer(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  offer = null;
  notify();
  await current.prompt();
  const { outcome } = await current.userChoice;
  return outcome;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the browser offers to install the app now, and whether it was just installed. */
export function useInstallOffer(): { available: boolean; installed: boolean } {
  const available = useSyncExternalStore(
    subscribe,
    () => offer !== null,
    () => false,
  );
  const done = useSyncExternalStore(
    subscribe,
    () => installed,
    () => false,
  );
  return { available, installed: done };
}
