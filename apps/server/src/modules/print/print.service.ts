import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { EventEmitter } from 'node:events';
import { PLATFORM_ERRORS, PRINT_ERRORS, type Language, type PrintJob, type PrintRequest } from '@bjk/domain';
import type { Principal } from '../../platform/access.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { WorkerStoppedError } from '../../platform/worker-pool.js';
import { bulkJobKind, waitForJob, type BulkJobs } from '../../platform/bulk-jobs.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { closeRenderThread, openRenderSession } from './print-render.js';
import { plan, type Rendering } from './print-plans.js';
import {
  deletePrintJobsBefore,
  claimInterruptedPrintJob,
  claimNextPrintJob,
  deletePrintJobChunks,
  findQueuePosition,
  listActivePrintJobs,
  findPrintJob,
  listInterruptedPrintJobs,
  markInterruptedPrintJobs,
  findPrintJobChunk,
  insertPrintJob,
  insertPrintJobChunk,
  listPrintJobChunkSeqs,
  updatePrintJob,
  type PrintJobRow,
} from './print.repository.js';

/** Produced PDFs are for downloading at once; older jobs and their bytes are removed when a new one starts. */
const JOB_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Bytes are written to the database in chunks of about this size, so memory stays flat however long the batch. */
const CHUNK_BYTES = 512 * 1024;

// The queue -------------------------------------------------------------------------------------------------

/**
 * One print job at a time per instance (issue 22): a 760-badge job keeps a core busy for most of a minute, and two
 * at once would only halve each one's speed and double the memory. Every job is stored `queued` first (the queue is
 * the table: it survives a restart) and this instance's runner takes them oldest first, one after the other. Another
 * instance's runner may take a job too (SKIP LOCKED: never twice), so with several instances several jobs run.
 */
type RunnerDeps = Pick<ServiceContext, 'db' | 'clock' | 'config'>;
type Runner = {
  deps: RunnerDeps;
  /** The job this instance runs now, if any. */
  active: Promise<void> | null;
  /** Set when a job was queued while the runner worked: it looks at the queue again before it stops. */
  again: boolean;
  stopping: boolean;
};
let runner: Runner | null = null;

/** Jobs queued or resumed here: their creator (the audit's actor) and whoever waits for them (`?wait=`). */
const waiting = new Map<string, { actor: Principal | null; done: Promise<void>; finish: () => void }>();

function awaitJob(id: string, actor: Principal | null): Promise<void> {
  const existing = waiting.get(id);
  if (existing) return existing.done;
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  waiting.set(id, { actor, done, finish });
  return done;
}

function settle(id: string): void {
  waiting.get(id)?.finish();
  waiting.delete(id);
}

/** Starts this instance's runner if it is idle; it takes queued jobs until none is left. */
export function drainPrintQueue(deps: RunnerDeps): void {
  runner ??= { deps, active: null, again: false, stopping: false };
  const current = runner;
  current.again = true;
  if (current.active) return;
  current.active = (async () => {
    while (current.again && !current.stopping) {
      current.again = false;
      for (;;) {
        if (current.stopping) return;
        const row = await claimNextPrintJob(current.deps.db, current.deps.clock.now());
        if (!row) break;
        await runPrintJob(current.deps, row);
      }
    }
  })()
    // A failed claim (the database gone): the next job queued, or the next sweep, tries again.
    .catch(() => undefined)
    .finally(() => {
      current.active = null;
    });
}

/** Stops taking queued jobs and waits for the one running here (graceful shutdown; the queue stays stored). */
export async function stopPrintQueue(): Promise<void> {
  const current = runner;
  runner = null;
  if (current) {
    current.stopping = true;
    await current.active;
  }
  await closeRenderThread();
}

/** The code a failed job shows: the service's own, a thread that died twice, or the drawing's failure. */
function failureCode(error: unknown): string {
  if (error instanceof AppError) return error.code;
  if (error instanceof WorkerStoppedError) return PLATFORM_ERRORS.workerFailed;
  return PRINT_ERRORS.renderFailed;
}

