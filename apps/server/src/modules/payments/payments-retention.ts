import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { bankMovements, invoices, paymentRecords, paymentRequests } from './payments.tables.js';

/**
 * The shredder's first step for payments (decision 0016): the request stays an accounting record (payer's name and
 * address, lines, amounts, message, payments), but the addresses mails went to and the organisers' remarks go, and
 * the public payment page's token is replaced by one nobody holds (the link in old mails opens nothing any more).
 * `only` limits it to some requests (a family's approved erasure request, decision 0021).
 */
export async function erasePaymentContacts(db: DbOrTx, editionCode: string, only?: number[]): Promise<{ ids: number[] }> {
  if (only?.length === 0) return { ids: [] };
  const rows = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.editionCode, editionCode), only ? inArray(paymentRequests.id, only) : undefined));
  for (const row of rows) {
    await db
      .update(paymentRequests)
      .set({ payerEmails: [], remarks: '', publicToken: randomBytes(24).toString('base64url') })
      .where(eq(paymentRequests.id, row.id));
  }
  return { ids: rows.map((r) => r.id) };
}

/**
 * The shredder's second step, once accounting law no longer asks for the records (ten years after the financial
 * year): the amounts, lines and numbers stay as figures, the people on them go (payer, customer, bank counterparty).
 */
export async function eraseAccountingPersonalData(db: DbOrTx, editionCode: string): Promise<{ ids: number[] }> {
  const rows = await db
    .update(paymentRequests)
    .set({ payerName: '', payerEmails: [], payerAddress: '', payerVatNumber: '', remarks: '', discountRemark: '' })
    .where(eq(paymentRequests.editionCode, editionCode))
    .returning({ id: paymentRequests.id });
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ids };
  await db.update(invoices).set({ customerName: '', customerAddress: '', customerVatNumber: '' }).where(inArray(invoices.requestId, ids));
  await db.update(paymentRecords).set({ counterpartyName: null, remark: '' }).where(inArray(paymentRecords.requestId, ids));
  await db.update(bankMovements).set({ counterpartyName: null, counterpartyAccount: null, communication: null }).where(inArray(bankMovements.requestId, ids));
  return { ids };
}

/** What the edition's payment requests still hold (the back office's overview): addresses, and payers' names. */
export async function countPaymentPersonalData(db: DbOrTx, editionCode: string): Promise<{ contacts: number; accountingNames: number }> {
  const [row] = await db
    .select({
      contacts: sql<number>`count(*) filter (where jsonb_array_length(${paymentRequests.payerEmails}) > 0)::int`,
      accountingNames: sql<number>`count(*) filter (where ${paymentRequests.payerName} <> '')::int`,
    })
    .from(paymentRequests)
    .where(eq(paymentRequests.editionCode, editionCode));
  return row ?? { contacts: 0, accountingNames: 0 };
}
