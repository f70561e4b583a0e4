/**
 * EPC069-12 "SEPA Credit Transfer" QR payload (the code Belgian and European banking apps scan). Version 002,
 * character set 1 (UTF-8), lines separated by LF. Zod-free: the server renders the image, the web may show text.
 */

export type EpcTransfer = {
  /** Optional in version 002 inside the EEA, but Belgian apps still read it. */
  bic: string;
  /** Beneficiary name, at most 70 characters. */
  beneficiary: string;
  iban: string;
  amountCents: number;
  /** A creditor reference (here the 12 OGM digits); when present no unstructured text may be sent. */
  reference?: string;
  /** Free text, only when there is no reference (at most 140 characters). */
  text?: string;
};

const MAX_AMOUNT_CENTS = 99_999_999_999;

/** `EUR123.45` from cents (0.01 … 999 999 999.99). */
export function formatEpcAmount(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > MAX_AMOUNT_CENTS) {
    throw new RangeError(`An EPC amount must be between 0.01 and 999999999.99 EUR, got ${amountCents} cents`);
  }
  const euros = Math.floor(amountCents / 100);
  const cents = String(amountCents % 100).padStart(2, '0');
  return `EUR${euros}.${cents}`;
}

/** Cuts to at most `max` characters without splitting a surrogate pair. */
function truncate(value: string, max: number): string {
  return Array.from(value).slice(0, max).join('');
}

/** The payload lines of an EPC QR code for one transfer. */
export function epcQrPayload(transfer: EpcTransfer): string {
  const iban = transfer.iban.replace(/\s+/g, '').toUpperCase();
  const bic = transfer.bic.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) throw new RangeError('Invalid IBAN for an EPC QR code');
  if (!/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) throw new RangeError('Invalid BIC for an EPC QR code');
  const beneficiary = truncate(transfer.beneficiary.replace(/\s+/g, ' ').trim(), 70);
  if (!beneficiary) throw new RangeError('An EPC QR code needs a beneficiary name');
  const reference = transfer.reference?.trim() ?? '';
  if (reference.length > 35) throw new RangeError('An EPC reference has at most 35 characters');
  const text = reference ? '' : truncate(transfer.text?.trim() ?? '', 140);
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic,
    beneficiary,
    iban,
    formatEpcAmount(transfer.amountCents),
    // Purpose code: none.
    '',
    reference,
    text,
  ];
  // Trailing empty elements may be left out (EPC069-12 §3.4).
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}