/** Renders a claimed job from its stored request; its outcome is on its row. A thread that died gets one more try. */
async function runPrintJob(deps: RunnerDeps, row: PrintJobRow): Promise<void> {
  const ctx: ServiceContext = { ...deps, actor: waiting.get(row.id)?.actor ?? null };
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const rendering = await plan(ctx.db, row.request, row.language);
        await renderJob(ctx, row, rendering);
        return;
      } catch (error) {
        if (!(error instanceof WorkerStoppedError) || attempt >= 2) throw error;
        await deletePrintJobChunks(ctx.db, row.id);
        await updatePrintJob(ctx.db, row.id, { done: 0, pages: 0, bytes: 0, updatedAt: ctx.clock.now() });
      }
    }
  } catch (error) {
    // The job shows the code; the reason (a font, a thread, a file format: no personal data) goes to the log.
    const code = failureCode(error);
    failures.emit('failed', { job: row.id, code, reason: (error as Error).message.slice(0, 300) });
    await updatePrintJob(ctx.db, row.id, { status: 'failed', error: code, updatedAt: ctx.clock.now(), finishedAt: ctx.clock.now() }).catch(() => undefined);
  } finally {
    settle(row.id);
  }
}

/** Told of every failed job (the routes log it through the app's logger). */
export const failures = new EventEmitter<{ failed: [{ job: string; code: string; reason: string }] }>();

