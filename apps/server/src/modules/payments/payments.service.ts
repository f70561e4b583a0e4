import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  dateInTimeZone,
  formatStructuredMessage,
  structuredMessageBase,
  structuredMessageDigits,
  type BankMovementView,
  type DashboardFigure,
  type InvoiceRequest,
  type ManualPayment,
  type PaymentFigures,
  type PaymentJob,
  PAYMENTS_ERRORS,
  type Payer,
  type PaymentLine,
  type PaymentRequest,
  type PaymentRequestDetail,
  type PaymentRequestKind,
  type PaymentRequestListQuery,
  type PaymentRequestPage,
  type PublicPayment,
  type StatementImportSummary,
  type UpdatePaymentRequest,
  PLATFORM_ERRORS,
} from '@bjk/domain';
import type { Config } from '../../config.js';
import type { Principal } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { recordAudit, recordAuditEntries } from '../../platform/audit.js';
import { listAuditEntries } from '../audit/audit.service.js';
import { getCurrentEdition, type CurrentEdition } from '../edition/edition.service.js';
import { queueMail, queueMails } from '../mail/mail.service.js';
import { BankStatementCurrencyError, BankStatementFormatError, type BankStatement } from './bank-statement.js';
import { parseCamt053 } from './camt053.js';
import { decodeStatementBytes, parseCoda } from './coda.js';
import { invoiceLines } from './invoice-lines.js';
import { invoiceTitle, renderInvoicePdf } from './invoice-pdf.js';
import { FLAGGED_OUTCOMES, matchBankStatement, matchMovement, paymentRequestStatus, type MatchableRequest } from './matching.js';
import type { PaymentSources } from './payment-sources.js';
import type { paymentRecords } from './payments.tables.js';
import { escapeHtml, formatIban, paymentQrPng, paymentRequestMail } from './payment-mail.js';
import { PAYMENT_TEXTS } from './payment-texts.js';
import {
  findInvoiceOfRequest,
  findJob,
  findMovement,
  findOpenRequestOfSource,
  findRequest,
  findRequestByToken,
  findRequestsByMessages,
  findStatementByHash,
  insertInvoice,
  insertJob,
  insertNewMovements,
  insertPaymentRecord,
  insertPaymentRecords,
  insertRequestUnlessOpen,
  insertRequestsUnlessOpen,
  lockRequests,
  markRequestsSent,
  insertStatement,
  invoiceNumbersOf,
  listOpenSourceIds,
  listPaymentRecords,
  listRequests,
  listStatementMovements,
  listUnmatchedMovements,
  listUnsentRequestIds,
  nextCounterValue,
  nextRequestNumber,
  nextRequestNumbers,
  requestFigures,
  setMovementOutcome,
  setMovementOutcomes,
  updateJob,
  updateRequest,
  updateRequestPayments,
  updateStatementCounts,
  type BankMovementRow,
  type InvoiceRow,
  type PaymentJobRow,
  type PaymentRequestRow,
} from './payments.repository.js';

/** `sources`: the billable things' owners (lodging, participants), handed in by `app.ts`. */
export type PaymentsDeps = { db: Db; clock: Clock; config: Config; sources: PaymentSources };

const requestNotFound = (id: number | string) => notFound(PAYMENTS_ERRORS.notFound, `No payment request ${id}`, { id });

function today(deps: { clock: Clock }, edition: CurrentEdition): string {
  return dateInTimeZone(deps.clock.now(), edition.settings.timeZone);
}

function dueDays(kind: PaymentRequestKind, edition: CurrentEdition): number {
  return kind === 'stay' ? edition.settings.paymentTerms.stayDays : edition.settings.paymentTerms.enrolmentDays;
}

