import { acceptableGuestDay, GUEST_STREAK_MAX_DAYS } from '@lesefuchs/core/stats/stats';
import { daysOfStreak, type StreakState } from '@lesefuchs/core/streak';
import { api } from '../../lib/api';
import { userTimeZone } from '../../lib/time-zone';
import { adoptServerStreak, forgetGuestStreak, readStreak } from './streak-store';

// A guest's streak comes along at sign-up (or sign-in), as their saved words and read stories
// do: the days the device's streak stands for go to the account, which adds those it lacks
// (each day once, only the last 30: see the server's migrateGuestStreak). The device then shows
// the account's streak, and the guest's copy has done its job.

/**
 * Sends the guest's streak days to the signed-in account. Answers whether days were added;
 * offline or failing, the guest's copy stays for the next sign-in.
 */
export async function migrateGuestStreak(
  userId: string,
  now = new Date(),
  call: typeof api = api,
): Promise<boolean> {
  const guest = readStreak(null);
  // The longest run the server takes: the 30 days before the UTC today, today and tomorrow.
  const days = daysOfStreak(guest, GUEST_STREAK_MAX_DAYS + 2).filter((day) =>
    acceptableGuestDay(day, now),
  );
  if (days.length === 0) {
    if (guest.lastActivityDate !== null) forgetGuestStreak();
    return false;
  }
  try {
    const { migrated, streak } = await call<{ migrated: number; streak: StreakState }>(
      `/api/stats/streak/migrate?timeZone=${encodeURIComponent(userTimeZone())}`,
      { method: 'POST', body: { days } },
    );
    forgetGuestStreak();
    adoptServerStreak(userId, streak);
    return migrated > 0;
  } catch {
    return false;
  }
}
