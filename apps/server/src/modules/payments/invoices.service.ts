import { PAYMENTS_ERRORS, type InvoiceRequest } from '@bjk/domain';
import type { Principal } from '../../platform/access.js';
import type { DbOrTx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { queueMail } from '../mail/mail.service.js';
import { invoiceLines } from './invoice-lines.js';
import { invoiceTitle, renderInvoicePdf } from './invoice-pdf.js';
import { escapeHtml } from './payment-mail.js';
import { lockedRequest, today, type PaymentsDeps } from './payment-request-row.js';
import { PAYMENT_TEXTS } from './payment-texts.js';
import { findInvoiceOfRequest, insertInvoice, nextCounterValue, type InvoiceRow } from './payments.repository.js';

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
