import { epcQrPayload, formatDate, formatIban, formatMoney, formatStructuredMessage, type EditionSettings, type Language } from '@bjk/domain';
import { organiserFooter, paragraphs, type MailContent } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.service.js';
import { PAYMENT_TEXTS } from './payment-texts.js';
import type { PaymentRequestRow } from './payments.repository.js';
import { qrPng } from './qr-png.js';

export const QR_CID = 'epc-qr@payments';

/**
 * The EPC QR code of what is still to pay on a request, as PNG bytes (error correction M, as EPC069-12 asks).
 * Five pixels per module (about 245 px) scan well; the PNG is 1 bit per pixel (see qr-png.ts for why).
 */
export async function paymentQrPng(request: PaymentRequestRow, settings: EditionSettings): Promise<Buffer> {
  const payload = epcQrPayload({
    bic: settings.bank.bic,
    beneficiary: settings.bank.holder,
    iban: settings.bank.iban,
    amountCents: Math.max(request.totalCents - request.receivedCents, 1),
    reference: request.structuredMessage,
  });
  return qrPng(payload, { errorCorrectionLevel: 'M', margin: 4, scale: 5 });
}

/** The payment request e-mail in the payer's language: lines, total, due date, bank details, message and QR. */
export async function paymentRequestMail(request: PaymentRequestRow, settings: EditionSettings, pageUrl: string): Promise<OutgoingMail> {
  const language: Language = request.payerLanguage;
  const t = PAYMENT_TEXTS[language];
  const money = (cents: number) => formatMoney(cents, language);
  const outstanding = Math.max(request.totalCents - request.receivedCents, 0);
  const rows = request.lines.map((l) => [l.description, String(l.quantity), money(l.unitPriceCents), money(l.totalCents)]);
  if (request.discountCents > 0) {
    rows.push([`${t.discount}${request.discountRemark ? ` (${request.discountRemark})` : ''}`, '', '', `−${money(request.discountCents)}`]);
  }
  const facts = [
    { label: t.total, value: money(request.totalCents) },
    ...(request.receivedCents > 0
      ? [
          { label: t.alreadyReceived, value: money(request.receivedCents) },
          { label: t.outstanding, value: money(outstanding) },
        ]
      : []),
    { label: t.dueDate, value: formatDate(request.dueDate, language) },
    { label: t.beneficiary, value: settings.bank.holder },
    { label: t.iban, value: formatIban(settings.bank.iban) },
    { label: t.bic, value: settings.bank.bic },
    { label: t.structuredMessage, value: formatStructuredMessage(request.structuredMessage) },
  ];
  const subject = t.requestSubject(request.number, settings.shortName[language]);
  const content: MailContent = {
    heading: subject,
    blocks: [
      ...paragraphs(t.greeting(request.payerName), t.requestIntro(settings.name[language])),
      {
        kind: 'table',
        columns: [{ label: t.description }, { label: t.quantity, align: 'right' }, { label: t.unitPrice, align: 'right' }, { label: t.amount, align: 'right' }],
        rows,
      },
      { kind: 'facts', facts },
      { kind: 'image', cid: QR_CID, alt: 'EPC QR', width: 240, height: 240 },
      ...paragraphs(t.scanHint),
      { kind: 'link', text: t.pageLink, url: pageUrl },
      ...paragraphs(`${t.closing}\n${settings.organiser.name}`),
    ],
    footer: organiserFooter(settings),
  };
  const png = await paymentQrPng(request, settings);
  return {
    kind: 'payments.request',
    to: request.payerEmails,
    language,
    subject,
    content,
    attachments: [{ filename: 'epc-qr.png', contentType: 'image/png', content: png.toString('base64'), cid: QR_CID }],
  };
}
