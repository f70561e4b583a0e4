import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EventEmitter } from 'node:events';
import { MEMBERS_ERRORS, type MemberImportFormat, type MemberImportJob } from '@bjk/domain';
import { pick } from '@bjk/domain/objects';
import type { Principal } from '../../platform/access.js';
import { bulkJobKind, startHeartbeat, waitForJob, type BulkJobs } from '../../platform/bulk-jobs.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import {
  claimInterruptedMemberImportJob,
  claimQueuedMemberImportJob,
  findMemberImportJob,
  insertMemberImportJob,
  listInterruptedMemberImportJobs,
  listRecentMemberImportJobs,
  markInterruptedMemberImportJobs,
  updateMemberImportJob,
  type MemberImportJobRow,
} from './members.repository.js';
import { importMembers } from './members.service.js';

/**
 * Member imports as background jobs (issue 22). FIDE's XML list is 400 MB and hundreds of thousands of rows: the
 * request only stores the upload in a file under the data directory and answers 202 with the job; the job then
 * runs the streamed batch import from that file, writing its progress per batch, and removes the file when it
 * ends. Under the bulk-job rule (decision 0011) a job whose process died is marked interrupted; the upsert is
 * idempotent, so resuming reads the file again from its start (if it is still there: another instance's disk or
 * a cleaned data directory fails the job with `members.import_file_gone`).
 */

/** The page lists this many recent imports. */
const RECENT_IMPORTS = 20;

type JobsDeps = Pick<ServiceContext, 'db' | 'clock' | 'config'>;

/** Where uploads wait for their job: a temporary directory of the server's data area. */
function uploadDir(config: ServiceContext['config']): string {
  return path.join(config.dataDir, 'tmp', 'member-imports');
}

/**
 * Jobs running here: whoever waits for them (`?wait=`), and how to stop one at shutdown (`stopMemberImports`: it
 * is left interrupted with its file, for a resume after the restart).
 */
type Running = { done: Promise<void>; finish: () => void; stopping: boolean; stop: () => void };
const running = new Map<string, Running>();

function track(id: string): void {
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const entry: Running = { done, finish, stopping: false, stop: () => (entry.stopping = true) };
  running.set(id, entry);
}

/** Stops the imports running here (graceful shutdown): each is left interrupted, its stored upload kept. */
export async function stopMemberImports(): Promise<void> {
  const entries = [...running.values()];
  for (const entry of entries) entry.stop();
  await Promise.all(entries.map((entry) => entry.done));
}

function settle(id: string): void {
  running.get(id)?.finish();
  running.delete(id);
}

/** Told of every failed job (the routes log it through the app's logger, with the reason the job's code hides). */
export const importFailures = new EventEmitter<{ failed: [{ job: string; code: string; reason: string }] }>();

