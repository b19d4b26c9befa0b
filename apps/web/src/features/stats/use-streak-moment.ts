import { useCallback, useState } from 'react';
import { readStreak, today, useStreak } from './streak-store';

/**
 * The streak moment of an end screen (issue #19): `note()` is called just before an activity
 * of the screen is recorded (a story marked read, a card graded, a game finished); when none
 * had been recorded today yet, that activity was the day's first and `days` is the streak it
 * grew to, for as long as that is still today's streak. Null otherwise.
 */
export function useStreakMoment(userId: string | null): { note: () => void; days: number | null } {
  // Whose streak it was the day's first activity of: an activity noted before the session
  // check answered reads the guest's streak, which says nothing about the learner's (a reload
  // that finishes a story again would otherwise celebrate the same day twice).
  const [firstTodayOf, setFirstTodayOf] = useState<{ owner: string | null } | null>(null);
  const streak = useStreak(userId);
  const note = useCallback(() => {
    if (readStreak(userId).lastActivityDate !== today()) setFirstTodayOf({ owner: userId });
  }, [userId]);
  const grew =
    firstTodayOf !== null &&
    firstTodayOf.owner === userId &&
    streak.lastActivityDate === today() &&
    streak.currentStreak > 0;
  return { note, days: grew ? streak.currentStreak : null };
}
