import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { findJobRow, markSilentJobs, updateJobIn } from '../../platform/jobs-repository.js';
import { badgePrints, printJobChunks, printJobs } from './print.tables.js';

export type PrintJobRow = typeof printJobs.$inferSelect;
export type BadgePrintRow = typeof badgePrints.$inferSelect;

export async function insertPrintJob(tx: DbOrTx, row: typeof printJobs.$inferInsert): Promise<PrintJobRow> {
  const [inserted] = await tx.insert(printJobs).values(row).returning();
  if (!inserted) throw new Error('print job insert returned nothing');
  return inserted;
}

export async function findPrintJob(tx: DbOrTx, id: string): Promise<PrintJobRow | undefined> {
  return findJobRow(tx, printJobs, id);
}

export async function updatePrintJob(tx: DbOrTx, id: string, values: Partial<typeof printJobs.$inferInsert>): Promise<void> {
  await tx.update(printJobs).set(values).where(eq(printJobs.id, id));
}

export async function insertPrintJobChunk(tx: DbOrTx, jobId: string, seq: number, data: Buffer): Promise<void> {
  await tx.insert(printJobChunks).values({ jobId, seq, data });
}

export async function listPrintJobChunkSeqs(tx: DbOrTx, jobId: string): Promise<number[]> {
  const rows = await tx.select({ seq: printJobChunks.seq }).from(printJobChunks).where(eq(printJobChunks.jobId, jobId)).orderBy(asc(printJobChunks.seq));
  return rows.map((r) => r.seq);
}

export async function findPrintJobChunk(tx: DbOrTx, jobId: string, seq: number): Promise<Buffer | undefined> {
  const [row] = await tx
    .select({ data: printJobChunks.data })
    .from(printJobChunks)
    .where(and(eq(printJobChunks.jobId, jobId), eq(printJobChunks.seq, seq)));
  return row?.data;
}

/** Jobs (and their bytes) older than `before`: a produced PDF is downloaded at once, not archived. */
export async function deletePrintJobsBefore(tx: DbOrTx, before: Date): Promise<void> {
  await tx.delete(printJobs).where(lt(printJobs.createdAt, before));
}

export async function listBadgePrintRows(tx: DbOrTx, editionCode: string): Promise<BadgePrintRow[]> {
  return tx.select().from(badgePrints).where(eq(badgePrints.editionCode, editionCode));
}

export async function upsertBadgePrints(tx: DbOrTx, rows: (typeof badgePrints.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(badgePrints)
    .values(rows)
    .onConflictDoUpdate({
      target: [badgePrints.editionCode, badgePrints.holderType, badgePrints.holderId],
      set: { fingerprint: sql`excluded.fingerprint`, printedAt: sql`excluded.printed_at`, jobId: sql`excluded.job_id` },
    });
}

/** Running jobs silent since before `staleBefore` become interrupted (their process stopped). */
export async function markInterruptedPrintJobs(tx: DbOrTx, staleBefore: Date): Promise<number> {
  return markSilentJobs(tx, printJobs, printJobs.status, ['running'], staleBefore, { status: 'interrupted' });
}

export async function listInterruptedPrintJobs(tx: DbOrTx): Promise<PrintJobRow[]> {
  return tx.select().from(printJobs).where(eq(printJobs.status, 'interrupted')).orderBy(asc(printJobs.createdAt));
}

/**
 * Takes an interrupted job back into the queue with its partial PDF dropped (a PDF cannot be continued: it is
 * rendered again whole); nothing when it is not interrupted (another resume won).
 */
export async function claimInterruptedPrintJob(tx: DbOrTx, id: string, now: Date): Promise<PrintJobRow | undefined> {
  const row = await updateJobIn(tx, printJobs, printJobs.status, id, 'interrupted', { status: 'queued', done: 0, pages: 0, bytes: 0, updatedAt: now });
  if (row) await tx.delete(printJobChunks).where(eq(printJobChunks.jobId, id));
  return row;
}

/**
 * Takes the oldest queued job (this instance runs it): a conditional update on a row locked with SKIP LOCKED, so two
 * instances draining at once never take the same job. Nothing when the queue is empty.
 */
export async function claimNextPrintJob(tx: DbOrTx, now: Date): Promise<PrintJobRow | undefined> {
  const next = tx
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(eq(printJobs.status, 'queued'))
    .orderBy(asc(printJobs.queueSeq))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await tx
    .update(printJobs)
    .set({ status: 'running', updatedAt: now })
    // `= (subquery)`: a scalar subquery runs once; under `IN` PostgreSQL may run it again per row and take several jobs.
    .where(and(eq(printJobs.status, 'queued'), eq(printJobs.id, sql`(${next})`)))
    .returning();
  return row;
}

/** A queued job's place: 1 when it is next. */
export async function findQueuePosition(tx: DbOrTx, row: Pick<PrintJobRow, 'status' | 'queueSeq'>): Promise<number | null> {
  if (row.status !== 'queued') return null;
  const [counted] = await tx
    .select({ ahead: sql<number>`count(*)::int` })
    .from(printJobs)
    .where(and(eq(printJobs.status, 'queued'), lte(printJobs.queueSeq, row.queueSeq)));
  return counted?.ahead ?? 1;
}

/** The jobs running or waiting, in the order they run (running first). */
export async function listActivePrintJobs(tx: DbOrTx): Promise<PrintJobRow[]> {
  return tx
    .select()
    .from(printJobs)
    .where(inArray(printJobs.status, ['running', 'queued']))
    .orderBy(sql`${printJobs.status} = 'queued'`, asc(printJobs.queueSeq));
}

/** Drops a job's partial bytes (it is drawn again from the start). */
export async function deletePrintJobChunks(tx: DbOrTx, jobId: string): Promise<void> {
  await tx.delete(printJobChunks).where(eq(printJobChunks.jobId, jobId));
}
