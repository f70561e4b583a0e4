import { type PaymentJob, PAYMENTS_ERRORS, type Payer, type PaymentLine, type PaymentRequestKind, PLATFORM_ERRORS } from '@bjk/domain';
import { pick } from '@bjk/domain/objects';
import type { DbOrTx } from '../../platform/db.js';
import { bulkJobKind, startHeartbeat, type BulkJobs } from '../../platform/bulk-jobs.js';
import { notFound } from '../../platform/errors.js';
import { recordAuditEntries } from '../../platform/audit.js';
import { getCurrentEdition, type CurrentEdition } from '../edition/edition.service.js';
import { queueMails } from '../mail/mail.service.js';
import { auditView, newRequestRow, requestAudit, requestMail, sumLines, type PaymentsContext, type PaymentsManagerContext } from './payment-request-row.js';
import {
  claimInterruptedJob,
  findJob,
  listInterruptedJobs,
  markInterruptedJobs,
  insertJob,
  insertRequestsUnlessOpen,
  listOpenSourceIds,
  listUnsentRequestIds,
  lockRequests,
  markRequestsSent,
  nextRequestNumbers,
  updateJob,
  type PaymentJobRow,
  type PaymentRequestRow,
} from './payments.repository.js';

function toJob(row: PaymentJobRow): PaymentJob {
  return {
    ...pick(row, ['id', 'action', 'kind', 'state', 'total', 'done', 'failed', 'errors']),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function getPaymentJob(db: DbOrTx, id: string): Promise<PaymentJob> {
  const row = await findJob(db, id);
  if (!row) throw notFound(PAYMENTS_ERRORS.jobNotFound, `No job ${id}`);
  return toJob(row);
}

/**
 * Bulk actions work in batches: one transaction, one multi-row insert, one audit statement per batch instead of
 * per request (a thousand transactions of six round trips each dominated the time). Progress is written after
 * each batch; the page polls it.
 */
const CREATE_BATCH = 100;
const SEND_BATCH = 50;

type BatchOutcome = { done: number; failures: { sourceId: string; code: string }[] };
/** Writes the job's progress after a batch: inside the batch's transaction, so a stopped process never leaves a
 * committed batch uncounted (its resumption would count from the progress before it and end one batch short). */
type Progress = (tx: DbOrTx, outcome: BatchOutcome) => Promise<void>;

async function runJob(
  ctx: PaymentsContext,
  job: PaymentJobRow,
  items: string[],
  batchSize: number,
  work: (batch: string[], progress: Progress) => Promise<BatchOutcome>,
): Promise<PaymentJob> {
  // A resumed job goes on counting from where its first run stopped.
  let done = job.done;
  let failed = job.failed;
  let errors: { sourceId: string; code: string }[] = [...job.errors];
  // One bad source (no e-mail, owes nothing) must not stop the other 999; it is listed for the manager (200 at most).
  const after = (outcome: BatchOutcome) => ({
    done: done + outcome.done,
    failed: failed + outcome.failures.length,
    errors: [...errors, ...outcome.failures].slice(0, 200),
  });
  const stopHeartbeat = startHeartbeat(() => updateJob(ctx.db, job.id, { updatedAt: ctx.clock.now() }));
  try {
    for (let start = 0; start < items.length; start += batchSize) {
      const outcome = await work(items.slice(start, start + batchSize), (tx, counted) =>
        updateJob(tx, job.id, { ...after(counted), updatedAt: ctx.clock.now() }),
      );
      ({ done, failed, errors } = after(outcome));
      // One turn of the event loop per batch lets waiting requests in, whatever the database answers from a cache.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await updateJob(ctx.db, job.id, { done, failed, errors, state: 'done', updatedAt: ctx.clock.now(), finishedAt: ctx.clock.now() });
  } catch (error) {
    await updateJob(ctx.db, job.id, {
      done,
      failed,
      errors: [...errors, { sourceId: '', code: PLATFORM_ERRORS.internal }],
      state: 'failed',
      updatedAt: ctx.clock.now(),
      finishedAt: ctx.clock.now(),
    });
    throw error;
  } finally {
    stopHeartbeat();
  }
  return getPaymentJob(ctx.db, job.id);
}

export type StartedJob = { job: PaymentJob; finished: Promise<PaymentJob> };

/**
 * Creates the requests of a batch of sources: each source's payer and lines, then one transaction for the
 * numbers, the rows and their audit entries. A source that got an open request meanwhile (another manager, a
 * second instance) is left alone by the partial unique index and counts as done, as a single create would.
 */
async function createRequestBatch(
  ctx: PaymentsManagerContext,
  kind: PaymentRequestKind,
  edition: CurrentEdition,
  sourceIds: string[],
  progress: Progress,
): Promise<BatchOutcome> {
  const failures: BatchOutcome['failures'] = [];
  const billable: { sourceId: string; payer: Payer; lines: PaymentLine[] }[] = [];
  const sources = await ctx.sources[kind].findMany(ctx.db, sourceIds, edition);
  for (const sourceId of new Set(sourceIds)) {
    const source = sources.get(sourceId);
    if (!source) failures.push({ sourceId, code: PAYMENTS_ERRORS.sourceNotFound });
    else if (sumLines(source.lines) <= 0) failures.push({ sourceId, code: PAYMENTS_ERRORS.nothingDue });
    else billable.push({ sourceId, ...source });
  }
  if (billable.length === 0) {
    await progress(ctx.db, { done: 0, failures });
    return { done: 0, failures };
  }
  const outcome = { done: billable.length, failures };
  await ctx.db.transaction(async (tx) => {
    const numbers = await nextRequestNumbers(tx, billable.length);
    const inserted = await insertRequestsUnlessOpen(
      tx,
      billable.map(({ sourceId, payer, lines }, index) => newRequestRow(ctx, edition, { number: numbers[index]!, kind, sourceId, payer, lines })),
    );
    await recordAuditEntries(
      tx,
      inserted.map((row) => requestAudit(ctx.actor, 'payments.create', row.id, { after: { ...auditView(row), kind, sourceId: row.sourceId } })),
    );
    await progress(tx, outcome);
  });
  return outcome;
}

/** The billable sources of a kind without an open request: what a bulk create (or its resumption) has left to do. */
async function sourcesToBill(ctx: PaymentsContext, kind: PaymentRequestKind): Promise<string[]> {
  const [ids, open] = await Promise.all([ctx.sources[kind].listBillableIds(ctx.db), listOpenSourceIds(ctx.db, kind)]);
  return ids.filter((id) => !open.has(id));
}

/** Creates a request for every billable source of a kind that has none: one job, any size. */
export async function startBulkCreate(ctx: PaymentsManagerContext, kind: PaymentRequestKind): Promise<StartedJob> {
  const edition = await getCurrentEdition(ctx.db);
  const todo = await sourcesToBill(ctx, kind);
  const job = await insertJob(ctx.db, {
    action: 'create',
    kind,
    total: todo.length,
    startedBy: ctx.actor.email,
    startedAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  });
  const finished = runJob(ctx, job, todo, CREATE_BATCH, (batch, progress) => createRequestBatch(ctx, kind, edition, batch, progress));
  return { job: toJob(job), finished };
}

/**
 * Sends a batch of requests: locks them, renders each e-mail (its own QR code: amount and reference differ),
 * queues them, marks them sent and audits, in one transaction. One sent meanwhile is not sent twice.
 */
async function sendRequestBatch(ctx: PaymentsManagerContext, edition: CurrentEdition, ids: number[], progress: Progress): Promise<BatchOutcome> {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockRequests(tx, ids);
    const failures: BatchOutcome['failures'] = [];
    const toSend: PaymentRequestRow[] = [];
    let alreadySent = 0;
    const found = new Set(rows.map((row) => row.id));
    for (const id of ids) if (!found.has(id)) failures.push({ sourceId: String(id), code: PAYMENTS_ERRORS.notFound });
    for (const row of rows) {
      if (row.status === 'cancelled') failures.push({ sourceId: String(row.id), code: PAYMENTS_ERRORS.cancelled });
      else if (row.payerEmails.length === 0) failures.push({ sourceId: String(row.id), code: PAYMENTS_ERRORS.noEmail });
      else if (row.sentAt !== null) alreadySent += 1;
      else toSend.push(row);
    }
    const mails = await Promise.all(toSend.map((row) => requestMail(ctx, row, edition)));
    await queueMails(tx, mails);
    await markRequestsSent(
      tx,
      toSend.map((row) => row.id),
      ctx.clock.now(),
    );
    await recordAuditEntries(
      tx,
      toSend.map((row) => requestAudit(ctx.actor, 'payments.send', row.id, { after: { to: row.payerEmails } })),
    );
    const outcome = { done: toSend.length + alreadySent, failures };
    await progress(tx, outcome);
    return outcome;
  });
}

/** E-mails every request not sent yet. */
export async function startBulkSend(ctx: PaymentsManagerContext): Promise<StartedJob> {
  const edition = await getCurrentEdition(ctx.db);
  const ids = await listUnsentRequestIds(ctx.db);
  const job = await insertJob(ctx.db, {
    action: 'send',
    kind: null,
    total: ids.length,
    startedBy: ctx.actor.email,
    startedAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  });
  const finished = runJob(ctx, job, ids.map(String), SEND_BATCH, (batch, progress) => sendRequestBatch(ctx, edition, batch.map(Number), progress));
  return { job: toJob(job), finished };
}

/**
 * The payment bulk jobs under the platform's interruption rule. Resuming lists again what is left: sources
 * still without an open request (create), requests not sent yet (send). A batch commits its requests, mails
 * and marks in one transaction, so what the first run finished is exactly what is skipped.
 */
export function paymentBulkJobs(ctx: PaymentsContext): BulkJobs {
  return bulkJobKind('payments', 'payments:write', {
    markInterrupted: markInterruptedJobs,
    listInterrupted: listInterruptedJobs,
    view: (row) => ({ id: row.id, action: row.kind ? `${row.action}:${row.kind}` : row.action, done: row.done, total: row.total, startedAt: row.startedAt }),
    claim: (id) => claimInterruptedJob(ctx.db, id, ctx.clock.now()),
    resume: async (job, actor) => {
      const resumed: PaymentsManagerContext = { ...ctx, actor };
      const edition = await getCurrentEdition(ctx.db);
      if (job.action === 'create' && job.kind) {
        const kind = job.kind;
        const todo = await sourcesToBill(ctx, kind);
        await updateJob(ctx.db, job.id, { total: job.done + job.failed + todo.length });
        return { finished: runJob(ctx, job, todo, CREATE_BATCH, (batch, progress) => createRequestBatch(resumed, kind, edition, batch, progress)) };
      }
      const ids = await listUnsentRequestIds(ctx.db);
      await updateJob(ctx.db, job.id, { total: job.done + job.failed + ids.length });
      return { finished: runJob(ctx, job, ids.map(String), SEND_BATCH, (batch, progress) => sendRequestBatch(resumed, edition, batch.map(Number), progress)) };
    },
  });
}
