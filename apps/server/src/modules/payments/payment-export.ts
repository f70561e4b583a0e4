import { formatStructuredMessage, type Language, type PaymentRequestListQuery } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { exportNumber, exportValue, localizedCsv, type ExportColumn } from '../../platform/export-texts.js';
import { listRequests } from './payments.repository.js';

type Row = Awaited<ReturnType<typeof listRequests>>['items'][number];

/** Every request of the filtered set (all pages), for the treasurer's spreadsheet, in the reader's language. */
export async function paymentRequestsCsv(db: DbOrTx, filter: Omit<PaymentRequestListQuery, 'page' | 'pageSize'>, language: Language): Promise<string> {
  const euros = (cents: number) => exportNumber(cents / 100, language, 2);
  const columns: ExportColumn<Row>[] = [
    ['number', (r) => r.number],
    ['kind', (r) => exportValue('paymentKind', r.kind, language)],
    ['source', (r) => r.sourceId],
    ['payer', (r) => r.payerName],
    ['emails', (r) => r.payerEmails.join(' ')],
    ['total', (r) => euros(r.totalCents)],
    ['received', (r) => euros(r.receivedCents)],
    ['outstanding', (r) => euros(Math.max(r.totalCents - r.receivedCents, 0))],
    ['status', (r) => exportValue('paymentStatus', r.status, language)],
    ['dueDate', (r) => r.dueDate],
    ['sentAt', (r) => r.sentAt?.toISOString() ?? null],
    ['paidDate', (r) => r.paidDate],
    ['structuredMessage', (r) => formatStructuredMessage(r.structuredMessage)],
  ];
  const rows: Row[] = [];
  const pageSize = 500;
  for (let page = 1; ; page++) {
    const { items } = await listRequests(db, { ...filter, page, pageSize });
    rows.push(...items);
    if (items.length < pageSize) break;
  }
  return localizedCsv(language, columns, rows);
}
