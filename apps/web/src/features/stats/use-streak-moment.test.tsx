import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StreakMoment } from '../../components/StreakMoment';
import i18n from '../../lib/i18n';
import { stopStatsQueue } from './stats-queue';
import { forgetGuestStreak, recordActivity } from './streak-store';
import { useStreakMoment } from './use-streak-moment';

// Each test is its own learner: the streak store keeps a copy per learner for the page's life.
let learner = 0;
const nextLearner = () => `moment-${++learner}`;
const yesterday = () => new Date(Date.now() - 86_400_000);

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  stopStatsQueue();
  localStorage.clear();
});

describe('the streak moment', () => {
  it('is the grown streak when the noted activity was the day’s first', () => {
    const user = nextLearner();
    recordActivity(user, yesterday());
    const { result } = renderHook(() => useStreakMoment(user));
    expect(result.current.days).toBeNull();
    act(() => {
      result.current.note();
      recordActivity(user);
    });
    expect(result.current.days).toBe(2);
    // A later activity the same day keeps the moment of this screen.
    act(() => {
      result.current.note();
      recordActivity(user);
    });
    expect(result.current.days).toBe(2);
  });

  it('is none when the day already had an activity before this one', () => {
    const user = nextLearner();
    recordActivity(user);
    const { result } = renderHook(() => useStreakMoment(user));
    act(() => {
      result.current.note();
      recordActivity(user);
    });
    expect(result.current.days).toBeNull();
  });

  it('is none until the activity is recorded', () => {
    const user = nextLearner();
    const { result } = renderHook(() => useStreakMoment(user));
    act(() => result.current.note());
    expect(result.current.days).toBeNull();
  });

  it('counts the guest’s streak on the device', () => {
    const { result } = renderHook(() => useStreakMoment(null));
    act(() => {
      result.current.note();
      recordActivity(null);
    });
    expect(result.current.days).toBe(1);
  });

  it('is none for a learner whose activity was noted before the session check named them', () => {
    const user = nextLearner();
    // Already active today (the story was read earlier); the page is reloaded, and the end of
    // the story is reached again before the session check answers: as a guest with no day yet.
    forgetGuestStreak();
    recordActivity(user);
    const { result, rerender } = renderHook(({ id }) => useStreakMoment(id), {
      initialProps: { id: null as string | null },
    });
    act(() => result.current.note());
    rerender({ id: user });
    act(() => recordActivity(user));
    expect(result.current.days).toBeNull();
  });

  it('reads as the day of the streak, in each language', async () => {
    render(<StreakMoment days={3} />);
    expect(screen.getByTestId('streak-moment').textContent).toBe('Day 3 of your streak');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('streak-moment').textContent).toBe('Día 3 de tu racha');
    await act(() => i18n.changeLanguage('kr'));
    expect(screen.getByTestId('streak-moment').textContent).toBe('연속 학습 3일째');
    await act(() => i18n.changeLanguage('en'));
  });
});
