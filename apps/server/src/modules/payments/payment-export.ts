import { formatStructuredMessage, type PaymentRequestListQuery } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { writeCsv, type CsvValue } from '../../platform/csv.js';
import { listRequests } from './payments.repository.js';

const euros = (cents: number) => (cents / 100).toFixed(2);

/** Every request of the filtered set (all pages), for the treasurer's spreadsheet. */
export async function paymentRequestsCsv(db: DbOrTx, filter: Omit<PaymentRequestListQuery, 'page' | 'pageSize'>): Promise<string> {
  const header = [
    'number',
    'kind',
    'source',
    'payer',
    'emails',
    'total',
    'received',
    'outstanding',
    'status',
    'due_date',
    'sent_at',
    'paid_date',
    'structured_message',
  ];
  const rows: CsvValue[][] = [];
  const pageSize = 500;
  for (let page = 1; ; page++) {
    const { items } = await listRequests(db, { ...filter, page, pageSize });
    for (const r of items) {
      rows.push([
        r.number,
        r.kind,
        r.sourceId,
        r.payerName,
        r.payerEmails.join(' '),
        euros(r.totalCents),
        euros(r.receivedCents),
        euros(Math.max(r.totalCents - r.receivedCents, 0)),
        r.status,
        r.dueDate,
        r.sentAt?.toISOString() ?? null,
        r.paidDate,
        formatStructuredMessage(r.structuredMessage),
      ]);
    }
    if (items.length < pageSize) break;
  }
  return writeCsv(header, rows);
}
