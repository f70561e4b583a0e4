import { and, desc, eq, ne } from 'drizzle-orm';
import { formatStructuredMessage, type EditionSettings, type FamilyPayment, type PaymentRequestKind } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { publicPagePath, qrPngPath, transferOf } from './payment-request-row.js';
import { findInvoiceOfRequest } from './payments.repository.js';
import { paymentRequests } from './payments.tables.js';

/**
 * What the family page (modules/family) shows of a child's or a reservation's payment: the request of the source
 * (the latest not cancelled), with its structured message, its payment page and QR code, and its invoice if made.
 */
export async function findFamilyPayment(db: DbOrTx, settings: EditionSettings, kind: PaymentRequestKind, sourceId: string): Promise<FamilyPayment | null> {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.kind, kind), eq(paymentRequests.sourceId, sourceId), ne(paymentRequests.status, 'cancelled')))
    .orderBy(desc(paymentRequests.createdAt))
    .limit(1);
  if (!row) return null;
  const invoice = await findInvoiceOfRequest(db, row.id);
  return {
    id: row.id,
    number: row.number,
    ...transferOf(row, settings),
    pagePath: publicPagePath(row.publicToken),
    qrPngPath: qrPngPath(row.publicToken),
    invoicePath: invoice ? `/api/v1/family/payments/${row.id}/invoice.pdf` : null,
  };
}

/** A family's payment requests as held (payer, lines, amounts, dates), for its data export (GDPR art. 15 and 20). */
export async function listPaymentRecordsOfSource(db: DbOrTx, kind: PaymentRequestKind, sourceId: string) {
  const rows = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.kind, kind), eq(paymentRequests.sourceId, sourceId)))
    .orderBy(desc(paymentRequests.createdAt));
  return rows.map((row) => ({
    number: row.number,
    kind: row.kind,
    payerName: row.payerName,
    payerEmails: row.payerEmails,
    payerAddress: row.payerAddress,
    payerLanguage: row.payerLanguage,
    payerVatNumber: row.payerVatNumber,
    lines: row.lines,
    totalCents: row.totalCents,
    receivedCents: row.receivedCents,
    status: row.status,
    structuredMessage: formatStructuredMessage(row.structuredMessage),
    dueDate: row.dueDate,
    paidDate: row.paidDate,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
