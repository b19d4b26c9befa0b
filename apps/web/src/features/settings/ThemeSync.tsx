import { useEffect, useRef } from 'react';
import { useAuth } from '../../lib/auth-client';
import { useTheme } from '../../lib/theme';
import { GUEST, usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';

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
  // At the start the account's choice wins unless it is the default: then the theme this device
  // already had (chosen before the theme travelled with the account) becomes the preference.
  const seen = useRef(
    preferences.themeMode === 'auto'
      ? { theme: 'auto', preference: preferences.themeMode }
      : { theme: theme.mode, preference: 'unknown' },
  );

  useEffect(() => {
    const last = seen.current;
    if (preferences.themeMode !== last.preference) {
      // The account's choice changed: it wins.
      seen.current = { theme: preferences.themeMode, preference: preferences.themeMode };
      if (theme.mode !== preferences.themeMode) theme.setMode(preferences.themeMode);
      return;
    }
    if (theme.mode !== last.theme) {
      // The theme was changed on this device: it becomes the preference.
      seen.current = { theme: theme.mode, preference: theme.mode };
      if (preferences.themeMode !== theme.mode) set('themeMode', theme.mode);
    }
  }, [preferences.themeMode, theme, set]);
  return null;
}
