import {
  dateInTimeZone,
  type DashboardFigure,
  type ManualPayment,
  type PaymentFigures,
  PAYMENTS_ERRORS,
  type PaymentRequest,
  type PaymentRequestDetail,
  type PaymentRequestKind,
  type PaymentRequestListQuery,
  type PaymentRequestStatus,
  type PaymentRequestPage,
  type UpdatePaymentRequest,
} from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import type { ServiceContext } from '../../platform/service-context.js';
import { conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { listAuditEntries } from '../audit/audit.service.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { queueMail } from '../mail/mail.service.js';
import { paymentRequestStatus } from './matching.js';
import {
  applyPayment,
  auditView,
  lockedOpenRequest,
  lockedRequest,
  newRequestRow,
  requestAudit,
  requestMail,
  requestNotFound,
  sumLines,
  toPaymentRequest,
  today,
  type PaymentsContext,
  type PaymentsManagerContext,
} from './payment-request-row.js';
import {
  findInvoiceOfRequest,
  findOpenRequestOfSource,
  findRequest,
  findRecentManualPayment,
  insertPaymentRecord,
  insertRequestUnlessOpen,
  invoiceNumbersOf,
  listPaymentRecords,
  listRequests,
  listSourceStatuses,
  nextRequestNumber,
  requestFigures,
  updateRequest,
  type PaymentRequestRow,
} from './payments.repository.js';

/**
 * Creates the request of one source, or answers its open one: "create" twice (double click, retry, bulk over a
 * source that has one) never makes a second. The partial unique index settles races between instances.
 */
export async function createPaymentRequest(
  ctx: PaymentsContext,
  kind: PaymentRequestKind,
  sourceId: string,
): Promise<{ request: PaymentRequest; created: boolean }> {
  const edition = await getCurrentEdition(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const existing = await findOpenRequestOfSource(tx, kind, sourceId);
    if (existing) return { request: toPaymentRequest(existing), created: false };
    const source = await ctx.sources[kind].find(tx, sourceId);
    if (!source) throw notFound(PAYMENTS_ERRORS.sourceNotFound, `No billable ${kind} ${sourceId}`, { kind, sourceId });
    if (sumLines(source.lines) <= 0) throw conflict(PAYMENTS_ERRORS.nothingDue, `${kind} ${sourceId} owes nothing`, { kind, sourceId });
    const number = await nextRequestNumber(tx);
    const inserted = await insertRequestUnlessOpen(tx, newRequestRow(ctx, edition, { number, kind, sourceId, payer: source.payer, lines: source.lines }));
    if (!inserted) {
      const winner = await findOpenRequestOfSource(tx, kind, sourceId);
      if (!winner) throw new Error('open request vanished');
      return { request: toPaymentRequest(winner), created: false };
    }
    await recordAudit(tx, requestAudit(ctx.actor, 'payments.create', inserted.id, { after: { ...auditView(inserted), kind, sourceId } }));
    return { request: toPaymentRequest(inserted), created: true };
  });
}

function withTotals(row: PaymentRequestRow, values: { subtotalCents: number; discountCents: number; receivedCents?: number }) {
  const totalCents = Math.max(values.subtotalCents - values.discountCents, 0);
  const receivedCents = values.receivedCents ?? row.receivedCents;
  const status = paymentRequestStatus(totalCents, receivedCents, row.status === 'cancelled');
  return { totalCents, receivedCents, status, flagged: row.flagged || receivedCents > totalCents };
}

/** Takes the source's current payer and lines again (a stay changed rooms or guests), keeping discount and remarks. */
export async function recomputePaymentRequest(ctx: PaymentsManagerContext, id: number): Promise<PaymentRequest> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedOpenRequest(tx, id);
    const source = await ctx.sources[row.kind].find(tx, row.sourceId);
    if (!source) throw notFound(PAYMENTS_ERRORS.sourceNotFound, `No billable ${row.kind} ${row.sourceId}`, { kind: row.kind, sourceId: row.sourceId });
    const subtotalCents = sumLines(source.lines);
    const totals = withTotals(row, { subtotalCents, discountCents: row.discountCents });
    const updated = await updateRequest(tx, id, {
      lines: source.lines,
      subtotalCents,
      ...totals,
      payerName: source.payer.name,
      payerEmails: source.payer.emails,
      payerAddress: source.payer.address,
      payerLanguage: source.payer.language,
      paidDate: totals.status === 'paid' ? (row.paidDate ?? today(ctx, await getCurrentEdition(tx))) : null,
    });
    await recordAudit(tx, requestAudit(ctx.actor, 'payments.recompute', id, { before: auditView(row), after: auditView(updated) }));
    return toPaymentRequest(updated);
  });
}

