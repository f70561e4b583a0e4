import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkJobParamsSchema, interruptedJobListSchema, PLATFORM_ERRORS, type BulkJobKind, type InterruptedJob, type Permission } from '@bjk/domain';
import { principalOf, type Principal } from './access.js';
import type { Database, Db } from './db.js';
import { conflict, forbidden } from './errors.js';

/**
 * One rule for every bulk job (decision 0011). A job records its progress in its own area's table and beats
 * a heartbeat (its row's last update) while it runs. A job found "running" by a process that is not running
 * it died with its process: it is marked `interrupted`, listed in the back office, and resumed on request.
 * Resuming does only what is left: each area's job skips what the first run finished (a request already
 * created or sent, …), so nothing is done twice.
 */
export type BulkJobs = {
  kind: BulkJobKind;
  /** Who may see and resume these jobs. */
  permission: Permission;
  /** Marks the jobs still running whose last sign of life is before `staleBefore` as interrupted; answers how many. */
  markInterrupted(db: Db, staleBefore: Date): Promise<number>;
  listInterrupted(db: Db): Promise<InterruptedJob[]>;
  /**
   * Takes an interrupted job back (a conditional update: of two concurrent resumes one wins) and continues
   * it after the answer; false when the job is not interrupted. `finished` settles when the rest is done.
   */
  resume(id: string, actor: Principal): Promise<{ finished: Promise<unknown> } | false>;
};

/** An interrupted job as its area lists it: `bulkJobKind` adds the kind and writes the start as an ISO timestamp. */
export type InterruptedJobView = Omit<InterruptedJob, 'kind' | 'startedAt'> & { startedAt: Date };

/**
 * A kind of bulk job declared from its area's queries: its interrupted rows and how each is listed, and how an
 * interrupted job is taken back (`claim`: a conditional update, nothing when the job is not interrupted) and continued.
 */
export function bulkJobKind<Row>(
  kind: BulkJobKind,
  permission: Permission,
  area: {
    markInterrupted(db: Db, staleBefore: Date): Promise<number>;
    listInterrupted(db: Db): Promise<Row[]>;
    view(row: Row): InterruptedJobView;
    claim(id: string): Promise<Row | undefined>;
    /** Continues a claimed job; `finished` settles when the rest is done. */
    resume(row: Row, actor: Principal): Promise<{ finished: Promise<unknown> }> | { finished: Promise<unknown> };
  },
): BulkJobs {
  return {
    kind,
    permission,
    markInterrupted: (db, staleBefore) => area.markInterrupted(db, staleBefore),
    listInterrupted: async (db) =>
      (await area.listInterrupted(db)).map((row) => {
        const view = area.view(row);
        return { kind, ...view, startedAt: view.startedAt.toISOString() };
      }),
    resume: async (id, actor) => {
      const row = await area.claim(id);
      return row ? area.resume(row, actor) : false;
    },
  };
}

/**
 * How long a running job may be silent before another instance takes it for dead (PostgreSQL, several
 * instances; `BULK_JOB_STALE_SECONDS` sets it, at least two heartbeats). Jobs beat at least every `BULK_JOB_HEARTBEAT_MS`.
 */
export const BULK_JOB_STALE_AFTER_MS = 2 * 60_000;
export const BULK_JOB_HEARTBEAT_MS = 15_000;

/**
 * At start and every minute after: another instance may be running a job, so only a job silent for
 * `staleAfterMs` is taken for dead.
 */
export async function markInterruptedJobs(
  database: Pick<Database, 'db'>,
  kinds: BulkJobs[],
  now: Date,
  staleAfterMs = BULK_JOB_STALE_AFTER_MS,
): Promise<number> {
  const staleBefore = new Date(now.getTime() - staleAfterMs);
  let marked = 0;
  for (const kind of kinds) marked += await kind.markInterrupted(database.db, staleBefore);
  return marked;
}

/** Waits until `running` (a job this process runs) settles, or `waitSeconds` are up: a read that may wait for the job's end. */
export async function waitForJob(running: Promise<unknown> | undefined, waitSeconds: number): Promise<void> {
  if (!running || waitSeconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, waitSeconds * 1000)))]);
  clearTimeout(timer);
}

/** Calls `beat` every `BULK_JOB_HEARTBEAT_MS` while a job runs; answers the function that stops it. */
export function startHeartbeat(beat: () => Promise<void>): () => void {
  const timer = setInterval(() => void beat().catch(() => undefined), BULK_JOB_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** `GET /api/v1/jobs/interrupted` and `POST /api/v1/jobs/:kind/:id/resume`, for every kind of bulk job. */
export async function bulkJobsRoutes(app: FastifyInstance, db: Db, kinds: BulkJobs[], log: { error(o: object, m: string): void }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['platform'];
  const security = [{ bearer: [] }];

  r.get('/api/v1/jobs/interrupted', {
    schema: {
      tags,
      security,
      summary: 'Bulk jobs interrupted by a stopped server, of the kinds the caller may resume',
      response: { 200: interruptedJobListSchema },
    },
    // Each kind's own permission filters the list (a treasurer sees payment jobs, a printer print jobs).
    config: { access: 'authenticated' },
    handler: async (request) => {
      const { permissions } = principalOf(request);
      const lists = await Promise.all(kinds.filter((k) => permissions.has(k.permission)).map((k) => k.listInterrupted(db)));
      return lists.flat().sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    },
  });

  r.post('/api/v1/jobs/:kind/:id/resume', {
    schema: {
      tags,
      security,
      summary: 'Resume an interrupted bulk job: what was done stays done, the rest is done',
      params: bulkJobParamsSchema,
      response: { 202: z.null() },
    },
    // The kind's permission is checked in the handler: the kind is part of the address.
    config: { access: 'authenticated' },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const kind = kinds.find((k) => k.kind === request.params.kind)!;
      if (!principal.permissions.has(kind.permission)) throw forbidden();
      const resumed = await kind.resume(request.params.id, principal);
      if (!resumed) throw conflict(PLATFORM_ERRORS.jobNotInterrupted, 'This job is not interrupted');
      resumed.finished.catch((error: unknown) => log.error({ err: error, job: request.params.id }, 'resumed job failed'));
      return reply.status(202).send(null);
    },
  });
}
