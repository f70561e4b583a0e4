import { randomUUID } from 'node:crypto';
import { GAMES_ERRORS, PLATFORM_ERRORS, unsafeTextReason, type GameUploadJob, type PgnIngestReport } from '@bjk/domain';
import { pick } from '@bjk/domain/objects';
import type { Principal } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { bulkJobKind, startHeartbeat, waitForJob, type BulkJobs } from '../../platform/bulk-jobs.js';
import type { ChangeBus } from '../../platform/change-bus.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, badRequest, notFound, validationError } from '../../platform/errors.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { WorkerPoolBusyError, WorkerTaskError } from '../../platform/worker-pool.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { ingestPgn, type IngestProgress } from './games-ingest.service.js';
import { gamesCategory } from './games-sources.service.js';
import { publishGamesChanged } from './games.stream.js';
import type { UploadCounts } from './games.tables.js';
import {
  claimUploadJob,
  findUploadJob,
  insertUploadJob,
  listInterruptedUploadJobs,
  listUploadJobs,
  markInterruptedUploadJobs,
  requeueUploadJob,
  updateUploadJob,
  type GameUploadJobRow,
} from './games-upload-jobs.repository.js';

/**
 * A manager's PGN upload as a job (issue 22): the request checks what it can at once (category, empty file, unsafe
 * text), stores the text with a queued job and answers 202; the job takes the games after the answer, off the request's
 * path, writing its progress every batch and its report (or its coded error) at the end. A proxy's time-out no longer
 * cuts a 3 000-game upload's answer, and the page follows the job. Under the bulk-job rule (decision 0011): it beats
 * while it runs, is marked interrupted when its process died, and resumes by taking the stored text again (taking a
 * PGN again never duplicates a game).
 */

/** The job's context: the service context, and the change bus that tells the live viewers (absent: nobody watches). */
export type UploadJobsContext = ServiceContext & { bus?: ChangeBus };

/** The progress row is written once per this many games stored (and after every slice of games checked). */
const PROGRESS_EVERY_GAMES = 100;

/** The jobs this process runs, settled when each ends (the `wait` of a read, the app's close). */
const inFlight = new Map<string, Promise<void>>();

type Counts = IngestProgress['counts'];
const COUNT_KEYS = ['added', 'grown', 'replaced', 'unchanged', 'stale'] as const;

function toJob(row: GameUploadJobRow): GameUploadJob {
  return {
    ...pick(row, ['id', 'category', 'round', 'status', 'total', 'parsed', 'storable', 'stored']),
    report: row.report ?? null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '', ...(row.errorDetails ? { details: row.errorDetails } : {}) } : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A manager's upload: checked at once, then taken by a job after the answer. Answers the queued job. */
export async function startGameUpload(
  ctx: ManagerContext & Pick<UploadJobsContext, 'bus'>,
  category: string,
  text: string,
  round: number | undefined,
): Promise<GameUploadJob> {
  const target = await gamesCategory(ctx.db, category);
  if (text.trim() === '') throw badRequest(GAMES_ERRORS.emptyPgn, 'The PGN is empty');
  // The text rule of every request, for a file's content too: PostgreSQL cannot store a NUL character.
  if (unsafeTextReason(text)) throw validationError([{ path: 'file', code: 'unsafe_text', message: 'The PGN contains a character that is not allowed' }]);
  const now = ctx.clock.now();
  const row = await insertUploadJob(ctx.db, {
    id: randomUUID(),
    ...target,
    round: round ?? null,
    status: 'queued',
    pgn: text,
    createdBy: ctx.actor.email,
    createdAt: now,
    updatedAt: now,
  });
  void runUploadJob(ctx, row.id, ctx.actor);
  return toJob(row);
}

/** The job; with `waitSeconds`, waits (when this process runs it) until it ends or the time is up. */
export async function getGameUpload(db: DbOrTx, id: string, waitSeconds = 0): Promise<GameUploadJob> {
  await waitForJob(inFlight.get(id), waitSeconds);
  const row = await findUploadJob(db, id);
  if (!row) throw notFound(GAMES_ERRORS.uploadNotFound, 'No such upload');
  return toJob(row);
}

/** The current edition's recent uploads, newest first (of one category when given). */
export async function listGameUploads(db: DbOrTx, category?: string): Promise<GameUploadJob[]> {
  const edition = await getCurrentEdition(db);
  return (await listUploadJobs(db, edition.code, category)).map(toJob);
}

/** Settles when every job this process runs has ended (the app's close waits for them). */
export async function settleUploadJobs(): Promise<void> {
  await Promise.allSettled([...inFlight.values()]);
}

/** Runs a queued job after the current request's answer; settles when it ended (done or failed, never rejected). */
function runUploadJob(ctx: UploadJobsContext, id: string, actor: Principal | null): Promise<void> {
  const existing = inFlight.get(id);
  if (existing) return existing;
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => takeGames(ctx, id, actor))
    // A database gone before the job could even be claimed or marked: the job stays queued or running, and the
    // bulk-job sweep marks it interrupted once its heartbeat is missed.
    .catch(() => undefined)
    .finally(() => inFlight.delete(id));
  inFlight.set(id, run);
  return run;
}

