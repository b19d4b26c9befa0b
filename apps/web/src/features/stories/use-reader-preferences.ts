import { DEFAULT_PREFERENCES, type Preferences } from '@lesefuchs/core/preferences/preferences';
import { useAuth } from '../../lib/session';
import { usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';

/**
 * The preferences the reading screens follow: the signed-in user's (device copy at once, the
 * account's when loaded), or the defaults for a guest.
 */
export function useReaderPreferences(): Preferences {
  const { user } = useAuth();
  const profile = useProfileQuery(user?.id);
  const { preferences } = usePreferences(user?.id ?? 'guest', profile.data?.preferences);
  return user ? preferences : { ...DEFAULT_PREFERENCES, ...preferences };
}
