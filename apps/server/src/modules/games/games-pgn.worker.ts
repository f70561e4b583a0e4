import { serveWorkerTasks } from '../../platform/worker-task.js';
import { parsePgnSlice, TooManyGamesError } from './games-pgn.js';
import type { PgnSliceAnswer, PgnSliceTask } from './games-pgn-workers.js';

/**
 * A worker thread checking PGN games move by move with chess.js (`games-pgn-workers.ts` sends the slices). A file
 * with too many games is answered as such: an error's class does not cross threads.
 */
serveWorkerTasks<PgnSliceTask, PgnSliceAnswer>(({ text, defaultRound, from, count }) => {
  try {
    return { ok: true, ...parsePgnSlice(text, { defaultRound, from, count }) };
  } catch (error) {
    if (error instanceof TooManyGamesError) return { ok: false, games: error.games, maxGames: error.maxGames };
    throw error;
  }
});
