import { epcQrPayload, formatDate, formatIban, formatMoney, formatStructuredMessage, type EditionSettings, type Language } from '@bjk/domain';
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

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The payment request e-mail in the payer's language: lines, total, due date, bank details, message and QR. */
export async function paymentRequestMail(request: PaymentRequestRow, settings: EditionSettings, pageUrl: string): Promise<OutgoingMail> {
  const language: Language = request.payerLanguage;
  const t = PAYMENT_TEXTS[language];
  const edition = settings.name[language];
  const money = (cents: number) => formatMoney(cents, language);
  const message = formatStructuredMessage(request.structuredMessage);
  const outstanding = Math.max(request.totalCents - request.receivedCents, 0);
  const rows = request.lines.map(
    (l) =>
      `<tr><td>${escapeHtml(l.description)}</td><td style="text-align:right">${l.quantity}</td><td style="text-align:right">${money(l.unitPriceCents)}</td><td style="text-align:right">${money(l.totalCents)}</td></tr>`,
  );
  if (request.discountCents > 0) {
    rows.push(
      `<tr><td colspan="3">${escapeHtml(t.discount)}${request.discountRemark ? ` (${escapeHtml(request.discountRemark)})` : ''}</td><td style="text-align:right">−${money(request.discountCents)}</td></tr>`,
    );
  }
  const details: [string, string][] = [
    [t.total, money(request.totalCents)],
    ...(request.receivedCents > 0 ? ([[t.alreadyReceived, money(request.receivedCents)], [t.outstanding, money(outstanding)]] as [string, string][]) : []),
    [t.dueDate, formatDate(request.dueDate, language)],
    [t.beneficiary, settings.bank.holder],
    [t.iban, formatIban(settings.bank.iban)],
    [t.bic, settings.bank.bic],
    [t.structuredMessage, message],
  ];
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(t.greeting(request.payerName))}</p>
<p>${escapeHtml(t.requestIntro(edition))}</p>
<table cellpadding="6" style="border-collapse:collapse" border="1">
<thead><tr><th style="text-align:left">${t.description}</th><th>${t.quantity}</th><th>${t.unitPrice}</th><th>${t.amount}</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>
<table cellpadding="4" style="margin-top:16px">${details.map(([k, v]) => `<tr><th style="text-align:left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p><img src="cid:${QR_CID}" alt="EPC QR" width="240" height="240"></p>
<p>${escapeHtml(t.scanHint)}</p>
<p>${escapeHtml(t.pageLink)} <a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>
<p>${escapeHtml(t.closing)}<br>${escapeHtml(settings.organiser.name)}</p>
</body></html>`;
  const text = [
    t.greeting(request.payerName),
    '',
    t.requestIntro(edition),
    '',
    ...request.lines.map((l) => `${l.description}: ${l.quantity} × ${money(l.unitPriceCents)} = ${money(l.totalCents)}`),
    ...(request.discountCents > 0 ? [`${t.discount}: −${money(request.discountCents)} ${request.discountRemark}`.trim()] : []),
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    `${t.pageLink} ${pageUrl}`,
    '',
    t.closing,
    settings.organiser.name,
  ].join('\n');
  const png = await paymentQrPng(request, settings);
  return {
    kind: 'payments.request',
    to: request.payerEmails,
    language,
    subject: t.requestSubject(request.number, settings.shortName[language]),
    html,
    text,
    attachments: [{ filename: 'epc-qr.png', contentType: 'image/png', content: png.toString('base64'), cid: QR_CID }],
  };
}
