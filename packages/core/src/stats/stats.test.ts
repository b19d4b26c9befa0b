import { describe, expect, it } from 'vitest';
import {
  acceptableActivityDay,
  acceptableGuestDay,
  audioKey,
  averageReplays,
  GUEST_STREAK_MAX_DAYS,
  validTimeZone,
} from './stats.ts';
import { statsBatchSchema, statsUpdateSchema, streakMigrationSchema } from './stats-schema.ts';

describe('acceptableActivityDay', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('takes the UTC day before, of and after now, and two days back for queued items', () => {
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']) {
      expect(acceptableActivityDay(day, now), day).toBe(true);
    }
  });

  it('refuses days a real client cannot send now, and non-days', () => {
    for (const day of ['2026-11-19', '2026-11-24', '2025-11-22', '2026-02-30x', '22.11.2026', '']) {
      expect(acceptableActivityDay(day, now), day).toBe(false);
    }
  });

  it('covers the earliest and the latest time zones at a UTC midnight', () => {
    const midnight = new Date('2026-11-22T00:00:00Z');
    // UTC−12 is still on the 21st, UTC+14 already on the 22nd.
    expect(acceptableActivityDay('2026-11-21', midnight)).toBe(true);
    expect(acceptableActivityDay('2026-11-22', midnight)).toBe(true);
  });

  it('refuses a day the calendar lacks, which the database would refuse', () => {
    const endOfFebruary = new Date('2026-03-01T12:00:00Z');
    expect(acceptableActivityDay('2026-02-28', endOfFebruary)).toBe(true);
    expect(acceptableActivityDay('2026-02-29', endOfFebruary)).toBe(false);
    expect(acceptableActivityDay('2026-02-30', endOfFebruary)).toBe(false);
  });
});

describe('acceptableGuestDay', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('takes the last 30 days and today in any time zone, nothing older or later', () => {
    expect(GUEST_STREAK_MAX_DAYS).toBe(30);
    for (const day of ['2026-10-23', '2026-11-01', '2026-11-22', '2026-11-23']) {
      expect(acceptableGuestDay(day, now), day).toBe(true);
    }
    for (const day of ['2026-10-22', '2026-11-24', '2027-11-22', '2026-11-31', '2026-11-2', '']) {
      expect(acceptableGuestDay(day, now), day).toBe(false);
    }
  });
});

describe('streakMigrationSchema', () => {
  it('takes up to two runs of days and refuses anything else', () => {
    const days = Array.from({ length: 60 }, () => '2026-11-22');
    expect(streakMigrationSchema.safeParse({ days }).success).toBe(true);
    expect(streakMigrationSchema.safeParse({ days: [...days, '2026-11-22'] }).success).toBe(false);
    expect(streakMigrationSchema.safeParse({ days: ['22.11.2026'] }).success).toBe(false);
    expect(streakMigrationSchema.safeParse({ days: [], more: 1 }).success).toBe(false);
  });
});

describe('the time zone of an activity the server dates', () => {
  const game = { kind: 'scoreboard', gameMode: 'score', score: 10, playedAt: 1 } as const;

  it('is optional, and when given a zone the runtime knows', () => {
    expect(statsUpdateSchema.safeParse(game).success).toBe(true);
    expect(statsUpdateSchema.safeParse({ ...game, timeZone: 'Asia/Seoul' }).success).toBe(true);
    for (const timeZone of ['Mars/Olympus', 'x'.repeat(65), 'UTC\u0000', '']) {
      expect(statsUpdateSchema.safeParse({ ...game, timeZone }).success, timeZone).toBe(false);
    }
  });
});

describe('validTimeZone', () => {
  it('keeps zones the runtime knows and refuses others', () => {
    expect(validTimeZone('Asia/Seoul')).toBe('Asia/Seoul');
    expect(validTimeZone('UTC')).toBe('UTC');
    expect(validTimeZone('Mars/Olympus')).toBeNull();
    expect(validTimeZone('')).toBeNull();
    expect(validTimeZone(undefined)).toBeNull();
  });
});

describe('audio stats', () => {
  it('keys audio by story id and lower-case language, German by default', () => {
    expect(audioKey(12)).toBe('12-de');
    expect(audioKey(12, 'EN')).toBe('12-en');
  });

  it('averages plays per listened audio', () => {
    expect(averageReplays(0, 0)).toBe(0);
    expect(averageReplays(7, 3)).toBe(2.33);
  });

  it('validates each kind of queued update', () => {
    expect(
      statsUpdateSchema.safeParse({ kind: 'streak', activityDate: '2026-11-22' }).success,
    ).toBe(true);
    expect(
      statsUpdateSchema.safeParse({ kind: 'audio', audioId: '12-de', timestamp: 1 }).success,
    ).toBe(true);
    expect(
      statsUpdateSchema.safeParse({ kind: 'audio', audioId: '../x', timestamp: 1 }).success,
    ).toBe(false);
    expect(statsUpdateSchema.safeParse({ kind: 'profile', userLevel: 'D1' }).success).toBe(false);
    expect(statsUpdateSchema.safeParse({ kind: 'unknown' }).success).toBe(false);
  });
});

describe('scoreboard updates', () => {
  const score = { gameMode: 'survival', score: 40, playedAt: 1 };

  it('take a study mode, absent for an older client', () => {
    for (const studyMode of ['vocabulary', 'gender', undefined]) {
      const item = { kind: 'scoreboard', ...score, studyMode };
      const parsed = statsUpdateSchema.safeParse(item);
      expect(parsed.success, String(studyMode)).toBe(true);
      expect(parsed.data).toMatchObject({ studyMode });
      const batch = statsBatchSchema.safeParse({ scoreboardUpdates: [{ ...score, studyMode }] });
      expect(batch.data?.scoreboardUpdates[0]?.studyMode).toBe(studyMode);
    }
  });

  it('refuse a study mode the quiz does not have', () => {
    for (const studyMode of ['plural', '', 'Gender', 1, null]) {
      expect(statsUpdateSchema.safeParse({ kind: 'scoreboard', ...score, studyMode }).success).toBe(
        false,
      );
      expect(
        statsBatchSchema.safeParse({ scoreboardUpdates: [{ ...score, studyMode }] }).success,
      ).toBe(false);
    }
  });
});
