import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc` function, fetched once: the flag makes it available to new contexts only. */
let gc: (() => void) | undefined;

/**
 * A full garbage collection, once the server's start-up work is done: a content import parses
 * the corpus (stories, 7,600 entries, 42,000 forms) and leaves ~100 MB of garbage, and reading
 * the forms index some more, which V8 would otherwise keep for as long as the server is idle,
 * since nothing allocates to trigger a collection. The flag changes nothing else.
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as (() => void) | undefined;
  }
  gc?.();
}

/** How long the server must have had no request before it collects. */
export const QUIET_MS = 10_000;

/**
 * One collection when the server falls quiet after work: `touch()` on every request, and once
 * no request has come for `quietMs`, `collect` runs once (until the next request). Under load V8
 * grows its young generation (to ~30 MB) and shrinks it only in a collection that finds the
 * allocation rate low, which an idle server never runs, since nothing allocates: a burst of
 * requests left the server ~30 MB larger for good. Quiet for 10 s, the last 5 s of allocation
 * (what V8 judges the rate by) are quiet too, so the collection gives it back.
 */
export function idleCollector(collect: () => void, quietMs = QUIET_MS) {
  let lastRequest = 0;
  let timer: NodeJS.Timeout | null = null;
  const check = () => {
    const quiet = Date.now() - lastRequest;
    if (quiet >= quietMs) {
      timer = null;
      collect();
    } else {
      timer = setTimeout(check, quietMs - quiet);
      timer.unref();
    }
  };
  return {
    touch() {
      lastRequest = Date.now();
      if (timer) return;
      timer = setTimeout(check, quietMs);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
