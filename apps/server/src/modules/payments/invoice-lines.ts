import type { EditionSettings, PaymentLine, PaymentLineKind } from '@bjk/domain';
import type { InvoiceLine } from './payments.tables.js';

/**
 * Invoice lines from a request's lines. Prices are what the family pays (VAT included); the price without VAT is
 * derived per line and the VAT is the difference, so the invoice total equals what was paid to the cent.
 * A request-level discount becomes a negative line of the request's main kind (its first line's).
 */
export function invoiceLines(
  lines: readonly PaymentLine[],
  discount: { cents: number; label: string },
  vatRates: EditionSettings['vatRates'],
): { lines: InvoiceLine[]; totalExclCents: number; vatCents: number; totalCents: number } {
  const all: PaymentLine[] = [...lines];
  if (discount.cents > 0) {
    const kind: PaymentLineKind = lines[0]?.kind ?? 'other';
    all.push({ kind, description: discount.label, quantity: 1, unitPriceCents: -discount.cents, totalCents: -discount.cents });
  }
  const result = all.map((line): InvoiceLine => {
    const vatPercent = vatRates[line.kind];
    const totalExclCents = Math.round((line.totalCents * 100) / (100 + vatPercent));
    return { ...line, vatPercent, totalExclCents, vatCents: line.totalCents - totalExclCents };
  });
  return {
    lines: result,
    totalExclCents: result.reduce((s, l) => s + l.totalExclCents, 0),
    vatCents: result.reduce((s, l) => s + l.vatCents, 0),
    totalCents: result.reduce((s, l) => s + l.totalCents, 0),
  };
}
