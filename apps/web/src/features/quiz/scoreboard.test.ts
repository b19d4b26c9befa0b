import { describe, expect, it } from 'vitest';
import { bestScore, mergeScoreboards, RECENT_SCORES, type ScoreEntry } from './scoreboard';

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
