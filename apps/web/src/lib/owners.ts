/**
 * Whose data the device's stores work with, as soon as the first render knows it. The layout
 * publishes it; the stores (saved words, reading lists, listens) follow it from the moment their
 * module loads, so a screen that loads before the background sync (app/BackgroundSync.tsx) never
 * works with the wrong owner. null is the guest.
 */
/** The owner name of a visitor who is not signed in, where a store keys data by owner. */
export const GUEST = 'guest';

function ownerChannel() {
  let known = false;
  let current: string | null = null;
  const listeners = new Set<(owner: string | null) => void>();
  return {
    publish(owner: string | null): void {
      if (known && owner === current) return;
      known = true;
      current = owner;
      for (const listener of listeners) listener(owner);
    },
    /** Calls `listener` now if the owner is known, and on every change. */
    follow(listener: (owner: string | null) => void): void {
      listeners.add(listener);
      if (known) listener(current);
    },
  };
}

/** The signed-in user by the session check (the reading lists and the saved words). */
export const readerOwner = ownerChannel();
/** The user this device works for, the last one signed in while offline (listens). */
export const deviceOwner = ownerChannel();