async function toPrintJob(db: DbOrTx, row: PrintJobRow): Promise<PrintJob> {
  return {
    id: row.id,
    document: row.document as PrintJob['document'],
    preview: row.preview,
    status: row.status,
    done: row.done,
    total: row.total,
    pages: row.pages,
    bytes: row.bytes,
    error: row.error,
    queuePosition: await findQueuePosition(db, row),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

// Jobs ------------------------------------------------------------------------------------------------------

/**
 * Renders the planned pages into a PDF whose bytes go to the database chunk by chunk as pdfkit emits them:
 * after each page the pending bytes are written and the progress updated, so neither memory nor the time
 * to first progress grows with the batch. Pages are drawn in the render thread (`print-render.ts`) while the
 * next page's photos load here.
 */
async function renderJob(ctx: ServiceContext, row: PrintJobRow, rendering: Rendering): Promise<void> {
  const { db, clock, config, actor } = ctx;
  const jobId = row.id;
  const preview = row.preview;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let written = 0;
  let seq = 0;
  const keep = (chunks: Buffer[]) => {
    for (const chunk of chunks) {
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  };
  const flush = async (force: boolean) => {
    if (pendingBytes === 0 || (!force && pendingBytes < CHUNK_BYTES)) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await insertPrintJobChunk(db, jobId, seq++, data);
    written += data.length;
  };
  const author = actor?.displayName ?? row.createdBy ?? undefined;
  const { session, chunks } = await openRenderSession(jobId, config.printFontDir, { Title: rendering.title, ...(author ? { Author: author } : {}) });
  keep(chunks);
  try {
    const pages = preview ? rendering.pages.slice(0, 1) : rendering.pages;
    let done = 0;
    let next = pages[0]?.load();
    for (const [index, page] of pages.entries()) {
      const loaded = await next!;
      next = pages[index + 1]?.load();
      // Awaited on the next turn; until then a failure must not count as unhandled (the job fails at that await).
      next?.catch(() => undefined);
      keep(await session.page(loaded));
      done += page.items;
      await flush(false);
      await updatePrintJob(db, jobId, { done, pages: index + 1, updatedAt: clock.now() });
    }
    keep(await session.end());
    await flush(true);
    await db.transaction(async (tx) => {
      const now = clock.now();
      await updatePrintJob(tx, jobId, { status: 'done', done, pages: pages.length, bytes: written, updatedAt: now, finishedAt: now });
      if (!preview && rendering.afterDone) await rendering.afterDone(tx, jobId, now);
      await recordAudit(tx, {
        actor,
        action: preview ? 'print.preview' : 'print.produce',
        subjectType: 'print_job',
        subjectId: jobId,
        after: { items: done, pages: pages.length, bytes: written },
      });
    });
  } catch (error) {
    await session.drop();
    throw error;
  }
}

/**
 * Queues a PDF and answers the job at once; the browser follows its place in the queue, then its progress, and
 * downloads the result when done. Nothing to print is refused before a job exists.
 */
export async function startPrintJob(ctx: ManagerContext, request: PrintRequest, language: Language): Promise<PrintJob> {
  const { db, clock, actor } = ctx;
  const rendering = await plan(db, request, language);
  if (rendering.total === 0) throw new AppError(422, PRINT_ERRORS.nothingToPrint, 'Nobody matches this selection');
  const now = clock.now();
  await deletePrintJobsBefore(db, new Date(now.getTime() - JOB_RETENTION_MS));
  const total = request.preview ? (rendering.pages[0]?.items ?? 0) : rendering.total;
  const row = await insertPrintJob(db, {
    id: randomUUID(),
    document: request.document,
    request,
    preview: request.preview,
    status: 'queued',
    language,
    total,
    createdBy: actor.displayName,
    createdAt: now,
    updatedAt: now,
  });
  void awaitJob(row.id, actor);
  const job = await toPrintJob(db, row);
  drainPrintQueue(ctx);
  return job;
}

/**
 * Print jobs under the platform's interruption rule: an interrupted job goes back into the queue and is rendered
 * again from its stored request (its partial bytes dropped); badges are marked printed only when a job is done, so
 * nothing counts twice.
 */
export function printBulkJobs(ctx: ServiceContext): BulkJobs {
  return bulkJobKind('print', 'print:write', {
    markInterrupted: markInterruptedPrintJobs,
    listInterrupted: listInterruptedPrintJobs,
    view: (row) => ({ id: row.id, action: row.document, done: row.done, total: row.total, startedAt: row.createdAt }),
    claim: (id) => ctx.db.transaction((tx) => claimInterruptedPrintJob(tx, id, ctx.clock.now())),
    resume: (row, actor) => {
      const finished = awaitJob(row.id, actor).then(async () => {
        const after = await findPrintJob(ctx.db, row.id);
        if (after?.status === 'failed') throw new Error(`print job ${row.id} failed: ${after.error}`);
      });
      drainPrintQueue(ctx);
      return { finished };
    },
  });
}

/** The job's state; with `waitSeconds`, waits (when this instance queued or runs it) until it finishes or the time is up. */
export async function getPrintJob(db: DbOrTx, id: string, waitSeconds = 0): Promise<PrintJob> {
  await waitForJob(waiting.get(id)?.done, waitSeconds);
  const row = await findPrintJob(db, id);
  if (!row) throw notFound(PRINT_ERRORS.jobNotFound, 'No such print job');
  return toPrintJob(db, row);
}

/** The jobs running or waiting, in the order they run, each with its place in the queue. */
export async function listPrintQueue(db: DbOrTx): Promise<PrintJob[]> {
  const rows = await listActivePrintJobs(db);
  return Promise.all(rows.map((row) => toPrintJob(db, row)));
}

async function doneJob(db: Db, id: string): Promise<PrintJobRow> {
  const row = await findPrintJob(db, id);
  if (!row) throw notFound(PRINT_ERRORS.jobNotFound, 'No such print job');
  if (row.status !== 'done') throw conflict(PRINT_ERRORS.jobNotDone, 'The PDF is not ready', { status: row.status });
  return row;
}

/** The produced PDF as a stream, read from the database one chunk at a time. */
export async function streamPrintJobPdf(db: DbOrTx, id: string): Promise<{ stream: Readable; bytes: number; fileName: string }> {
  const row = await doneJob(db, id);
  const seqs = await listPrintJobChunkSeqs(db, id);
  async function* chunks() {
    for (const seq of seqs) {
      const data = await findPrintJobChunk(db, id, seq);
      if (data) yield data;
    }
  }
  return { stream: Readable.from(chunks()), bytes: row.bytes, fileName: `${row.document}-${row.createdAt.toISOString().slice(0, 10)}.pdf` };
}

const run = promisify(execFile);

/**
 * The job's first page as a PNG (poppler's pdftoppm), for the preview on screen: what comes out of the
 * printer, rendered from the PDF itself rather than imitated in HTML.
 */
export async function renderPrintJobPreview(db: DbOrTx, id: string): Promise<Buffer> {
  await doneJob(db, id);
  const dir = await mkdtemp(path.join(tmpdir(), 'print-preview-'));
  try {
    const pdf = path.join(dir, 'job.pdf');
    const { stream } = await streamPrintJobPdf(db, id);
    const parts: Buffer[] = [];
    for await (const chunk of stream) parts.push(chunk as Buffer);
    await writeFile(pdf, Buffer.concat(parts));
    await run('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(dir, 'page')]);
    return await readFile(path.join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
