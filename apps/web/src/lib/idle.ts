/** The longest wait for an idle moment: a page that is never idle still gets its turn. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * The app's first paint, when the app has said it is coming (`awaitFirstPaint`). The page's load
 * event comes before it (the first render waits for the screen's code, and the load event does
 * not), so work that waits for "loaded and idle" alone started its requests with the first
 * paint still ahead and competed with it on a slow network.
 */
let firstPaint: Promise<void> = Promise.resolve();

/** The app will paint its first screen: `afterIdle` work waits for the returned call. */
export function awaitFirstPaint(): () => void {
  let painted = () => {};
  firstPaint = new Promise((resolve) => {
    painted = resolve;
  });
  return painted;
}

/**
 * Runs `action` once the page has loaded, the app has painted its first screen, the browser is
 * idle and `delayMs` more have passed:
 * for work the first screen does not need (the background sync, the service worker, the tour).
 * Returns a cancel function.
 */
export function afterIdle(delayMs: number, action: () => void): () => void {
  let timer = 0;
  let idle = 0;
  let cancelled = false;
  const idleThen = () => {
    void firstPaint.then(() => {
      if (!cancelled) waitForIdle();
    });
  };
  const waitForIdle = () => {
    const later = () => {
      timer = window.setTimeout(action, delayMs);
    };
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(later, { timeout: IDLE_TIMEOUT_MS });
    } else later();
  };
  if (document.readyState === 'complete') idleThen();
  else window.addEventListener('load', idleThen, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idleThen);
    if (idle && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/** Runs `action` at the browser's next idle moment (at most a second later), load or not. */
export function whenIdle(action: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(action, { timeout: 1000 });
  } else window.setTimeout(action, 0);
}
