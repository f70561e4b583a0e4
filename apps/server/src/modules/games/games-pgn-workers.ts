import { HEAVY_WORK_NICENESS, lazyWorkerPool } from '../../platform/worker-pool.js';
import { parsePgn, TooManyGamesError, type ParsedGame, type PgnParseResult } from './games-pgn.js';
import type { PgnGameError } from '@bjk/domain';

/**
 * PGN move validation off the event loop. chess.js checks every move of every game: a 3 000-game upload took 36 s of
 * one core on a loaded machine, and done in the request's thread it froze every request of the site for as long
 * (issue 22). Files are checked in a worker thread in slices of `SLICE_GAMES`: each answer is cloned into this thread
 * in one go (about 25 ms per 300 games), so a slice must stay small. A relay's push of a game or two is checked here
 * at once: a round trip to a thread would cost it more than the check.
 */
export const SLICE_GAMES = 150;
/** Below this size a text is parsed in this thread (a push of one or two games with clocks). */
export const INLINE_PGN_BYTES = 4 * 1024;

export type PgnSliceTask = { text: string; defaultRound?: number; from: number; count: number };
export type PgnSliceAnswer = { ok: true; games: ParsedGame[]; errors: PgnGameError[]; total: number } | { ok: false; games: number; maxGames: number };

// One or two threads (cores − 1, at most four); a slice that runs a minute is a broken worker, not a big file.
const pgnWorkers = lazyWorkerPool<PgnSliceTask, PgnSliceAnswer>(() => ({
  script: new URL('./games-pgn.worker.ts', import.meta.url),
  taskTimeoutMs: 60_000,
  niceness: HEAVY_WORK_NICENESS,
}));

/** Stops the threads (the app's close). */
export const closePgnWorkers = pgnWorkers.close;

/**
 * Every game of a PGN text, as `parsePgn`, checked in worker threads slice by slice. A worker that dies or hangs
 * rejects with `WorkerTaskError`, a full queue with `WorkerPoolBusyError` (the error handler answers them with
 * coded errors); too many games throws `TooManyGamesError` before any game is checked.
 */
export async function parsePgnOffThread(
  text: string,
  options: { defaultRound?: number; onSlice?: (parsed: number, total: number) => void | Promise<void> } = {},
): Promise<PgnParseResult> {
  if (Buffer.byteLength(text) <= INLINE_PGN_BYTES) return parsePgn(text, options);
  const workers = pgnWorkers.get();
  const first = await workers.run({ text, defaultRound: options.defaultRound, from: 0, count: SLICE_GAMES });
  if (!first.ok) throw new TooManyGamesError(first.games, first.maxGames);
  const rest: Promise<PgnSliceAnswer>[] = [];
  for (let from = SLICE_GAMES; from < first.total; from += SLICE_GAMES)
    rest.push(workers.run({ text, defaultRound: options.defaultRound, from, count: SLICE_GAMES }));
  // Each slice is awaited in turn; a rejection of a later one must not count as unhandled meanwhile.
  for (const slice of rest) slice.catch(() => undefined);
  const games = [...first.games];
  const errors = [...first.errors];
  let parsed = Math.min(SLICE_GAMES, first.total);
  await options.onSlice?.(parsed, first.total);
  for (const slice of rest) {
    const answer = await slice;
    if (!answer.ok) throw new TooManyGamesError(answer.games, answer.maxGames);
    games.push(...answer.games);
    errors.push(...answer.errors);
    parsed = Math.min(parsed + SLICE_GAMES, first.total);
    await options.onSlice?.(parsed, first.total);
  }
  return { games, errors };
}
