import { DEFAULT_PREFERENCES, type Preferences } from '@lesefuchs/core/preferences/preferences';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEECH_SYNC_DELAY_MS, usePreferences } from './preferences-store';
import { noteServerPreferences } from './server-reads';

describe("the server's copy of the preferences", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('does not replace changes it was read before, once they are sent; a later read does', async () => {
    const user = 'reader-race';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) => {
        const { operations } = JSON.parse(String(init?.body)) as { operations: { id: string }[] };
        const results = operations.map(({ id }) => ({ id, outcome: 'applied' }));
        return new Response(JSON.stringify({ results }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    // The profile was asked for when the page opened, before the learner changed anything.
    const stale: Preferences = { ...DEFAULT_PREFERENCES };
    noteServerPreferences(stale, Date.now() - 1);
    const { result, rerender } = renderHook(
      ({ fromServer }: { fromServer: Preferences | undefined }) => usePreferences(user, fromServer),
      { initialProps: { fromServer: undefined as Preferences | undefined } },
    );
    act(() => result.current.set('themeMode', 'dark'));
    // The leech threshold sends the queue within a second.
    act(() => result.current.set('leechThreshold', 5));
    expect(localStorage.getItem(`lesefuchs.queue.preferences.${user}`)).not.toBeNull();
    await waitFor(
      () => expect(localStorage.getItem(`lesefuchs.queue.preferences.${user}`)).toBeNull(),
      { timeout: LEECH_SYNC_DELAY_MS + 1_000 },
    );

    // Its answer arrives only now, with nothing left to send: it is older than the changes.
    rerender({ fromServer: stale });
    expect(result.current.preferences.themeMode).toBe('dark');
    expect(result.current.preferences.leechThreshold).toBe(5);

    // A copy asked for after the changes were answered is the account's: it wins.
    const fresh: Preferences = { ...DEFAULT_PREFERENCES, themeMode: 'light', leechThreshold: 5 };
    noteServerPreferences(fresh, Date.now() + 1);
    rerender({ fromServer: fresh });
    expect(result.current.preferences.themeMode).toBe('light');
  });
});
