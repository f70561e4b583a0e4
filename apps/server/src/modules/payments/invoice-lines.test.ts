import { describe, expect, it } from 'vitest';
import { invoiceLines } from './invoice-lines.js';

const rates = { lodging: 6, meals: 12, touristTax: 0, fee: 0, other: 21 };

describe('invoice lines', () => {
  it('splits each paid price into a price without VAT and the VAT at the rate of its kind', () => {
    const result = invoiceLines(
      [
        { kind: 'lodging', description: 'DH 6 nights', quantity: 6, unitPriceCents: 11_000, totalCents: 66_000 },
        { kind: 'meals', description: 'Half board', quantity: 12, unitPriceCents: 4_600, totalCents: 55_200 },
        { kind: 'touristTax', description: 'Tourist tax', quantity: 12, unitPriceCents: 200, totalCents: 2_400 },
      ],
      { cents: 0, label: '' },
      rates,
    );
    expect(result.lines.map((l) => [l.vatPercent, l.totalExclCents, l.vatCents])).toEqual([
      [6, 62_264, 3_736],
      [12, 49_286, 5_914],
      [0, 2_400, 0],
    ]);
    expect(result.totalCents).toBe(123_600);
    expect(result.totalExclCents + result.vatCents).toBe(123_600);
  });

  it('shows a discount as a negative line of the request’s main kind', () => {
    const result = invoiceLines(
      [{ kind: 'fee', description: 'Enrolment', quantity: 1, unitPriceCents: 3_500, totalCents: 3_500 }],
      { cents: 1_000, label: 'Sibling discount' },
      rates,
    );
    expect(result.lines[1]).toMatchObject({ kind: 'fee', description: 'Sibling discount', totalCents: -1_000, vatCents: 0 });
    expect(result.totalCents).toBe(2_500);
  });
});