function sumLines(lines: readonly PaymentLine[]): number {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

export function publicPagePath(token: string): string {
  return `/payment/${token}`;
}

export function toPaymentRequest(row: PaymentRequestRow, invoiceNumber: number | null = null): PaymentRequest {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    sourceId: row.sourceId,
    editionCode: row.editionCode,
    payer: {
      name: row.payerName,
      emails: row.payerEmails,
      address: row.payerAddress,
      language: row.payerLanguage,
      ...(row.payerVatNumber ? { vatNumber: row.payerVatNumber } : {}),
    },
    lines: row.lines,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    discountRemark: row.discountRemark,
    totalCents: row.totalCents,
    structuredMessage: formatStructuredMessage(row.structuredMessage),
    dueDate: row.dueDate,
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.status,
    receivedCents: row.receivedCents,
    paidDate: row.paidDate,
    flagged: row.flagged,
    remarks: row.remarks,
    invoiceNumber,
    paymentPagePath: publicPagePath(row.publicToken),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A small picture of a request for the audit trail. */
function auditView(row: PaymentRequestRow) {
  return {
    number: row.number,
    status: row.status,
    totalCents: row.totalCents,
    discountCents: row.discountCents,
    receivedCents: row.receivedCents,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Creates the request of one source, or answers its open one: "create" twice (double click, retry, bulk over a
 * source that has one) never makes a second. The partial unique index settles races between instances.
 */
export async function createPaymentRequest(
  deps: PaymentsDeps,
  actor: Principal | null,
  kind: PaymentRequestKind,
  sourceId: string,
): Promise<{ request: PaymentRequest; created: boolean }> {
  const edition = await getCurrentEdition(deps.db);
  return deps.db.transaction(async (tx) => {
    const existing = await findOpenRequestOfSource(tx, kind, sourceId);
    if (existing) return { request: toPaymentRequest(existing), created: false };
    const source = await deps.sources[kind].find(tx, sourceId);
    if (!source) throw notFound(PAYMENTS_ERRORS.sourceNotFound, `No billable ${kind} ${sourceId}`, { kind, sourceId });
    const subtotalCents = sumLines(source.lines);
    if (subtotalCents <= 0) throw conflict(PAYMENTS_ERRORS.nothingDue, `${kind} ${sourceId} owes nothing`, { kind, sourceId });
    const number = await nextRequestNumber(tx);
    const inserted = await insertRequestUnlessOpen(tx, {
      number,
      kind,
      sourceId,
      editionCode: edition.code,
      payerName: source.payer.name,
      payerEmails: source.payer.emails,
      payerAddress: source.payer.address,
      payerLanguage: source.payer.language,
      payerVatNumber: source.payer.vatNumber ?? '',
      lines: source.lines,
      subtotalCents,
      totalCents: subtotalCents,
      structuredMessage: structuredMessageDigits(structuredMessageBase(edition.settings.year, number)),
      dueDate: addDays(today(deps, edition), dueDays(kind, edition)),
      publicToken: randomBytes(24).toString('base64url'),
    });
    if (!inserted) {
      const winner = await findOpenRequestOfSource(tx, kind, sourceId);
      if (!winner) throw new Error('open request vanished');
      return { request: toPaymentRequest(winner), created: false };
    }
    await recordAudit(tx, { actor, action: 'payments.create', subjectType: 'payment_request', subjectId: inserted.id, after: { ...auditView(inserted), kind, sourceId } });
    return { request: toPaymentRequest(inserted), created: true };
  });
}

async function lockedRequest(tx: DbOrTx, id: number): Promise<PaymentRequestRow> {
  const row = await findRequest(tx, id, true);
  if (!row) throw requestNotFound(id);
  return row;
}

function withTotals(row: PaymentRequestRow, values: { subtotalCents: number; discountCents: number; receivedCents?: number }) {
  const totalCents = Math.max(values.subtotalCents - values.discountCents, 0);
  const receivedCents = values.receivedCents ?? row.receivedCents;
  const status = paymentRequestStatus(totalCents, receivedCents, row.status === 'cancelled');
  return { totalCents, receivedCents, status, flagged: row.flagged || receivedCents > totalCents };
}

/** Takes the source's current payer and lines again (a stay changed rooms or guests), keeping discount and remarks. */
export async function recomputePaymentRequest(deps: PaymentsDeps, actor: Principal, id: number): Promise<PaymentRequest> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status === 'cancelled') throw conflict(PAYMENTS_ERRORS.cancelled, `Payment request ${row.number} is cancelled`);
    const source = await deps.sources[row.kind].find(tx, row.sourceId);
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
      paidDate: totals.status === 'paid' ? (row.paidDate ?? today(deps, await getCurrentEdition(tx))) : null,
    });
    await recordAudit(tx, { actor, action: 'payments.recompute', subjectType: 'payment_request', subjectId: id, before: auditView(row), after: auditView(updated) });
    return toPaymentRequest(updated);
  });
}

