import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { PRINT_ERRORS, type Language, type PrintJob, type PrintRequest } from '@bjk/domain';
import type { Db } from '../../platform/db.js';
import type { BulkJobs } from '../../platform/bulk-jobs.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { openPdf } from './pdf-canvas.js';
import { plan, type Rendering } from './print-plans.js';
import {
  deletePrintJobsBefore,
  claimInterruptedPrintJob,
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

/**
 * Jobs rendering in this instance, so a caller can wait for one to finish (`?wait=`). Progress and bytes
 * live in the database: any instance answers the job's state and serves its PDF.
 */
const running = new Map<string, Promise<void>>();

function toPrintJob(row: PrintJobRow): PrintJob {
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
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

// Jobs ------------------------------------------------------------------------------------------------------

/**
 * Renders the planned pages into a PDF whose bytes go to the database chunk by chunk as pdfkit emits them:
 * after each page the pending bytes are written and the progress updated, so neither memory nor the time
 * to first progress grows with the batch.
 */
async function renderJob(ctx: ManagerContext, jobId: string, rendering: Rendering, preview: boolean): Promise<void> {
  const { db, clock, config, actor } = ctx;
  const doc = openPdf(config.printFontDir, { Title: rendering.title, Author: actor.displayName });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let written = 0;
  let seq = 0;
  doc.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const flush = async (force: boolean) => {
    if (pendingBytes === 0 || (!force && pendingBytes < CHUNK_BYTES)) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await insertPrintJobChunk(db, jobId, seq++, data);
    written += data.length;
  };
  try {
    const pages = preview ? rendering.pages.slice(0, 1) : rendering.pages;
    let done = 0;
    let next = pages[0]?.load();
    for (const [index, page] of pages.entries()) {
      const loaded = await next;
      next = pages[index + 1]?.load();
      // Awaited on the next turn; until then a failure must not count as unhandled (the job fails at that await).
      next?.catch(() => undefined);
      page.draw(doc, loaded);
      done += page.items;
      await flush(false);
      await updatePrintJob(db, jobId, { done, pages: index + 1, updatedAt: clock.now() });
    }
    doc.end();
    await ended;
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
    doc.removeAllListeners('data');
    await updatePrintJob(db, jobId, { status: 'failed', error: (error as Error).message.slice(0, 500), updatedAt: clock.now(), finishedAt: clock.now() });
    throw error;
  }
}

/**
 * Starts producing a PDF and answers the job at once; the browser follows its progress and downloads the
 * result when done. Nothing to print is refused before a job exists.
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
    status: 'running',
    language,
    total,
    createdBy: actor.displayName,
    createdAt: now,
    updatedAt: now,
  });
  const job = renderJob(ctx, row.id, rendering, request.preview)
    // The failure is recorded on the job (status failed, error); the browser reads it there.
    .catch(() => undefined)
    .finally(() => running.delete(row.id));
  running.set(row.id, job);
  return toPrintJob(row);
}

/**
 * Print jobs under the platform's interruption rule: an interrupted job is rendered again from its stored
 * request (its partial bytes dropped); badges are marked printed only when a job is done, so nothing counts twice.
 */
export function printBulkJobs(ctx: ServiceContext): BulkJobs {
  return {
    kind: 'print',
    permission: 'print:write',
    markInterrupted: (db, staleBefore) => markInterruptedPrintJobs(db, staleBefore),
    listInterrupted: async (db) =>
      (await listInterruptedPrintJobs(db)).map((row) => ({
        kind: 'print' as const,
        id: row.id,
        action: row.document,
        done: row.done,
        total: row.total,
        startedAt: row.createdAt.toISOString(),
      })),
    resume: async (id, actor) => {
      const row = await ctx.db.transaction((tx) => claimInterruptedPrintJob(tx, id, ctx.clock.now()));
      if (!row) return false;
      const finished = (async () => {
        try {
          const rendering = await plan(ctx.db, row.request, row.language);
          await renderJob({ ...ctx, actor }, row.id, rendering, row.preview);
        } catch (error) {
          await updatePrintJob(ctx.db, row.id, {
            status: 'failed',
            error: (error as Error).message.slice(0, 500),
            updatedAt: ctx.clock.now(),
            finishedAt: ctx.clock.now(),
          });
          throw error;
        }
      })().finally(() => running.delete(row.id));
      running.set(row.id, finished);
      return { finished };
    },
  };
}

/** The job's progress; with `waitSeconds`, waits (in the instance rendering it) until it finishes or the time is up. */
export async function getPrintJob(db: Db, id: string, waitSeconds = 0): Promise<PrintJob> {
  const inProgress = running.get(id);
  if (inProgress && waitSeconds > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([inProgress, new Promise((resolve) => (timer = setTimeout(resolve, waitSeconds * 1000)))]);
    clearTimeout(timer);
  }
  const row = await findPrintJob(db, id);
  if (!row) throw notFound(PRINT_ERRORS.jobNotFound, 'No such print job');
  return toPrintJob(row);
}

/** Every job still rendering in this instance (graceful shutdown waits for them). */
export function printJobsInProgress(): Promise<unknown> {
  return Promise.allSettled([...running.values()]);
}

async function doneJob(db: Db, id: string): Promise<PrintJobRow> {
  const row = await findPrintJob(db, id);
  if (!row) throw notFound(PRINT_ERRORS.jobNotFound, 'No such print job');
  if (row.status !== 'done') throw conflict(PRINT_ERRORS.jobNotDone, 'The PDF is not ready', { status: row.status });
  return row;
}

/** The produced PDF as a stream, read from the database one chunk at a time. */
export async function streamPrintJobPdf(db: Db, id: string): Promise<{ stream: Readable; bytes: number; fileName: string }> {
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
export async function renderPrintJobPreview(db: Db, id: string): Promise<Buffer> {
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
