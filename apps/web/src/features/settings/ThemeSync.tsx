import { useEffect, useRef } from 'react';
import { useAuth } from '../../lib/session';
import { THEME_STORAGE_KEY, useTheme } from '../../lib/theme';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';

function deviceChoseTheme(): boolean {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Keeps the theme and the `themeMode` preference together, so the theme travels with the
 * account (spec 1 §3): a theme chosen here (the header's toggle) is stored as the preference,
 * and a preference that changes (another device's, pulled from the account) becomes the theme.
 * Draws nothing; runs behind every page (app/BackgroundSync).
 */
export function ThemeSync() {
  const { user } = useAuth();
  const profile = useProfileQuery(user?.id);
  const { preferences, set } = usePreferences(
    user?.id ?? GUEST,
    user ? profile.data?.preferences : undefined,
  );
  const theme = useTheme();
  // At the start a theme this device chose itself (stored on it) wins and becomes the account's;
  // a device that never chose one takes the account's.
  // (Again for another owner: a sign-in, or the session check answering after the start.)
  const owner = user?.id ?? GUEST;
  const start = () => ({
    owner,
    ...(deviceChoseTheme()
      ? { theme: 'unknown', preference: preferences.themeMode }
      : { theme: theme.mode, preference: 'unknown' }),
  });
  const seen = useRef<ReturnType<typeof start> | null>(null);

  useEffect(() => {
    if (seen.current?.owner !== owner) seen.current = start();
    const last = seen.current;
    if (preferences.themeMode !== last.preference) {
      // The account's choice changed: it wins.
      seen.current = { owner, theme: preferences.themeMode, preference: preferences.themeMode };
      if (theme.mode !== preferences.themeMode) theme.setMode(preferences.themeMode);
      return;
    }
    if (theme.mode !== last.theme) {
      // The theme was changed on this device: it becomes the preference.
      seen.current = { owner, theme: theme.mode, preference: theme.mode };
      if (preferences.themeMode !== theme.mode) set('themeMode', theme.mode);
    }
  }, [owner, preferences.themeMode, theme, set]);
  return null;
}
