import { describe, expect, it } from 'vitest';
import { acceptableActivityDay, audioKey, averageReplays, validTimeZone } from './stats.ts';
import { statsBatchSchema, statsUpdateSchema } from './stats-schema.ts';

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
