import PDFDocument from 'pdfkit';
import { formatStructuredMessage, type EditionSettings } from '@bjk/domain';
import { formatDate, formatMoney } from '@bjk/domain';
import { PAYMENT_TEXTS } from './payment-texts.js';
import type { InvoiceRow } from './payments.repository.js';

/** The PDF title names the invoice; it sits uncompressed in the document information, where tests and search find it. */
export function invoiceTitle(invoice: Pick<InvoiceRow, 'number' | 'language'>): string {
  return `${PAYMENT_TEXTS[invoice.language].invoiceTitle} ${invoice.number}`;
}

/** Renders an invoice as an A4 PDF in the customer's language (the standard fonts cover Latin-1 accents). */
export function renderInvoicePdf(invoice: InvoiceRow, settings: EditionSettings): Promise<Buffer> {
  const t = PAYMENT_TEXTS[invoice.language];
  const money = (cents: number) =>
    formatMoney(cents, invoice.language)
      .replace(/\u202f|\u00a0/g, ' ')
      .replace('−', '-');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: invoiceTitle(invoice), Author: settings.organiser.name, Subject: settings.name[invoice.language] },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(settings.organiser.name);
  doc.font('Helvetica').fontSize(10).text(settings.organiser.address);
  doc.text(`${t.vatNumber}: ${settings.organiser.vatNumber}`);
  doc.text(settings.organiser.email);
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(20).text(invoiceTitle(invoice));
  doc.font('Helvetica').fontSize(10);
  doc.text(`${t.invoiceNumber}: ${invoice.number}`);
  doc.text(`${t.invoiceDate}: ${formatDate(invoice.issuedOn, invoice.language)}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text(t.customer);
  doc.font('Helvetica').text(invoice.customerName);
  doc.text(invoice.customerAddress);
  if (invoice.customerVatNumber) doc.text(`${t.vatNumber}: ${invoice.customerVatNumber}`);
  doc.moveDown(1.5);

  const columns = [
    { label: t.description, x: 50, width: 190, align: 'left' as const },
    { label: t.quantity, x: 240, width: 45, align: 'right' as const },
    { label: t.priceExclVat, x: 290, width: 80, align: 'right' as const },
    { label: t.vatRate, x: 375, width: 45, align: 'right' as const },
    { label: t.vat, x: 420, width: 60, align: 'right' as const },
    { label: t.priceInclVat, x: 480, width: 70, align: 'right' as const },
  ];
  const row = (values: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    values.forEach((value, i) => {
      const column = columns[i]!;
      doc.text(value, column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 50;
    doc.y = bottom + 4;
  };
  row(
    columns.map((c) => c.label),
    true,
  );
  for (const line of invoice.lines) {
    row([line.description, String(line.quantity), money(line.totalExclCents), `${line.vatPercent}%`, money(line.vatCents), money(line.totalCents)]);
  }
  doc.moveDown();
  row(['', '', '', '', t.totalExclVat, money(invoice.totalExclCents)], true);
  row(['', '', '', '', t.totalVat, money(invoice.vatCents)], true);
  row(['', '', '', '', t.totalInclVat, money(invoice.totalCents)], true);
  doc.moveDown(2);
  doc.font('Helvetica');
  if (invoice.paidDate) doc.text(`${t.paymentDate}: ${formatDate(invoice.paidDate, invoice.language)}`, 50);
  doc.text(`${t.paymentMessage}: ${formatStructuredMessage(invoice.structuredMessage)}`, 50);
  doc.moveDown();
  doc.font('Helvetica-Bold').text(t.paidThanks, 50);
  doc.end();
  return done;
}
