import type { Tournament } from '@bjk/domain';
import type { Config } from '../../config.js';
import { badRequest, validationError } from '../../platform/errors.js';
import { HEAVY_WORK_NICENESS, lazyWorkerPool } from '../../platform/worker-pool.js';
import { checkTournamentFile, type TournamentFileAnswer } from './tournament-file-check.js';

/**
 * Tournament files read off the event loop (issue 22). Parsing a file and checking its every text holds the thread
 * that does it: for FRBE's 948-player TRF about 30 ms once warm and 300 ms the first time, the same again for a
 * 1 MB Swar export; done in the request's thread it held every other request of the site for as long. Files above
 * `INLINE_FILE_BYTES` are read in a worker thread (`tournament-file.worker.ts`); the answer is the same either way.
 */
/** Below this size a file is read in this thread: a round trip to a thread would cost it more than the parse. */
export const INLINE_FILE_BYTES = 32 * 1024;

// A file that takes a minute is a broken worker, not a big file (the largest real ones take well under a second).
const tournamentWorkers = lazyWorkerPool<Uint8Array, TournamentFileAnswer, [Pick<Config, 'workers'>]>((config) => ({
  script: new URL('./tournament-file.worker.ts', import.meta.url),
  size: config.workers.threads,
  maxQueued: config.workers.queue,
  taskTimeoutMs: 60_000,
  niceness: HEAVY_WORK_NICENESS,
}));

/** Stops the threads (the app's close). */
export const closeTournamentWorkers = tournamentWorkers.close;

/**
 * The tournament of an uploaded file, read in a worker thread when it is large; a refused file throws the coded
 * 400 it always did. A worker that dies or hangs rejects with `WorkerTaskError`, a full queue with
 * `WorkerPoolBusyError` (the error handler answers 500 `platform.worker_failed` and 503 `platform.busy`).
 */
export async function readTournamentFile(bytes: Uint8Array, config: Pick<Config, 'workers'>): Promise<Tournament> {
  const answer = bytes.length <= INLINE_FILE_BYTES ? checkTournamentFile(bytes) : await tournamentWorkers.get(config).run(bytes);
  if (answer.ok) return answer.tournament;
  if (answer.refused === 'file') throw badRequest(answer.code, answer.message, answer.details);
  throw validationError([{ path: `file.${answer.path}`, code: 'unsafe_text', message: 'The file contains a character that is not allowed' }]);
}