/** The open request of a source, for the spec's calls addressed by stay or participant id. */
export async function getOpenRequestIdOfSource(db: DbOrTx, kind: PaymentRequestKind, sourceId: string): Promise<number> {
  const row = await findOpenRequestOfSource(db, kind, sourceId);
  if (!row) throw notFound(PAYMENTS_ERRORS.notFound, `No open payment request for ${kind} ${sourceId}`, { kind, sourceId });
  return row.id;
}

export async function updatePaymentRequest(ctx: PaymentsManagerContext, id: number, input: UpdatePaymentRequest): Promise<PaymentRequest> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedOpenRequest(tx, id);
    const totals = withTotals(row, { subtotalCents: row.subtotalCents, discountCents: Math.min(input.discountCents, row.subtotalCents) });
    const updated = await updateRequest(tx, id, {
      discountCents: Math.min(input.discountCents, row.subtotalCents),
      discountRemark: input.discountRemark,
      remarks: input.remarks,
      dueDate: input.dueDate,
      payerEmails: input.payerEmails,
      ...totals,
      paidDate: totals.status === 'paid' ? (row.paidDate ?? today(ctx, await getCurrentEdition(tx))) : null,
    });
    await recordAudit(
      tx,
      requestAudit(ctx.actor, 'payments.update', id, {
        before: { ...auditView(row), discountRemark: row.discountRemark, dueDate: row.dueDate },
        after: { ...auditView(updated), discountRemark: updated.discountRemark, dueDate: updated.dueDate },
      }),
    );
    return toPaymentRequest(updated);
  });
}

/** Cancelling frees the source for a new request; a request that received money is settled by hand, not cancelled. */
export async function cancelPaymentRequest(ctx: PaymentsManagerContext, id: number): Promise<PaymentRequest> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status === 'cancelled') return toPaymentRequest(row);
    if (row.receivedCents !== 0) {
      throw conflict(PAYMENTS_ERRORS.hasPayments, `Payment request ${row.number} received money and cannot be cancelled`, { receivedCents: row.receivedCents });
    }
    const updated = await updateRequest(tx, id, { status: 'cancelled' });
    await recordAudit(tx, requestAudit(ctx.actor, 'payments.cancel', id, { before: auditView(row), after: auditView(updated) }));
    return toPaymentRequest(updated);
  });
}

/** Queues the request's e-mail (with the EPC QR code) to the payer and notes when it was sent. */
/**
 * The same call again within this window is a retry or a double click, not a new intention: it answers what
 * the first did instead of sending a second mail or recording a second payment. Callers without an
 * `Idempotency-Key` (API clients, scripts, retries) are safe on their own; a reminder or a second payment of the
 * same amount on purpose comes minutes later, not seconds.
 */
export const REPEAT_WINDOW_MS = 60_000;

const withinRepeatWindow = (ctx: ServiceContext, at: Date | null) => at !== null && ctx.clock.now().getTime() - at.getTime() < REPEAT_WINDOW_MS;

export async function sendPaymentRequest(ctx: PaymentsContext, id: number): Promise<PaymentRequest> {
  const edition = await getCurrentEdition(ctx.db);
  return ctx.db.transaction(async (tx) => {
    // Locked until the transaction ends: concurrent calls take turns, and the later ones see the first one's send.
    const row = await lockedOpenRequest(tx, id);
    if (withinRepeatWindow(ctx, row.sentAt)) return toPaymentRequest(row);
    if (row.payerEmails.length === 0) throw conflict(PAYMENTS_ERRORS.noEmail, `Payment request ${row.number} has no e-mail address`);
    await queueMail(tx, await requestMail(ctx, row, edition));
    const updated = await updateRequest(tx, id, { sentAt: ctx.clock.now() });
    await recordAudit(tx, requestAudit(ctx.actor, 'payments.send', id, { after: { to: row.payerEmails } }));
    return toPaymentRequest(updated);
  });
}

