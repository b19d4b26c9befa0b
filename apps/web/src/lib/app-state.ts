// Whether the app is in front: the page's visibility on the web, and in the native shell also
// the app's pause and resume (lib/native-shell, which reports them here). Audio stops and the
// queues hand their items over when the app goes to the background; stats and listens refresh
// when it comes back, once however many sources report it.

export type AppState = 'visible' | 'hidden';
type Listener = (state: AppState) => void;

const listeners = new Set<Listener>();
let lastReported: AppState = 'visible';
let attached = false;

/** Tells every listener; "visible" only after a "hidden", "hidden" every time it is reported. */
export function reportAppState(state: AppState): void {
  if (state === 'visible' && lastReported === 'visible') return;
  lastReported = state;
  for (const listener of [...listeners]) listener(state);
}

function attach(): void {
  if (attached) return;
  attached = true;
  lastReported = document.visibilityState === 'hidden' ? 'hidden' : 'visible';
  document.addEventListener('visibilitychange', () =>
    reportAppState(document.visibilityState === 'hidden' ? 'hidden' : 'visible'),
  );
  window.addEventListener('pagehide', () => reportAppState('hidden'));
}

/** Calls `listener` on every change of the app's state; returns the unsubscribe. */
export function onAppState(listener: Listener): () => void {
  attach();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
