import { serveWorkerTasks } from '../../platform/worker-task.js';
import { checkTournamentFile, type TournamentFileAnswer } from './tournament-file-check.js';

/** A worker thread reading uploaded tournament files (`tournament-file-workers.ts` sends them). */
serveWorkerTasks<Uint8Array, TournamentFileAnswer>((bytes) => checkTournamentFile(bytes));