function toJob(row: MemberImportJobRow): MemberImportJob {
  return {
    ...pick(row, ['id', 'format', 'status', 'received', 'inserted', 'updated', 'unchanged', 'rejected', 'bytes', 'result', 'error', 'createdBy']),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export type StartedImport = { job: MemberImportJob; finished: Promise<MemberImportJob> };

/**
 * Stores the upload (`receive` hands the uploaded stream to `store`; an upload that fails leaves no file and no
 * job), records the job and starts it: the caller answers with the job while the rows are imported.
 */
export async function startMemberImport(
  ctx: ManagerContext,
  format: MemberImportFormat,
  receive: (store: (input: Readable) => Promise<void>) => Promise<void>,
): Promise<StartedImport> {
  const id = randomUUID();
  const dir = uploadDir(ctx.config);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${id}.${format}`);
  try {
    await receive((input) => pipeline(input, createWriteStream(file)));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  const now = ctx.clock.now();
  const row = await insertMemberImportJob(ctx.db, {
    id,
    format,
    status: 'queued',
    file,
    bytes: (await stat(file)).size,
    createdBy: ctx.actor.displayName,
    createdAt: now,
    updatedAt: now,
  });
  track(id);
  const finished = (async () => {
    const claimed = await claimQueuedMemberImportJob(ctx.db, id, ctx.clock.now());
    if (!claimed) throw new Error(`member import ${id} was taken by another run`);
    return runMemberImport(ctx, claimed);
  })();
  finished.catch(() => settle(id));
  return { job: toJob(row), finished };
}

const fileExists = (file: string | null) =>
  file === null
    ? Promise.resolve(false)
    : access(file).then(
        () => true,
        () => false,
      );

const removeUpload = async (file: string | null) => {
  if (file) await rm(file, { force: true });
};

/** Imports the job's stored file, its progress on its row; a job that ends (done or failed) removes its file. */
async function runMemberImport(ctx: ServiceContext, row: MemberImportJobRow): Promise<MemberImportJob> {
  const { db, clock } = ctx;
  const stopHeartbeat = startHeartbeat(() => updateMemberImportJob(db, row.id, { updatedAt: clock.now() }));
  const entry = running.get(row.id);
  try {
    if (!(await fileExists(row.file))) throw new AppError(410, MEMBERS_ERRORS.importFileGone, 'The uploaded file is no longer on this server');
    const input = createReadStream(row.file!);
    if (entry) {
      const stopped = entry.stopping;
      entry.stop = () => {
        entry.stopping = true;
        input.destroy(new Error('The server is stopping'));
      };
      if (stopped) entry.stop();
    }
    const result = await importMembers(ctx, row.format, input, {
      onBatch: (progress) => updateMemberImportJob(db, row.id, { ...progress, updatedAt: clock.now() }),
    });
    const { rejections: _, format: __, durationMs: ___, ...counts } = result;
    // The file goes before the job shows it ended: whoever sees "done" finds nothing left behind.
    await removeUpload(row.file);
    await updateMemberImportJob(db, row.id, { ...counts, status: 'done', result, file: null, updatedAt: clock.now(), finishedAt: clock.now() });
  } catch (error) {
    if (entry?.stopping) {
      // A shutdown, not a failure: the job stays resumable, its file kept (the next start lists it interrupted).
      await updateMemberImportJob(db, row.id, { status: 'interrupted', updatedAt: clock.now() }).catch(() => undefined);
      return toJob({ ...row, status: 'interrupted' });
    }
    const code = error instanceof AppError ? error.code : MEMBERS_ERRORS.importFailed;
    importFailures.emit('failed', { job: row.id, code, reason: (error as Error).message.slice(0, 300) });
    await removeUpload(row.file);
    await updateMemberImportJob(db, row.id, { status: 'failed', error: code, file: null, updatedAt: clock.now(), finishedAt: clock.now() }).catch(
      () => undefined,
    );
  } finally {
    stopHeartbeat();
    settle(row.id);
  }
  return getMemberImport(db, row.id);
}

/** The job's state; with `waitSeconds`, waits (when this instance runs it) until it ends or the time is up. */
export async function getMemberImport(db: DbOrTx, id: string, waitSeconds = 0): Promise<MemberImportJob> {
  await waitForJob(running.get(id)?.done, waitSeconds);
  const row = await findMemberImportJob(db, id);
  if (!row) throw notFound(MEMBERS_ERRORS.importNotFound, 'No such member import');
  return toJob(row);
}

/** The latest imports, newest first. */
export async function listMemberImports(db: DbOrTx): Promise<MemberImportJob[]> {
  return (await listRecentMemberImportJobs(db, RECENT_IMPORTS)).map(toJob);
}

/** Member imports under the platform's interruption rule: resuming imports the stored file again (an idempotent upsert). */
export function memberImportBulkJobs(deps: JobsDeps): BulkJobs {
  return bulkJobKind('members', 'members:write', {
    markInterrupted: markInterruptedMemberImportJobs,
    listInterrupted: listInterruptedMemberImportJobs,
    view: (row) => ({ id: row.id, action: row.format, done: row.received, total: row.received, startedAt: row.createdAt }),
    claim: (id) => claimInterruptedMemberImportJob(deps.db, id, deps.clock.now()),
    resume: (row, actor: Principal) => {
      track(row.id);
      const finished = runMemberImport({ ...deps, actor }, row).then((job) => {
        if (job.status === 'failed') throw new Error(`member import ${row.id} failed: ${job.error}`);
        return job;
      });
      return { finished };
    },
  });
}