/** The open request of a source, for the spec's calls addressed by stay or participant id. */
export async function getOpenRequestIdOfSource(db: DbOrTx, kind: PaymentRequestKind, sourceId: string): Promise<number> {
  const row = await findOpenRequestOfSource(db, kind, sourceId);
  if (!row) throw notFound(PAYMENTS_ERRORS.notFound, `No open payment request for ${kind} ${sourceId}`, { kind, sourceId });
  return row.id;
}

export async function updatePaymentRequest(deps: PaymentsDeps, actor: Principal, id: number, input: UpdatePaymentRequest): Promise<PaymentRequest> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status === 'cancelled') throw conflict(PAYMENTS_ERRORS.cancelled, `Payment request ${row.number} is cancelled`);
    const totals = withTotals(row, { subtotalCents: row.subtotalCents, discountCents: Math.min(input.discountCents, row.subtotalCents) });
    const updated = await updateRequest(tx, id, {
      discountCents: Math.min(input.discountCents, row.subtotalCents),
      discountRemark: input.discountRemark,
      remarks: input.remarks,
      dueDate: input.dueDate,
      payerEmails: input.payerEmails,
      ...totals,
      paidDate: totals.status === 'paid' ? (row.paidDate ?? today(deps, await getCurrentEdition(tx))) : null,
    });
    await recordAudit(tx, {
      actor,
      action: 'payments.update',
      subjectType: 'payment_request',
      subjectId: id,
      before: { ...auditView(row), discountRemark: row.discountRemark, dueDate: row.dueDate },
      after: { ...auditView(updated), discountRemark: updated.discountRemark, dueDate: updated.dueDate },
    });
    return toPaymentRequest(updated);
  });
}

/** Cancelling frees the source for a new request; a request that received money is settled by hand, not cancelled. */
export async function cancelPaymentRequest(deps: PaymentsDeps, actor: Principal, id: number): Promise<PaymentRequest> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status === 'cancelled') return toPaymentRequest(row);
    if (row.receivedCents !== 0) {
      throw conflict(PAYMENTS_ERRORS.hasPayments, `Payment request ${row.number} received money and cannot be cancelled`, { receivedCents: row.receivedCents });
    }
    const updated = await updateRequest(tx, id, { status: 'cancelled' });
    await recordAudit(tx, { actor, action: 'payments.cancel', subjectType: 'payment_request', subjectId: id, before: auditView(row), after: auditView(updated) });
    return toPaymentRequest(updated);
  });
}

function pageUrl(config: Config, token: string): string {
  const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  return `${base}${publicPagePath(token)}`;
}

/** Queues the request's e-mail (with the EPC QR code) to the payer and notes when it was sent. */
export async function sendPaymentRequest(deps: PaymentsDeps, actor: Principal | null, id: number): Promise<PaymentRequest> {
  const edition = await getCurrentEdition(deps.db);
  return deps.db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status === 'cancelled') throw conflict(PAYMENTS_ERRORS.cancelled, `Payment request ${row.number} is cancelled`);
    if (row.payerEmails.length === 0) throw conflict(PAYMENTS_ERRORS.noEmail, `Payment request ${row.number} has no e-mail address`);
    await queueMail(tx, await paymentRequestMail(row, edition.settings, pageUrl(deps.config, row.publicToken)));
    const updated = await updateRequest(tx, id, { sentAt: deps.clock.now() });
    await recordAudit(tx, { actor, action: 'payments.send', subjectType: 'payment_request', subjectId: id, after: { to: row.payerEmails } });
    return toPaymentRequest(updated);
  });
}

/** A request after money counted for it: received total, status, paid date and flag move together. */
function afterPayment(row: PaymentRequestRow, amountCents: number, paidOn: string): PaymentRequestRow {
  const receivedCents = row.receivedCents + amountCents;
  const status = paymentRequestStatus(row.totalCents, receivedCents, row.status === 'cancelled');
  return {
    ...row,
    receivedCents,
    status,
    paidDate: status === 'paid' ? (row.status === 'paid' ? row.paidDate : paidOn) : null,
    flagged: row.flagged || receivedCents > row.totalCents || row.status === 'cancelled',
  };
}

async function applyPayment(tx: DbOrTx, row: PaymentRequestRow, amountCents: number, paidOn: string): Promise<PaymentRequestRow> {
  const next = afterPayment(row, amountCents, paidOn);
  return updateRequest(tx, row.id, { receivedCents: next.receivedCents, status: next.status, paidDate: next.paidDate, flagged: next.flagged });
}

