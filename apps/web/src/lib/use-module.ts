import { useEffect, useState } from 'react';

/** The longest pause between two tries of a module that did not load. */
const MAX_RETRY_MS = 30_000;

/**
 * A module loaded on demand (`when` true), or null until it is in. A load that fails (offline,
 * a dropped connection) never breaks the page: it is tried again when the browser is back online
 * and after a growing pause. For code that is not part of the first render, such as the
 * background sync or a library the first tap needs.
 */
export function useModule<T>(load: () => Promise<T>, when = true): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    if (!when || loaded) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pause = 1_000;
    const attempt = () => {
      clearTimeout(timer);
      load().then(
        (module) => {
          if (!stopped) setLoaded(() => module);
        },
        () => {
          if (stopped) return;
          timer = setTimeout(attempt, pause);
          pause = Math.min(pause * 2, MAX_RETRY_MS);
        },
      );
    };
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', attempt);
    };
  }, [load, when, loaded]);
  return loaded;
}
