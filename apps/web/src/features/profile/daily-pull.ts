// The daily pull of the signed-in user's preferences (spec 1 §4), apart from the preferences
// store so that the background sync that schedules it does not load the store's validation.

/** The preferences panels that show whether the last daily pull failed. */
export const pullFailureListeners = new Set<(failed: boolean) => void>();

/** Milliseconds from `now` to the next local midnight. */
export function msUntilLocalMidnight(now = new Date()): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime() - now.getTime();
}

const DAY_MS = 86_400_000;

/**
 * The daily pull of the signed-in user's preferences from the server: at local midnight, then
 * every 24 hours (spec 1 §4). `pull` loads the profile; a failure is reported to the panel.
 */
export function scheduleDailyPreferencesPull(pull: () => Promise<unknown>): () => void {
  let interval: ReturnType<typeof setInterval> | undefined;
  const run = () => {
    pull().then(
      () => {
        for (const listener of pullFailureListeners) listener(false);
      },
      () => {
        for (const listener of pullFailureListeners) listener(true);
      },
    );
  };
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, DAY_MS);
  }, msUntilLocalMidnight());
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
