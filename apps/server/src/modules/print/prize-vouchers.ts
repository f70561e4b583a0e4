import { structuredMessageDigits, type CategoryPrizes, type Language, type Voucher } from '@bjk/domain';
import type { PrizeStandingsRow } from '../results/results.service.js';

/** "1st place", "1e plaats", "1re place", "1. Platz". */
export function placeText(place: number, language: Language): string {
  switch (language) {
    case 'nl':
      return `${place}e plaats`;
    case 'fr':
      return place === 1 ? '1re place' : `${place}e place`;
    case 'de':
      return `${place}. Platz`;
    case 'en': {
      const suffix = place % 100 >= 11 && place % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
      return `${place}${suffix} place`;
    }
  }
}

/**
 * The code a voucher is paid out under: a valid structured message whose base starts with 9, then the
 * edition's year (two digits), the category's number and the voucher's number, so it never equals a payment
 * request's message (those start with the full year) and tells the treasurer at a glance what it is.
 */
export function voucherCode(year: number, categoryNumber: number, sequence: number): string {
  if (categoryNumber < 1 || categoryNumber > 99 || sequence < 1 || sequence > 99_999) throw new RangeError('voucher number out of range');
  return structuredMessageDigits(9_000_000_000 + (year % 100) * 10_000_000 + categoryNumber * 100_000 + sequence);
}

/**
 * The vouchers of one category: one per place prize for the player at that rank, and one per special prize
 * for the best-ranked eligible player (best girl; best player born in or after a year), on top of a place prize.
 * A prize nobody qualifies for gives no voucher.
 */
export function proposeVouchers(input: {
  year: number;
  categoryNumber: number;
  language: Language;
  prizes: CategoryPrizes;
  rows: readonly PrizeStandingsRow[];
}): Voucher[] {
  const { year, categoryNumber, language, prizes } = input;
  const rows = [...input.rows].sort((a, b) => a.rank - b.rank);
  const vouchers: Omit<Voucher, 'code'>[] = [];
  for (const prize of [...prizes.places].sort((a, b) => a.place - b.place)) {
    const row = rows.find((r) => r.rank === prize.place);
    if (row)
      vouchers.push({ category: prizes.category, place: row.rank, prize: placeText(prize.place, language), name: row.name, amountCents: prize.amountCents });
  }
  for (const special of prizes.special) {
    const row = rows.find((r) =>
      special.kind === 'girl' ? r.sex === 'f' : r.birthYear !== null && special.minBirthYear !== undefined && r.birthYear >= special.minBirthYear,
    );
    if (row) vouchers.push({ category: prizes.category, place: row.rank, prize: special.label[language], name: row.name, amountCents: special.amountCents });
  }
  return vouchers.map((v, i) => ({ ...v, code: voucherCode(year, categoryNumber, i + 1) }));
}
