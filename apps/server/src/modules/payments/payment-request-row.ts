import { randomBytes } from 'node:crypto';
import {
  addDays,
  dateInTimeZone,
  formatIban,
  formatStructuredMessage,
  structuredMessageBase,
  structuredMessageDigits,
  PAYMENTS_ERRORS,
  type EditionSettings,
  type Payer,
  type PaymentLine,
  type PaymentRequest,
  type PaymentRequestKind,
  type PaymentTransfer,
} from '@bjk/domain';
import { pick } from '@bjk/domain/objects';
import type { Config } from '../../config.js';
import type { AuditEntryInput } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import type { CurrentEdition } from '../edition/edition.service.js';
import { paymentRequestStatus } from './matching.js';
import { paymentRequestMail } from './payment-mail.js';
import type { PaymentSources } from './payment-sources.js';
import { findRequest, updateRequest, type NewPaymentRequestRow, type PaymentRequestRow } from './payments.repository.js';

// What every payments use case (requests, bank statements, invoices, public page, jobs) shares about a request row:
// how one is built, read for the wire and the audit trail, locked, refused when cancelled and moved by a payment.

/**
 * A payments service's context: the ServiceContext plus `sources`, the billable things' owners (lodging,
 * participants), handed in by `app.ts`. The manager's variant has a known actor.
 */
export type PaymentsContext = ServiceContext & { sources: PaymentSources };
export type PaymentsManagerContext = ManagerContext & { sources: PaymentSources };

export const requestNotFound = (id: number | string) => notFound(PAYMENTS_ERRORS.notFound, `No payment request ${id}`, { id });

export function today(ctx: { clock: Clock }, edition: CurrentEdition): string {
  return dateInTimeZone(ctx.clock.now(), edition.settings.timeZone);
}

export function sumLines(lines: readonly PaymentLine[]): number {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

/**
 * The one way a request row is made (a single create and a bulk job's batch alike): the source's payer and lines,
 * the structured message of its number, due after the edition's payment term from today, a fresh public token.
 */
export function newRequestRow(
  ctx: { clock: Clock },
  edition: CurrentEdition,
  request: { number: number; kind: PaymentRequestKind; sourceId: string; payer: Payer; lines: PaymentLine[] },
): NewPaymentRequestRow {
  const { number, kind, sourceId, payer, lines } = request;
  const subtotalCents = sumLines(lines);
  const terms = edition.settings.paymentTerms;
  return {
    number,
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
    structuredMessage: structuredMessageDigits(structuredMessageBase(edition.settings.year, number)),
    dueDate: addDays(today(ctx, edition), kind === 'stay' ? terms.stayDays : terms.enrolmentDays),
    publicToken: randomBytes(24).toString('base64url'),
  };
}

export function publicPagePath(token: string): string {
  return `/payment/${token}`;
}

/** The address of a request's EPC QR code (PNG), by its public token. */
export function qrPngPath(token: string): string {
  return `/api/v1/payment/public/${token}/qr.png`;
}

/** What the payer needs to pay a request by transfer: its amounts, status and due date, and the organiser's bank. */
export function transferOf(row: PaymentRequestRow, settings: EditionSettings): PaymentTransfer {
  return {
    totalCents: row.totalCents,
    receivedCents: row.receivedCents,
    outstandingCents: Math.max(row.totalCents - row.receivedCents, 0),
    status: row.status,
    dueDate: row.dueDate,
    structuredMessage: formatStructuredMessage(row.structuredMessage),
    beneficiary: settings.bank.holder,
    iban: formatIban(settings.bank.iban),
    bic: settings.bank.bic,
  };
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
export function auditView(row: PaymentRequestRow) {
  return { ...pick(row, ['number', 'status', 'totalCents', 'discountCents', 'receivedCents']), sentAt: row.sentAt?.toISOString() ?? null };
}

/** An audit entry about a payment request, with the pictures of it `before` and `after` the change. */
export function requestAudit(actor: AuditEntryInput['actor'], action: string, id: number, change: Pick<AuditEntryInput, 'before' | 'after'>): AuditEntryInput {
  return { actor, action, subjectType: 'payment_request', subjectId: id, ...change };
}

export async function lockedRequest(tx: DbOrTx, id: number): Promise<PaymentRequestRow> {
  const row = await findRequest(tx, id, true);
  if (!row) throw requestNotFound(id);
  return row;
}

/** The one guard for a cancelled request: it takes no change, no payment and no e-mail. */
export function assertNotCancelled(row: PaymentRequestRow): void {
  if (row.status === 'cancelled') throw conflict(PAYMENTS_ERRORS.cancelled, `Payment request ${row.number} is cancelled`);
}

/** The request locked for a change, refused when cancelled. */
export async function lockedOpenRequest(tx: DbOrTx, id: number): Promise<PaymentRequestRow> {
  const row = await lockedRequest(tx, id);
  assertNotCancelled(row);
  return row;
}

function pageUrl(config: Config, token: string): string {
  return `${config.publicUrl}${publicPagePath(token)}`;
}

/** The request's e-mail to its payer (with the EPC QR code and the public page's address). */
export function requestMail(ctx: { config: Config }, row: PaymentRequestRow, edition: CurrentEdition) {
  return paymentRequestMail(row, edition.settings, pageUrl(ctx.config, row.publicToken));
}

/** A request after money counted for it: received total, status, paid date and flag move together. */
export function afterPayment(row: PaymentRequestRow, amountCents: number, paidOn: string): PaymentRequestRow {
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

export async function applyPayment(tx: DbOrTx, row: PaymentRequestRow, amountCents: number, paidOn: string): Promise<PaymentRequestRow> {
  const next = afterPayment(row, amountCents, paidOn);
  return updateRequest(tx, row.id, { receivedCents: next.receivedCents, status: next.status, paidDate: next.paidDate, flagged: next.flagged });
}
