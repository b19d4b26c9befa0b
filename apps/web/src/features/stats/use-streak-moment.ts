import { useCallback, useState } from 'react';
import { readStreak, today, useStreak } from './streak-store';

/**
 * The streak moment of an end screen (issue #19): `note()` is called just before an activity
 * of the screen is recorded (a story marked read, a card graded, a game finished); when none
 * had been recorded today yet, that activity was the day's first and `days` is the streak it
 * grew to, for as long as that is still today's streak. Null otherwise.
 */
export function useStreakMoment(userId: string | null): { note: () => void; days: number | null } {
  const [firstToday, setFirstToday] = useState(false);
  const streak = useStreak(userId);
  const note = useCallback(() => {
    if (readStreak(userId).lastActivityDate !== today()) setFirstToday(true);
  }, [userId]);
  const grew = firstToday && streak.lastActivityDate === today() && streak.currentStreak > 0;
  return { note, days: grew ? streak.currentStreak : null };
}
