import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  daysOfStreak,
  EMPTY_STREAK,
  isCalendarDay,
  localDay,
  nextStreak,
  type StreakState,
  streakFromDays,
} from './streak.ts';

const after = (days: string[]) => days.reduce(nextStreak, EMPTY_STREAK);

describe('nextStreak', () => {
  it('starts at 1 on the first activity', () => {
    expect(nextStreak(EMPTY_STREAK, '2026-11-22')).toEqual({
      currentStreak: 1,
      allTimeStreak: 1,
      lastActivityDate: '2026-11-22',
      allTimeStreakDate: '2026-11-22',
    });
  });
  it('adds one after yesterday, across month and year ends and a leap day', () => {
    expect(after(['2026-11-30', '2026-12-01']).currentStreak).toBe(2);
    expect(after(['2026-12-31', '2027-01-01']).currentStreak).toBe(2);
    expect(after(['2028-02-28', '2028-02-29', '2028-03-01']).currentStreak).toBe(3);
  });
  it('changes nothing on a second activity the same day, or one dated earlier', () => {
    const once = after(['2026-11-21', '2026-11-22']);
    expect(nextStreak(once, '2026-11-22')).toBe(once);
    expect(nextStreak(once, '2026-11-01')).toBe(once);
  });
  it('starts again at 1 after a gap and keeps the best streak with its date', () => {
    expect(after(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05'])).toEqual({
      currentStreak: 1,
      allTimeStreak: 3,
      lastActivityDate: '2026-11-05',
      allTimeStreakDate: '2026-11-03',
    });
  });
  it('rejects a day that is not YYYY-MM-DD', () => {
    expect(() => nextStreak(EMPTY_STREAK, '22.11.2026')).toThrow(
      'expected a YYYY-MM-DD day, got "22.11.2026"',
    );
  });
  it('never lets the current streak exceed the all-time streak (property)', () => {
    const day = fc
      .integer({ min: 0, max: 400 })
      .map((offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 60 }), (days) => {
        const state: StreakState = after(days);
        expect(state.currentStreak).toBeLessThanOrEqual(state.allTimeStreak);
        expect(state.allTimeStreak).toBeLessThanOrEqual(new Set(days).size);
      }),
    );
  });
});

describe('streakFromDays', () => {
  it('counts the streak from stored days, alive only through yesterday', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-19', '2026-11-21'];
    expect(streakFromDays(days, '2026-11-22').currentStreak).toBe(3);
    expect(streakFromDays(days, '2026-11-21').currentStreak).toBe(3);
    expect(streakFromDays(days, '2026-11-23')).toMatchObject({
      currentStreak: 0,
      allTimeStreak: 3,
    });
    expect(streakFromDays([], '2026-11-23')).toEqual(EMPTY_STREAK);
  });
});

describe('dayIn', () => {
  it('gives the calendar day of the user’s time zone around midnight', () => {
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(dayIn(instant)).toBe('2026-11-22');
    expect(dayIn(instant, 'Asia/Seoul')).toBe('2026-11-23');
    expect(dayIn(new Date('2026-11-22T03:00:00Z'), 'America/Mexico_City')).toBe('2026-11-21');
    expect(dayIn(new Date('2026-03-29T00:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
  });

  it('gives in UTC the day a date formatter gives, from year 1 to beyond 9999', () => {
    const formatted = (instant: Date) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'UTC',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).formatToParts(instant);
      const get = (type: string) => parts.find((part) => part.type === type)?.value;
      return `${get('year')}-${get('month')}-${get('day')}`;
    };
    const instants = [
      '0001-01-01T00:00:00Z',
      '0999-12-31T23:59:59.999Z',
      '2024-02-29T23:59:59.999Z',
      '2026-11-22T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '+010000-01-01T00:00:00Z',
    ].map((iso) => new Date(iso));
    for (let day = 0; day < 400; day += 1)
      instants.push(new Date(Date.UTC(2026, 0, 1, 23, 59) + day * 86_400_000));
    for (const instant of instants) expect(dayIn(instant)).toBe(formatted(instant));
    expect(() => dayIn(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('localDay', () => {
  it.each(['UTC', 'Pacific/Kiritimati', 'America/Adak', 'Asia/Kolkata'])(
    'is the day dayIn gives in the runtime time zone (%s)',
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        fc.assert(
          fc.property(
            fc.date({
              min: new Date('1990-01-01'),
              max: new Date('2100-01-01'),
              noInvalidDate: true,
            }),
            (at) => {
              expect(localDay(at)).toBe(dayIn(at, zone));
            },
          ),
        );
      } finally {
        process.env.TZ = before;
      }
    },
  );
});

describe('addDays and isCalendarDay', () => {
  it('steps across month, year and leap-day ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('knows the days the calendar has', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    for (const day of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', '']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });
});

describe('daysOfStreak', () => {
  it('gives the days of the current and the best run, each once, oldest first', () => {
    const state: StreakState = {
      currentStreak: 2,
      allTimeStreak: 3,
      lastActivityDate: '2026-11-22',
      allTimeStreakDate: '2026-11-10',
    };
    expect(daysOfStreak(state, 30)).toEqual([
      '2026-11-08',
      '2026-11-09',
      '2026-11-10',
      '2026-11-21',
      '2026-11-22',
    ]);
    // The best run is the current one: its days once.
    expect(
      daysOfStreak({ ...state, allTimeStreak: 2, allTimeStreakDate: '2026-11-22' }, 30),
    ).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('is the inverse of streakFromDays for a run (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (length) => {
        const days = Array.from({ length }, (_, i) => addDays('2026-11-22', -i));
        const state = streakFromDays(days, '2026-11-22');
        expect(daysOfStreak(state, 40)).toEqual([...days].sort());
      }),
    );
  });

  it('cuts each run to its last days, and a damaged state stands for none', () => {
    const huge: StreakState = {
      currentStreak: 1e9,
      allTimeStreak: 1e9,
      lastActivityDate: '2026-11-22',
      allTimeStreakDate: '2026-11-22',
    };
    expect(daysOfStreak(huge, 3)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(daysOfStreak(EMPTY_STREAK, 30)).toEqual([]);
    expect(
      daysOfStreak({ ...huge, lastActivityDate: 'soon', allTimeStreakDate: '2026-02-30' }, 30),
    ).toEqual([]);
    expect(daysOfStreak({ ...huge, currentStreak: Number.NaN, allTimeStreak: -4 }, 30)).toEqual([]);
  });
});
