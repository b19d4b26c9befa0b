import { useEffect } from 'react';
import { onAppState } from '../../lib/app-state';
import { useDeviceUser } from '../../lib/use-device-user';
import { hydrateListens } from './listens';
import { useMembershipEvents } from './membership';

/** Idle start of the daily merge (spec 1 §9: 1500 ms timeout, 300 ms fallback). */
const IDLE_TIMEOUT_MS = 1_500;
const IDLE_FALLBACK_MS = 300;

/**
 * Once a day merges the listened audio the server knows into the device when the browser is
 * idle, and follows the server's membership changes. Renders nothing.
 */
export function AudioSync() {
  // Offline, the user last signed in on this device keeps their listens.
  const { userId, status, offline } = useDeviceUser();
  useMembershipEvents();

  useEffect(() => {
    // (Whose listens they are, the store learns from the layout: lib/owners.ts.)
    if (status === 'checking' || !userId || offline) return;
    const hydrate = () => void hydrateListens(userId).catch(() => undefined);
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(hydrate, { timeout: IDLE_TIMEOUT_MS })
        : null;
    const fallback = idle === null ? window.setTimeout(hydrate, IDLE_FALLBACK_MS) : null;
    // An app left open overnight merges again on the next day's first visit to the tab.
    const offAppState = onAppState((state) => {
      if (state === 'visible') hydrate();
    });
    return () => {
      offAppState();
      if (idle !== null) window.cancelIdleCallback(idle);
      if (fallback !== null) window.clearTimeout(fallback);
    };
  }, [userId, status, offline]);

  return null;
}
