import { describe, expect, it } from 'vitest';
import { isValidStructuredMessageDigits, type CategoryPrizes } from '@bjk/domain';
import type { PrizeStandingsRow } from '../results/results.service.js';
import { placeText, proposeVouchers, voucherCode } from './prize-vouchers.js';

const prizes: CategoryPrizes = {
  category: 'U20',
  places: [
    { place: 1, amountCents: 15000 },
    { place: 2, amountCents: 10000 },
    { place: 3, amountCents: 5000 },
  ],
  special: [
    { kind: 'girl', label: { nl: 'Beste meisje', fr: 'Meilleure fille', de: 'Bestes Mädchen', en: 'Best girl' }, amountCents: 3000 },
    { kind: 'youngest', minBirthYear: 2009, label: { nl: 'Beste -18', fr: 'Meilleur -18', de: 'Beste(r) U18', en: 'Best under 18' }, amountCents: 3000 },
  ],
};

const row = (rank: number, name: string, sex: 'm' | 'f', birthYear: number): PrizeStandingsRow => ({
  rank,
  name,
  club: null,
  points: 9 - rank,
  sex,
  birthYear,
  nationalId: null,
});

describe('prize vouchers', () => {
  it('gives the place prizes by rank and each special prize to the best-ranked eligible player, on top of a place prize', () => {
    const rows = [
      row(4, 'Jacobs, Nora', 'f', 2008),
      row(1, 'Dupont, Thomas', 'm', 2007),
      row(3, 'Mertens, Wout', 'm', 2010),
      row(2, 'Vermeulen, Robin', 'm', 2007),
    ];
    const vouchers = proposeVouchers({ year: 2027, categoryNumber: 7, language: 'en', prizes, rows });
    expect(vouchers.map((v) => [v.prize, v.name, v.amountCents])).toEqual([
      ['1st place', 'Dupont, Thomas', 15000],
      ['2nd place', 'Vermeulen, Robin', 10000],
      ['3rd place', 'Mertens, Wout', 5000],
      ['Best girl', 'Jacobs, Nora', 3000],
      ['Best under 18', 'Mertens, Wout', 3000],
    ]);
    expect(vouchers.every((v) => isValidStructuredMessageDigits(v.code))).toBe(true);
    expect(new Set(vouchers.map((v) => v.code)).size).toBe(5);
  });

  it('gives no voucher for a prize nobody qualifies for', () => {
    const vouchers = proposeVouchers({
      year: 2027,
      categoryNumber: 7,
      language: 'nl',
      prizes,
      rows: [row(1, 'Dupont, Thomas', 'm', 2007), row(2, 'Claes, Liam', 'm', 2007)],
    });
    expect(vouchers.map((v) => v.prize)).toEqual(['1e plaats', '2e plaats']);
  });

  it('makes codes that are structured messages apart from payment requests (base starting with 9)', () => {
    const code = voucherCode(2027, 3, 12);
    expect(code.slice(0, 10)).toBe('9270300012');
    expect(isValidStructuredMessageDigits(code)).toBe(true);
    expect(() => voucherCode(2027, 100, 1)).toThrow(RangeError);
  });

  it('words places in each language', () => {
    expect([1, 2, 3, 11, 22].map((n) => placeText(n, 'en'))).toEqual(['1st place', '2nd place', '3rd place', '11th place', '22nd place']);
    expect([placeText(1, 'fr'), placeText(2, 'fr'), placeText(1, 'de'), placeText(3, 'nl')]).toEqual(['1re place', '2e place', '1. Platz', '3e plaats']);
  });
});
