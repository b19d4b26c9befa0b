import type { QuizGameMode, QuizStudyMode } from '@lesefuchs/core/quiz/quiz';
import { useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { userTimeZone } from '../../lib/time-zone';
import { statsQueue } from '../stats/stats-queue';
import { recordActivity } from '../stats/streak-store';

// The learner's quiz scores (spec 2 §2 "scoreboard"): the best per study and game mode and the
// last ten games, kept on the device per owner, sent as `scoreboard` items of the batched stats
// sync (spec 1 §3) and merged with the server's when signed in.

export interface ScoreEntry {
  studyMode: QuizStudyMode;
  gameMode: QuizGameMode;
  score: number;
  playedAt: number;
}

export interface Scoreboard {
  best: ScoreEntry[];
  recent: ScoreEntry[];
}

export const RECENT_SCORES = 10;
const EMPTY: Scoreboard = { best: [], recent: [] };
const keyOf = (owner: string) => `lesefuchs.quiz.scores.${owner}`;
const listeners = new Set<() => void>();
const snapshots = new Map<string, Scoreboard>();

export function readScoreboard(owner: string): Scoreboard {
  const known = snapshots.get(owner);
  if (known) return known;
  let board = EMPTY;
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(owner)) ?? 'null') as Scoreboard | null;
    if (stored && Array.isArray(stored.best) && Array.isArray(stored.recent)) board = stored;
  } catch {
    // A damaged copy counts as none.
  }
  snapshots.set(owner, board);
  return board;
}

function writeScoreboard(owner: string, board: Scoreboard): void {
  snapshots.set(owner, board);
  try {
    localStorage.setItem(keyOf(owner), JSON.stringify(board));
  } catch {
    // Storage full or blocked: the scores still show for this visit.
  }
  for (const listener of listeners) listener();
}

const sameMode = (a: ScoreEntry, b: Pick<ScoreEntry, 'studyMode' | 'gameMode'>) =>
  a.studyMode === b.studyMode && a.gameMode === b.gameMode;
const sameGame = (a: ScoreEntry, b: ScoreEntry) => sameMode(a, b) && a.playedAt === b.playedAt;

/** Two boards as one: the higher best per mode, the newest ten games without repeats. */
export function mergeScoreboards(a: Scoreboard, b: Scoreboard): Scoreboard {
  const best: ScoreEntry[] = [];
  for (const entry of [...a.best, ...b.best]) {
    const at = best.findIndex((other) => sameMode(other, entry));
    const current = best[at];
    if (!current) best.push(entry);
    else if (entry.score > current.score) best[at] = entry;
  }
  const recent: ScoreEntry[] = [];
  for (const entry of [...a.recent, ...b.recent].sort((x, y) => y.playedAt - x.playedAt)) {
    if (!recent.some((other) => sameGame(other, entry))) recent.push(entry);
  }
  return { best, recent: recent.slice(0, RECENT_SCORES) };
}

export function bestScore(
  board: Scoreboard,
  mode: Pick<ScoreEntry, 'studyMode' | 'gameMode'>,
): ScoreEntry | null {
  return board.best.find((entry) => sameMode(entry, mode)) ?? null;
}

/**
 * Records a finished game; a signed-in learner's score also goes to the server. A finished game
 * is the day's activity for the streak (on the device at once; the server also counts the
 * score's day). Returns the best score before this game (null for the first game of the mode).
 */
export function recordScore(
  owner: string,
  signedIn: boolean,
  entry: ScoreEntry,
): ScoreEntry | null {
  const board = readScoreboard(owner);
  const before = bestScore(board, entry);
  writeScoreboard(owner, mergeScoreboards({ best: [entry], recent: [entry] }, board));
  recordActivity(signedIn ? owner : null, new Date(entry.playedAt));
  if (signedIn) {
    // A finished game is rare and worth seeing on another device soon: sent now, not in 30 s.
    const queue = statsQueue(owner);
    queue.enqueue({
      kind: 'scoreboard',
      studyMode: entry.studyMode,
      gameMode: entry.gameMode,
      score: entry.score,
      playedAt: entry.playedAt,
      timeZone: userTimeZone(),
    });
    void queue.flushNow().catch(() => undefined);
  }
  return before;
}

interface ServerEntry {
  studyMode: QuizStudyMode;
  gameMode: QuizGameMode;
  score: number;
  playedAt: string;
}

/** The server's scores (another device's games) merged into this device's board. */
export async function pullScoreboard(owner: string): Promise<void> {
  const server = await api<{ best: ServerEntry[]; recent: ServerEntry[] }>('/api/quiz/scores');
  const toEntry = (entry: ServerEntry): ScoreEntry => ({
    ...entry,
    playedAt: Date.parse(entry.playedAt),
  });
  writeScoreboard(
    owner,
    mergeScoreboards(readScoreboard(owner), {
      best: server.best.map(toEntry),
      recent: server.recent.map(toEntry),
    }),
  );
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

export function useScoreboard(owner: string): Scoreboard {
  return useSyncExternalStore(
    subscribe,
    () => readScoreboard(owner),
    () => EMPTY,
  );
}
