import { localDay } from '@lesefuchs/core/streak';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userTimeZone } from '../../lib/time-zone';
import { stopStatsQueue } from '../stats/stats-queue';
import { forgetGuestStreak, readStreak } from '../stats/streak-store';
import {
  bestScore,
  mergeScoreboards,
  RECENT_SCORES,
  recordScore,
  type ScoreEntry,
} from './scoreboard';

const game = (
  score: number,
  playedAt: number,
  gameMode: ScoreEntry['gameMode'] = 'score',
): ScoreEntry => ({
  studyMode: 'vocabulary',
  gameMode,
  score,
  playedAt,
});

describe('mergeScoreboards', () => {
  it('keeps the higher best of each mode, and modes apart', () => {
    const merged = mergeScoreboards(
      { best: [game(40, 1), game(90, 2, 'timer')], recent: [] },
      { best: [game(70, 3), game(10, 4, 'timer')], recent: [] },
    );
    expect(bestScore(merged, { studyMode: 'vocabulary', gameMode: 'score' })?.score).toBe(70);
    expect(bestScore(merged, { studyMode: 'vocabulary', gameMode: 'timer' })?.score).toBe(90);
    expect(bestScore(merged, { studyMode: 'gender', gameMode: 'score' })).toBeNull();
  });

  it('lists the newest ten games once, even when both boards know one', () => {
    const device = Array.from({ length: 8 }, (_, i) => game(i, 100 + i));
    const server = Array.from({ length: 8 }, (_, i) => game(i, 104 + i));
    const merged = mergeScoreboards({ best: [], recent: device }, { best: [], recent: server });
    expect(merged.recent).toHaveLength(RECENT_SCORES);
    expect(merged.recent.map((entry) => entry.playedAt)).toEqual([
      111, 110, 109, 108, 107, 106, 105, 104, 103, 102,
    ]);
  });
});

describe('a finished game', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetGuestStreak();
  });
  afterEach(() => stopStatsQueue());

  it('is the day’s activity for a guest’s streak, on the device', () => {
    const playedAt = Date.parse('2026-11-22T12:00:00');
    recordScore('guest', false, game(30, playedAt));
    expect(readStreak(null)).toMatchObject({
      currentStreak: 1,
      lastActivityDate: localDay(new Date(playedAt)),
    });
  });

  it('queues the day and the score with the learner’s time zone when signed in', () => {
    const playedAt = Date.now();
    recordScore('quizzer-1', true, game(50, playedAt, 'survival'));
    expect(readStreak('quizzer-1')).toMatchObject({ currentStreak: 1 });
    const queued = JSON.parse(localStorage.getItem('lesefuchs.queue.stats.quizzer-1') ?? '[]');
    expect(queued.map((item: { payload: unknown }) => item.payload)).toEqual([
      { kind: 'streak', activityDate: localDay(new Date(playedAt)) },
      {
        kind: 'scoreboard',
        studyMode: 'vocabulary',
        gameMode: 'survival',
        score: 50,
        playedAt,
        timeZone: userTimeZone(),
      },
    ]);
  });
});
