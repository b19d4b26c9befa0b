import type { Preferences } from '@lesefuchs/core/preferences/preferences';

// When each copy of the preferences was asked of the server, and when the server last answered
// for a batch of a user's changes. A copy asked for before that answer may predate the changes
// (the server read it before it wrote them), so it must not replace the device's copy.
// Kept apart from the preferences store so that the profile query does not load the store.

const requestedAt = new WeakMap<Preferences, number>();
const settledAt = new Map<string, number>();

/** Notes that `preferences` is the server's copy as asked for at `at` (before the request). */
export function noteServerPreferences(preferences: Preferences, at: number): void {
  requestedAt.set(preferences, at);
}

/** Notes that the server has just answered for a batch of `userId`'s changes. */
export function noteSyncSettled(userId: string, at = Date.now()): void {
  settledAt.set(userId, at);
}

/** Whether the server's copy was asked for before it answered for the last of the changes. */
export function predatesLastSync(userId: string, fromServer: Preferences): boolean {
  const asked = requestedAt.get(fromServer);
  const settled = settledAt.get(userId);
  return asked !== undefined && settled !== undefined && asked <= settled;
}