export async function registerManualPayment(ctx: PaymentsManagerContext, id: number, input: ManualPayment): Promise<PaymentRequestDetail> {
  await ctx.db.transaction(async (tx) => {
    // Locked until the transaction ends: concurrent calls take turns, and the later ones see the first one's payment.
    const row = await lockedOpenRequest(tx, id);
    const recent = await findRecentManualPayment(tx, id, { ...input, createdBy: ctx.actor.email }, new Date(ctx.clock.now().getTime() - REPEAT_WINDOW_MS));
    if (recent) return;
    await insertPaymentRecord(tx, {
      createdAt: ctx.clock.now(),
      requestId: id,
      amountCents: input.amountCents,
      paidOn: input.paidOn,
      method: 'manual',
      outcome: 'manual',
      remark: input.remark,
      createdBy: ctx.actor.email,
    });
    const updated = await applyPayment(tx, row, input.amountCents, input.paidOn);
    await recordAudit(
      tx,
      requestAudit(ctx.actor, 'payments.register_payment', id, {
        before: auditView(row),
        after: { ...auditView(updated), amountCents: input.amountCents, paidOn: input.paidOn, remark: input.remark },
      }),
    );
  });
  return getPaymentRequestDetail(ctx.db, id);
}

export async function listPaymentRequests(db: DbOrTx, query: PaymentRequestListQuery): Promise<PaymentRequestPage> {
  const result = await listRequests(db, query);
  const invoiceNumbers = await invoiceNumbersOf(
    db,
    result.items.map((r) => r.id),
  );
  return {
    items: result.items.map((row) => toPaymentRequest(row, invoiceNumbers.get(row.id) ?? null)),
    total: result.total,
    page: query.page,
    pageSize: query.pageSize,
    totals: { dueCents: result.dueCents, receivedCents: result.receivedCents, outstandingCents: result.outstandingCents },
  };
}

export async function getPaymentRequestDetail(db: DbOrTx, id: number): Promise<PaymentRequestDetail> {
  const row = await findRequest(db, id);
  if (!row) throw requestNotFound(id);
  const [records, invoice, history] = await Promise.all([
    listPaymentRecords(db, id),
    findInvoiceOfRequest(db, id),
    listAuditEntries(db, { subjectType: 'payment_request', subjectId: String(id), page: 1, pageSize: 200 }),
  ]);
  return {
    ...toPaymentRequest(row, invoice?.number ?? null),
    payments: records.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      paidOn: r.paidOn,
      method: r.method,
      outcome: r.outcome,
      remark: r.remark,
      counterpartyName: r.counterpartyName,
      createdAt: r.createdAt.toISOString(),
    })),
    // The trail lists newest first; the history panel reads oldest first.
    history: [...history.items].reverse().map((h) => ({ at: h.at, action: h.action, actor: h.actorEmail, details: JSON.stringify(h.after ?? {}) })),
  };
}

/**
 * Where every source of a kind stands with its current request (cancelled ones left out), by source id: the venue's
 * desk shows it on the badge holder's card, and the check-in list prints it.
 */
export async function listPaymentStatusesOfSources(db: DbOrTx, kind: PaymentRequestKind): Promise<Map<string, PaymentRequestStatus>> {
  return listSourceStatuses(db, kind);
}

/** Due, received, outstanding and overdue over every request that is not cancelled. */
export async function paymentFigures(ctx: ServiceContext): Promise<PaymentFigures> {
  const edition = await getCurrentEdition(ctx.db);
  return requestFigures(ctx.db, dateInTimeZone(ctx.clock.now(), edition.settings.timeZone));
}

/** The dashboard's payment figures (labels: `payments:dashboard.<key>`). */
export async function paymentDashboardFigures(ctx: ServiceContext): Promise<DashboardFigure[]> {
  const figures = await paymentFigures(ctx);
  const link = '/mgmt/paymentrequests';
  return [
    { key: 'due', value: figures.dueCents, unit: 'cents', link },
    { key: 'received', value: figures.receivedCents, unit: 'cents', link },
    { key: 'outstanding', value: figures.outstandingCents, unit: 'cents', link },
    { key: 'overdue', value: figures.overdueCents, unit: 'cents', link },
    { key: 'overdueRequests', value: figures.overdueCount, unit: 'count', link },
  ];
}