export async function registerManualPayment(deps: PaymentsDeps, actor: Principal, id: number, input: ManualPayment): Promise<PaymentRequestDetail> {
  await deps.db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status === 'cancelled') throw conflict(PAYMENTS_ERRORS.cancelled, `Payment request ${row.number} is cancelled`);
    await insertPaymentRecord(tx, {
      requestId: id,
      amountCents: input.amountCents,
      paidOn: input.paidOn,
      method: 'manual',
      outcome: 'manual',
      remark: input.remark,
      createdBy: actor.email,
    });
    const updated = await applyPayment(tx, row, input.amountCents, input.paidOn);
    await recordAudit(tx, {
      actor,
      action: 'payments.register_payment',
      subjectType: 'payment_request',
      subjectId: id,
      before: auditView(row),
      after: { ...auditView(updated), amountCents: input.amountCents, paidOn: input.paidOn, remark: input.remark },
    });
  });
  return getPaymentRequestDetail(deps.db, id);
}

export async function listPaymentRequests(db: DbOrTx, query: PaymentRequestListQuery): Promise<PaymentRequestPage> {
  const result = await listRequests(db, query);
  const invoiceNumbers = await invoiceNumbersOf(db, result.items.map((r) => r.id));
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

/** Due, received, outstanding and overdue over every request that is not cancelled. */
export async function paymentFigures(db: DbOrTx, now: Date): Promise<PaymentFigures> {
  const edition = await getCurrentEdition(db);
  return requestFigures(db, dateInTimeZone(now, edition.settings.timeZone));
}

/** The dashboard's payment figures (labels: `payments:dashboard.<key>`). */
export async function paymentDashboardFigures(db: DbOrTx, now: Date): Promise<DashboardFigure[]> {
  const figures = await paymentFigures(db, now);
  const link = '/mgmt/paymentrequests';
  return [
    { key: 'due', value: figures.dueCents, unit: 'cents', link },
    { key: 'received', value: figures.receivedCents, unit: 'cents', link },
    { key: 'outstanding', value: figures.outstandingCents, unit: 'cents', link },
    { key: 'overdue', value: figures.overdueCents, unit: 'cents', link },
    { key: 'overdueRequests', value: figures.overdueCount, unit: 'count', link },
  ];
}

// ---------------------------------------------------------------- bank statements

function readStatement(fileName: string, bytes: Uint8Array): BankStatement[] {
  const text = decodeStatementBytes(bytes);
  try {
    return text.trimStart().startsWith('<') ? parseCamt053(text) : parseCoda(text);
  } catch (error) {
    if (error instanceof BankStatementCurrencyError) {
      throw badRequest(PAYMENTS_ERRORS.statementCurrency, `${fileName} is a statement in ${error.currency}; only statements in euros can be matched`, { currency: error.currency });
    }
    if (error instanceof BankStatementFormatError) {
      throw badRequest(PAYMENTS_ERRORS.statementUnreadable, `${fileName} is not a readable CODA or camt.053 statement: ${error.message}`, { reason: error.message });
    }
    throw error;
  }
}

function toMovementView(movement: BankMovementRow, requestNumber: number | null): BankMovementView {
  return {
    id: movement.id,
    amountCents: movement.amountCents,
    bookingDate: movement.bookingDate,
    valueDate: movement.valueDate,
    counterpartyName: movement.counterpartyName,
    counterpartyAccount: movement.counterpartyAccount,
    structuredMessage: movement.structuredReference ? formatStructuredMessage(movement.structuredReference) : null,
    communication: movement.communication,
    outcome: movement.outcome as BankMovementView['outcome'],
    requestId: movement.requestId,
    requestNumber,
  };
}

async function statementSummary(db: DbOrTx, statementId: number, base: Omit<StatementImportSummary, 'counts' | 'matchedCents' | 'unmatched' | 'flagged' | 'movements'>): Promise<StatementImportSummary> {
  const rows = await listStatementMovements(db, statementId);
  const views = rows.map((r) => toMovementView(r.movement, r.requestNumber));
  const counts: Partial<Record<BankMovementView['outcome'], number>> = {};
  for (const view of views) counts[view.outcome] = (counts[view.outcome] ?? 0) + 1;
  return {
    ...base,
    movements: views.length,
    counts: counts as StatementImportSummary['counts'],
    matchedCents: views.filter((v) => v.requestId !== null && v.amountCents > 0).reduce((s, v) => s + v.amountCents, 0),
    unmatched: views.filter((v) => v.outcome === 'unmatched'),
    flagged: views.filter((v) => (FLAGGED_OUTCOMES as readonly string[]).includes(v.outcome)),
  };
}

/**
 * Imports a CODA or camt.053 file: each new credit is matched by its structured message and amount. Importing the
 * same file again answers the first import's summary and changes nothing; an overlapping statement skips the
 * movements already booked (by their stable identity).
 */
export async function importBankStatement(deps: PaymentsDeps, actor: Principal, fileName: string, bytes: Uint8Array): Promise<StatementImportSummary> {
  const statements = readStatement(fileName, bytes);
  const edition = await getCurrentEdition(deps.db);
  const ownAccount = edition.settings.bank.iban.replace(/\s+/g, '').toUpperCase();
  for (const statement of statements) {
    if (statement.account.toUpperCase() !== ownAccount && !ownAccount.endsWith(statement.account)) {
      throw badRequest(PAYMENTS_ERRORS.wrongAccount, `The statement is for account ${statement.account}, not the organiser's`, { account: statement.account });
    }
  }
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const format = statements[0]!.format;
  return deps.db.transaction(async (tx) => {
    const previous = await findStatementByHash(tx, fileHash);
    if (previous) {
      return statementSummary(tx, previous.id, { statementId: previous.id, format: previous.format, fileName: previous.fileName, alreadyImported: true, skipped: previous.skippedCount });
    }
    const movements = statements.flatMap((s) => s.movements);
    const statementRow = await insertStatement(tx, {
      format,
      fileName,
      fileHash,
      account: statements[0]!.account,
      importedBy: actor.email,
      movementCount: movements.length,
    });
    if (!statementRow) throw conflict(PLATFORM_ERRORS.conflict, 'The same statement is being imported right now');
    const inserted = await insertNewMovements(
      tx,
      movements.map((m) => ({
        statementId: statementRow.id,
        identity: m.identity,
        amountCents: m.amountCents,
        bookingDate: m.bookingDate,
        valueDate: m.valueDate,
        counterpartyName: m.counterpartyName,
        counterpartyAccount: m.counterpartyAccount,
        structuredReference: m.structuredReference,
        communication: m.communication,
        outcome: 'unmatched',
      })),
    );
    const skipped = movements.length - inserted.length;
    if (skipped > 0) await updateStatementCounts(tx, statementRow.id, inserted.length, skipped);
    const messages = [...new Set(inserted.map((m) => m.structuredReference).filter((m): m is string => m !== null))];
    const requests = await findRequestsByMessages(tx, messages);
    const byMessage = new Map<string, MatchableRequest>(requests.map((r) => [r.structuredMessage, r]));
    const matches = matchBankStatement(inserted, byMessage);
    // Written in a few set-based statements, not row by row: a statement of a thousand movements stays quick.
    const outcomes: { id: number; outcome: string; requestId: number | null }[] = [];
    const records: (typeof paymentRecords.$inferInsert)[] = [];
    const finalState = new Map<number, PaymentRequestRow>(requests.map((r) => [r.id, r]));
    for (const [index, match] of matches.entries()) {
      const movement = inserted[index]!;
      if (match.outcome !== 'unmatched') outcomes.push({ id: movement.id, outcome: match.outcome, requestId: match.requestId });
      if (match.requestId === null) continue;
      const paidOn = movement.valueDate ?? movement.bookingDate;
      records.push({
        requestId: match.requestId,
        movementId: movement.id,
        amountCents: movement.amountCents,
        paidOn,
        method: 'bank',
        outcome: match.outcome,
        counterpartyName: movement.counterpartyName,
        createdBy: actor.email,
      });
      finalState.set(match.requestId, afterPayment(finalState.get(match.requestId)!, movement.amountCents, paidOn));
    }
    await setMovementOutcomes(tx, outcomes);
    await insertPaymentRecords(tx, records);
    const changed = requests.filter((before) => finalState.get(before.id)!.receivedCents !== before.receivedCents);
    await updateRequestPayments(tx, changed.map((before) => finalState.get(before.id)!));
    const summary = await statementSummary(tx, statementRow.id, { statementId: statementRow.id, format, fileName, alreadyImported: false, skipped });
    await recordAudit(tx, {
      actor,
      action: 'payments.import_statement',
      subjectType: 'bank_statement',
      subjectId: statementRow.id,
      after: { fileName, format, movements: summary.movements, skipped, counts: summary.counts, matchedCents: summary.matchedCents },
    });
    await recordAuditEntries(
      tx,
      changed.map((before) => ({
        actor,
        action: 'payments.bank_payment',
        subjectType: 'payment_request',
        subjectId: before.id,
        before: auditView(before),
        after: { ...auditView(finalState.get(before.id)!), statementId: statementRow.id },
      })),
    );
    return summary;
  });
}

export async function listUnmatched(db: DbOrTx): Promise<BankMovementView[]> {
  const rows = await listUnmatchedMovements(db);
  return rows.map((r) => toMovementView(r.movement, r.requestNumber));
}

/** A manager links an unmatched credit (no or a mistyped message) to the request it pays. */
export async function linkMovement(deps: PaymentsDeps, actor: Principal, movementId: number, requestId: number): Promise<BankMovementView> {
  return deps.db.transaction(async (tx) => {
    const movement = await findMovement(tx, movementId);
    if (!movement) throw notFound(PAYMENTS_ERRORS.notFound, `No bank movement ${movementId}`);
    if (movement.outcome !== 'unmatched' || movement.amountCents <= 0) {
      throw conflict(PAYMENTS_ERRORS.movementNotLinkable, `Bank movement ${movementId} is not an unmatched credit`, { outcome: movement.outcome });
    }
    const row = await lockedRequest(tx, requestId);
    const match = matchMovement({ amountCents: movement.amountCents, structuredReference: row.structuredMessage }, row);
    const paidOn = movement.valueDate ?? movement.bookingDate;
    await insertPaymentRecord(tx, {
      requestId,
      movementId,
      amountCents: movement.amountCents,
      paidOn,
      method: 'bank',
      outcome: match.outcome,
      remark: 'linked by hand',
      counterpartyName: movement.counterpartyName,
      createdBy: actor.email,
    });
    await setMovementOutcome(tx, movementId, 'linked', requestId);
    const updated = await applyPayment(tx, row, movement.amountCents, paidOn);
    await recordAudit(tx, { actor, action: 'payments.link_movement', subjectType: 'payment_request', subjectId: requestId, before: auditView(row), after: { ...auditView(updated), movementId } });
    return toMovementView({ ...movement, outcome: 'linked', requestId }, row.number);
  });
}

// ---------------------------------------------------------------- invoices

/** Turns a paid request into an invoice (gap-free number), once; e-mails the PDF when asked. */
export async function createInvoice(deps: PaymentsDeps, actor: Principal, id: number, input: InvoiceRequest): Promise<InvoiceRow> {
  const edition = await getCurrentEdition(deps.db);
  return deps.db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status !== 'paid') throw conflict(PAYMENTS_ERRORS.notPaid, `Payment request ${row.number} is not paid`);
    const existing = await findInvoiceOfRequest(tx, id);
    if (existing) throw conflict(PAYMENTS_ERRORS.invoiceExists, `Payment request ${row.number} already has invoice ${existing.number}`, { number: existing.number });
    const t = PAYMENT_TEXTS[row.payerLanguage];
    const computed = invoiceLines(row.lines, { cents: row.discountCents, label: row.discountRemark || t.discount }, edition.settings.vatRates);
    const invoice = await insertInvoice(tx, {
      number: await nextCounterValue(tx, `invoice:${edition.code}`),
      requestId: id,
      issuedOn: today(deps, edition),
      customerName: input.customerName,
      customerAddress: input.customerAddress,
      customerVatNumber: input.customerVatNumber,
      language: row.payerLanguage,
      lines: computed.lines,
      totalExclCents: computed.totalExclCents,
      vatCents: computed.vatCents,
      totalCents: computed.totalCents,
      paidDate: row.paidDate,
      structuredMessage: row.structuredMessage,
    });
    if (input.sendEmail && row.payerEmails.length > 0) {
      const pdf = await renderInvoicePdf(invoice, edition.settings);
      const title = invoiceTitle(invoice);
      await queueMail(tx, {
        kind: 'payments.invoice',
        to: row.payerEmails,
        language: row.payerLanguage,
        subject: t.invoiceSubject(invoice.number, edition.settings.shortName[row.payerLanguage]),
        html: `<p>${escapeHtml(t.greeting(input.customerName))}</p><p>${escapeHtml(t.invoiceIntro)}</p><p>${escapeHtml(t.closing)}<br>${escapeHtml(edition.settings.organiser.name)}</p>`,
        text: `${t.greeting(input.customerName)}\n\n${t.invoiceIntro}\n\n${t.closing}\n${edition.settings.organiser.name}`,
        attachments: [{ filename: `${title.replace(/\s+/g, '-')}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') }],
      });
    }
    await recordAudit(tx, { actor, action: 'payments.invoice', subjectType: 'payment_request', subjectId: id, after: { invoiceNumber: invoice.number, totalCents: invoice.totalCents, emailed: input.sendEmail } });
    return invoice;
  });
}

export async function getInvoicePdf(db: DbOrTx, id: number): Promise<{ pdf: Buffer; fileName: string }> {
  const invoice = await findInvoiceOfRequest(db, id);
  if (!invoice) throw notFound(PAYMENTS_ERRORS.notFound, `Payment request ${id} has no invoice`);
  const edition = await getCurrentEdition(db);
  return { pdf: await renderInvoicePdf(invoice, edition.settings), fileName: `invoice-${invoice.number}.pdf` };
}

// ---------------------------------------------------------------- public payment page

/** The shape of the tokens this site makes; anything else in a link was mistyped or cut off. */
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

async function requestOfToken(db: DbOrTx, token: string): Promise<PaymentRequestRow> {
  const row = PAYMENT_TOKEN.test(token) ? await findRequestByToken(db, token) : undefined;
  // The same answer for malformed, unknown and cancelled: the token reveals nothing beyond an open request.
  if (!row || row.status === 'cancelled') throw notFound(PAYMENTS_ERRORS.linkUnknown, 'This payment link is unknown');
  return row;
}

export async function getPublicPayment(db: DbOrTx, token: string): Promise<PublicPayment> {
  const row = await requestOfToken(db, token);
  const { settings } = await getCurrentEdition(db);
  return {
    number: row.number,
    language: row.payerLanguage,
    lines: row.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPriceCents, totalCents: l.totalCents })),
    discountCents: row.discountCents,
    totalCents: row.totalCents,
    receivedCents: row.receivedCents,
    outstandingCents: Math.max(row.totalCents - row.receivedCents, 0),
    status: row.status,
    dueDate: row.dueDate,
    structuredMessage: formatStructuredMessage(row.structuredMessage),
    beneficiary: settings.bank.holder,
    iban: formatIban(settings.bank.iban),
    bic: settings.bank.bic,
    qrPngPath: `/api/v1/payment/public/${token}/qr.png`,
  };
}

export async function getPublicPaymentQr(db: DbOrTx, token: string): Promise<Buffer> {
  const row = await requestOfToken(db, token);
  const { settings } = await getCurrentEdition(db);
  return paymentQrPng(row, settings);
}

// ---------------------------------------------------------------- bulk jobs

function toJob(row: PaymentJobRow): PaymentJob {
  return {
    id: row.id,
    action: row.action,
    kind: row.kind,
    state: row.state,
    total: row.total,
    done: row.done,
    failed: row.failed,
    errors: row.errors,
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

async function runJob(deps: PaymentsDeps, job: PaymentJobRow, items: string[], batchSize: number, work: (batch: string[]) => Promise<BatchOutcome>): Promise<PaymentJob> {
  let done = 0;
  let failed = 0;
  const errors: { sourceId: string; code: string }[] = [];
  try {
    for (let start = 0; start < items.length; start += batchSize) {
      const outcome = await work(items.slice(start, start + batchSize));
      done += outcome.done;
      // One bad source (no e-mail, owes nothing) must not stop the other 999; it is listed for the manager.
      failed += outcome.failures.length;
      for (const failure of outcome.failures) if (errors.length < 200) errors.push(failure);
      await updateJob(deps.db, job.id, { done, failed, errors });
    }
    await updateJob(deps.db, job.id, { done, failed, errors, state: 'done', finishedAt: new Date() });
  } catch (error) {
    await updateJob(deps.db, job.id, { done, failed, errors: [...errors, { sourceId: '', code: PLATFORM_ERRORS.internal }], state: 'failed', finishedAt: new Date() });
    throw error;
  }
  return getPaymentJob(deps.db, job.id);
}

export type StartedJob = { job: PaymentJob; finished: Promise<PaymentJob> };

/**
 * Creates the requests of a batch of sources: each source's payer and lines, then one transaction for the
 * numbers, the rows and their audit entries. A source that got an open request meanwhile (another manager, a
 * second instance) is left alone by the partial unique index and counts as done, as a single create would.
 */
async function createRequestBatch(deps: PaymentsDeps, actor: Principal, kind: PaymentRequestKind, edition: CurrentEdition, sourceIds: string[]): Promise<BatchOutcome> {
  const failures: BatchOutcome['failures'] = [];
  const billable: { sourceId: string; payer: Payer; lines: PaymentLine[]; subtotalCents: number }[] = [];
  const sources = await deps.sources[kind].findMany(deps.db, sourceIds, edition);
  for (const sourceId of new Set(sourceIds)) {
    const source = sources.get(sourceId);
    if (!source) {
      failures.push({ sourceId, code: PAYMENTS_ERRORS.sourceNotFound });
      continue;
    }
    const subtotalCents = sumLines(source.lines);
    if (subtotalCents <= 0) failures.push({ sourceId, code: PAYMENTS_ERRORS.nothingDue });
    else billable.push({ sourceId, ...source, subtotalCents });
  }
  if (billable.length === 0) return { done: 0, failures };
  const dueDate = addDays(today(deps, edition), dueDays(kind, edition));
  await deps.db.transaction(async (tx) => {
    const numbers = await nextRequestNumbers(tx, billable.length);
    const inserted = await insertRequestsUnlessOpen(
      tx,
      billable.map(({ sourceId, payer, lines, subtotalCents }, index) => ({
        number: numbers[index]!,
        kind,
        sourceId,
        editionCode: edition.code,
        payerName: payer.name,
        payerEmails: payer.emails,
        payerAddress: payer.address,
        payerLanguage: payer.language,
        payerVatNumber: payer.vatNumber ?? '',
        lines,
        subtotalCents,
        totalCents: subtotalCents,
        structuredMessage: structuredMessageDigits(structuredMessageBase(edition.settings.year, numbers[index]!)),
        dueDate,
        publicToken: randomBytes(24).toString('base64url'),
      })),
    );
    await recordAuditEntries(
      tx,
      inserted.map((row) => ({ actor, action: 'payments.create', subjectType: 'payment_request', subjectId: row.id, after: { ...auditView(row), kind, sourceId: row.sourceId } })),
    );
  });
  return { done: billable.length, failures };
}

/** Creates a request for every billable source of a kind that has none: one job, any size. */
export async function startBulkCreate(deps: PaymentsDeps, actor: Principal, kind: PaymentRequestKind): Promise<StartedJob> {
  const edition = await getCurrentEdition(deps.db);
  const [ids, open] = await Promise.all([deps.sources[kind].listBillableIds(deps.db), listOpenSourceIds(deps.db, kind)]);
  const todo = ids.filter((id) => !open.has(id));
  const job = await insertJob(deps.db, { action: 'create', kind, total: todo.length, startedBy: actor.email });
  const finished = runJob(deps, job, todo, CREATE_BATCH, (batch) => createRequestBatch(deps, actor, kind, edition, batch));
  return { job: toJob(job), finished };
}

/**
 * Sends a batch of requests: locks them, renders each e-mail (its own QR code: amount and reference differ),
 * queues them, marks them sent and audits, in one transaction. One sent meanwhile is not sent twice.
 */
async function sendRequestBatch(deps: PaymentsDeps, actor: Principal, edition: CurrentEdition, ids: number[]): Promise<BatchOutcome> {
  return deps.db.transaction(async (tx) => {
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
    const mails = await Promise.all(toSend.map((row) => paymentRequestMail(row, edition.settings, pageUrl(deps.config, row.publicToken))));
    await queueMails(tx, mails);
    await markRequestsSent(tx, toSend.map((row) => row.id), deps.clock.now());
    await recordAuditEntries(
      tx,
      toSend.map((row) => ({ actor, action: 'payments.send', subjectType: 'payment_request', subjectId: row.id, after: { to: row.payerEmails } })),
    );
    return { done: toSend.length + alreadySent, failures };
  });
}

/** E-mails every request not sent yet. */
export async function startBulkSend(deps: PaymentsDeps, actor: Principal): Promise<StartedJob> {
  const edition = await getCurrentEdition(deps.db);
  const ids = await listUnsentRequestIds(deps.db);
  const job = await insertJob(deps.db, { action: 'send', kind: null, total: ids.length, startedBy: actor.email });
  const finished = runJob(deps, job, ids.map(String), SEND_BATCH, (batch) => sendRequestBatch(deps, actor, edition, batch.map(Number)));
  return { job: toJob(job), finished };
}