/** What a job's failure is told as: its coded error, or the platform's code for a failed worker or an unknown fault. */
function failureOf(error: unknown): { code: string; message: string; details?: Record<string, unknown> } {
  if (error instanceof AppError) {
    const details = error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : undefined;
    return { code: error.code, message: error.message, ...(details ? { details } : {}) };
  }
  if (error instanceof WorkerPoolBusyError) return { code: PLATFORM_ERRORS.busy, message: 'The server is busy with heavy work, upload again in a moment' };
  if (error instanceof WorkerTaskError) return { code: PLATFORM_ERRORS.workerFailed, message: 'The heavy work of this upload failed' };
  return { code: PLATFORM_ERRORS.internal, message: 'General server error' };
}

async function takeGames(ctx: UploadJobsContext, id: string, actor: Principal | null): Promise<void> {
  const { db, clock } = ctx;
  const row = await claimUploadJob(db, id, clock.now());
  if (!row) return;
  const stopBeat = startHeartbeat(() => updateUploadJob(db, id, { updatedAt: clock.now() }));
  // A resumed job: an earlier run took the first `before.stored` games (in the file's order, which does not change)
  // with these outcomes. Taken again now they are unchanged: their outcomes are the earlier run's, the rest this run's.
  const before = row.counts;
  let atBefore: Counts | null = null;
  let counts: UploadCounts | null = before;
  const countsAt = (progress: IngestProgress): UploadCounts | null => {
    if (!before) return { stored: progress.stored, ...progress.counts };
    if (progress.stored === before.stored) atBefore = progress.counts;
    if (progress.stored < before.stored || !atBefore) return before;
    const since = atBefore;
    const merged = { stored: progress.stored } as UploadCounts;
    for (const key of COUNT_KEYS) merged[key] = before[key] + progress.counts[key] - since[key];
    return merged;
  };
  let written = -1;
  try {
    const report = await ingestPgn(
      { ...ctx, actor, onGamesChanged: ctx.bus ? publishGamesChanged(ctx.bus) : undefined },
      { edition: row.edition, category: row.category },
      row.pgn ?? '',
      {
        source: 'upload',
        defaultRound: row.round ?? undefined,
        onProgress: async (progress) => {
          counts = countsAt(progress);
          const due =
            progress.storable === null || progress.stored === 0 || progress.stored === progress.storable || progress.stored - written >= PROGRESS_EVERY_GAMES;
          if (!due) return;
          written = progress.stored;
          const { total, parsed, storable, stored } = progress;
          await updateUploadJob(db, id, { total, parsed, storable, stored, counts, updatedAt: clock.now() });
          // A turn for the event loop after each batch (decision 0011): on embedded PostgreSQL queries never wait.
          await new Promise((resolve) => setImmediate(resolve));
        },
      },
    );
    const final: PgnIngestReport = { ...report };
    if (before && counts) for (const key of COUNT_KEYS) final[key] = counts[key];
    const now = clock.now();
    await db.transaction(async (tx) => {
      await updateUploadJob(tx, id, { status: 'done', report: final, counts, pgn: null, finishedAt: now, updatedAt: now });
      await recordAudit(tx, {
        actor,
        action: 'results.games_uploaded',
        subjectType: 'game_source',
        subjectId: `${row.edition}/${row.category}`,
        after: { job: id, round: row.round, added: final.added, grown: final.grown, replaced: final.replaced, errors: final.errors.length },
      });
    });
  } catch (error) {
    const failure = failureOf(error);
    const now = clock.now();
    await updateUploadJob(db, id, {
      status: 'failed',
      errorCode: failure.code,
      errorMessage: failure.message,
      errorDetails: failure.details ?? null,
      pgn: null,
      finishedAt: now,
      updatedAt: now,
    }).catch(() => undefined);
  } finally {
    stopBeat();
  }
}

/**
 * Upload jobs under the platform's interruption rule: an interrupted job goes back into the queue and takes its stored
 * text again; the games the first run stored are found again (never duplicated) and keep the outcomes it counted.
 */
export function gameUploadBulkJobs(ctx: UploadJobsContext): BulkJobs {
  return bulkJobKind('games', 'results:write', {
    markInterrupted: markInterruptedUploadJobs,
    listInterrupted: listInterruptedUploadJobs,
    view: (row) => ({ id: row.id, action: row.category, done: row.stored, total: row.storable ?? row.total ?? 0, startedAt: row.startedAt ?? row.createdAt }),
    claim: (id) => requeueUploadJob(ctx.db, id, ctx.clock.now()),
    resume: ({ id }, actor) => {
      const finished = runUploadJob(ctx, id, actor).then(async () => {
        const after = await findUploadJob(ctx.db, id);
        if (after?.status === 'failed') throw new Error(`upload job ${id} failed: ${after.errorCode}`);
      });
      return { finished };
    },
  });
}
