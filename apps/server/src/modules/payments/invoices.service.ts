import { PAYMENTS_ERRORS, type InvoiceRequest } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { organiserMail, queueMail } from '../mail/mail.service.js';
import { invoiceLines } from './invoice-lines.js';
import { invoiceTitle, renderInvoicePdf } from './invoice-pdf.js';
import { paragraphs } from '../mail/mail-layout.js';
import { lockedRequest, requestAudit, today, type PaymentsManagerContext } from './payment-request-row.js';
import { PAYMENT_TEXTS } from './payment-texts.js';
import { findInvoiceOfRequest, insertInvoice, nextCounterValue, type InvoiceRow } from './payments.repository.js';

/** Turns a paid request into an invoice (gap-free number), once; e-mails the PDF when asked. */
export async function createInvoice(ctx: PaymentsManagerContext, id: number, input: InvoiceRequest): Promise<InvoiceRow> {
  const edition = await getCurrentEdition(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status !== 'paid') throw conflict(PAYMENTS_ERRORS.notPaid, `Payment request ${row.number} is not paid`);
    const existing = await findInvoiceOfRequest(tx, id);
    if (existing)
      throw conflict(PAYMENTS_ERRORS.invoiceExists, `Payment request ${row.number} already has invoice ${existing.number}`, { number: existing.number });
    const t = PAYMENT_TEXTS[row.payerLanguage];
    const computed = invoiceLines(row.lines, { cents: row.discountCents, label: row.discountRemark || t.discount }, edition.settings.vatRates);
    const invoice = await insertInvoice(tx, {
      number: await nextCounterValue(tx, `invoice:${edition.code}`),
      requestId: id,
      issuedOn: today(ctx, edition),
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
      await queueMail(
        tx,
        organiserMail(edition.settings, {
          kind: 'payments.invoice',
          to: row.payerEmails,
          language: row.payerLanguage,
          subject: t.invoiceSubject(invoice.number, edition.settings.shortName[row.payerLanguage]),
          heading: title,
          blocks: paragraphs(t.greeting(input.customerName), t.invoiceIntro, `${t.closing}\n${edition.settings.organiser.name}`),
          attachments: [{ filename: `${title.replace(/\s+/g, '-')}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') }],
        }),
      );
    }
    await recordAudit(
      tx,
      requestAudit(ctx.actor, 'payments.invoice', id, { after: { invoiceNumber: invoice.number, totalCents: invoice.totalCents, emailed: input.sendEmail } }),
    );
    return invoice;
  });
}

export async function getInvoicePdf(db: DbOrTx, id: number): Promise<{ pdf: Buffer; fileName: string }> {
  const invoice = await findInvoiceOfRequest(db, id);
  if (!invoice) throw notFound(PAYMENTS_ERRORS.notFound, `Payment request ${id} has no invoice`);
  const edition = await getCurrentEdition(db);
  return { pdf: await renderInvoicePdf(invoice, edition.settings), fileName: `invoice-${invoice.number}.pdf` };
}
