import { describe, expect, it } from 'vitest';
import {
  type CardFlags,
  isLeechLapse,
  isStudyable,
  leechFlagsAfterReview,
  releaseLeech,
  suspendCard,
  unsuspendCard,
} from './leech.ts';
import { DEFAULT_SRS_SETTINGS, type SchedulingInput, scheduleReview } from './scheduler.ts';

const CLEAR: CardFlags = { is_leech: false, is_suspended: false };
const SUSPEND = { leech_threshold: 8, leech_action: 'suspend' as const };
const TAG = { leech_threshold: 8, leech_action: 'tag' as const };

describe('isLeechLapse', () => {
  it('catches the threshold, then every half threshold after', () => {
    const caught = Array.from({ length: 30 }, (_, lapses) => lapses).filter((lapses) =>
      isLeechLapse(lapses, 8),
    );
    expect(caught).toEqual([8, 12, 16, 20, 24, 28]);
    expect([1, 2, 3, 4].filter((lapses) => isLeechLapse(lapses, 1))).toEqual([1, 2, 3, 4]);
    expect([5, 6, 7, 8].filter((lapses) => isLeechLapse(lapses, 5))).toEqual([5, 8]);
  });

  it("never catches a card at 'never' or the stored 50", () => {
    for (const lapses of [1, 8, 50, 100]) {
      expect(isLeechLapse(lapses, 'never')).toBe(false);
      expect(isLeechLapse(lapses, 50)).toBe(false);
    }
  });
});

describe('leechFlagsAfterReview', () => {
  const lapsing: SchedulingInput = {
    card_state: 'review',
    learning_step: 0,
    ease_factor: 2.5,
    interval_days: 10,
    repetitions: 9,
    lapses: 7,
  };

  it('makes a card a leech and suspends it at the eighth lapse (defaults)', () => {
    const after = scheduleReview(lapsing, 'again', new Date('2026-11-22T09:00:00Z'));
    expect(after.lapses).toBe(8);
    expect(
      leechFlagsAfterReview(CLEAR, lapsing.lapses, after.lapses, DEFAULT_SRS_SETTINGS),
    ).toEqual({ is_leech: true, is_suspended: true });
  });

  it('only marks it with the tag action', () => {
    expect(leechFlagsAfterReview(CLEAR, 7, 8, TAG)).toEqual({
      is_leech: true,
      is_suspended: false,
    });
  });

  it('changes nothing without a new lapse, or below the threshold', () => {
    expect(leechFlagsAfterReview(CLEAR, 8, 8, SUSPEND)).toEqual(CLEAR);
    expect(leechFlagsAfterReview(CLEAR, 6, 7, SUSPEND)).toEqual(CLEAR);
    const suspended = { is_leech: false, is_suspended: true };
    expect(leechFlagsAfterReview(suspended, 6, 7, SUSPEND)).toEqual(suspended);
  });

  it('gives a released leech half the threshold more lapses', () => {
    const released = releaseLeech({ is_leech: true, is_suspended: true });
    expect(leechFlagsAfterReview(released, 8, 9, SUSPEND)).toEqual(CLEAR);
    expect(leechFlagsAfterReview(released, 11, 12, SUSPEND)).toEqual({
      is_leech: true,
      is_suspended: true,
    });
  });
});

describe('suspension and release', () => {
  it('suspends and unsuspends without touching the leech flag', () => {
    expect(suspendCard({ is_leech: true, is_suspended: false })).toEqual({
      is_leech: true,
      is_suspended: true,
    });
    expect(unsuspendCard({ is_leech: true, is_suspended: true })).toEqual({
      is_leech: true,
      is_suspended: false,
    });
  });

  it('releasing a leech clears both flags', () => {
    expect(releaseLeech({ is_leech: true, is_suspended: true })).toEqual(CLEAR);
  });

  it('leaves suspended cards and leeches out of study unless asked for', () => {
    expect(isStudyable(CLEAR)).toBe(true);
    expect(isStudyable({ is_leech: true, is_suspended: false })).toBe(false);
    expect(isStudyable({ is_leech: false, is_suspended: true })).toBe(false);
    expect(isStudyable({ is_leech: true, is_suspended: false }, { includeLeeches: true })).toBe(
      true,
    );
    expect(isStudyable({ is_leech: true, is_suspended: true }, { includeLeeches: true })).toBe(
      false,
    );
    expect(
      isStudyable(
        { is_leech: true, is_suspended: true },
        { includeLeeches: true, includeSuspended: true },
      ),
    ).toBe(true);
  });
});
