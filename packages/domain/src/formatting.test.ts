import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIban, formatMoney, formatNumber, localeOf } from './formatting.js';

// Intl separates with no-break spaces (U+00A0, U+202F); the expectations read them as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting in the reader’s language', () => {
  it('maps each language to one locale', () => {
    expect([localeOf('nl'), localeOf('fr'), localeOf('de'), localeOf('en')]).toEqual(['nl-BE', 'fr-BE', 'de-BE', 'en-GB']);
  });

  it('writes integer cents as euros the way each language does', () => {
    expect(plain(formatMoney(123450, 'nl'))).toBe('€ 1.234,50');
    expect(plain(formatMoney(123450, 'fr'))).toBe('1 234,50 €');
    expect(plain(formatMoney(123450, 'de'))).toBe('1.234,50 €');
    expect(plain(formatMoney(123450, 'en'))).toBe('€1,234.50');
    expect(plain(formatMoney(0, 'nl'))).toBe('€ 0,00');
  });

  it('writes a calendar date without shifting it by a time zone', () => {
    expect(formatDate('2027-02-15', 'nl')).toBe('15 februari 2027');
    expect(formatDate('2027-02-15', 'fr')).toBe('15 février 2027');
    expect(formatDate('2027-02-15', 'de')).toBe('15. Februar 2027');
    expect(formatDate('2027-02-15', 'en')).toBe('15 February 2027');
    expect(formatDate('2027-12-31', 'en', { day: 'numeric', month: 'short' })).toBe('31 Dec');
  });

  it('writes an instant in the given time zone, not the machine’s', () => {
    // 22:30 UTC on 1 July is already 2 July in Brussels (summer time, UTC+2).
    const instant = '2027-07-01T22:30:00Z';
    expect(plain(formatDateTime(instant, 'nl', 'Europe/Brussels'))).toBe('2 juli 2027 om 00:30');
    expect(plain(formatDateTime(instant, 'fr', 'Europe/Brussels'))).toBe('2 juillet 2027 à 00:30');
    expect(plain(formatDateTime(instant, 'de', 'Europe/Brussels'))).toBe('2. Juli 2027 um 00:30');
    expect(plain(formatDateTime(new Date(instant), 'en', 'Europe/Brussels'))).toBe('2 July 2027 at 00:30');
    expect(plain(formatDateTime(instant, 'en', 'UTC'))).toBe('1 July 2027 at 22:30');
  });

  it('groups the digits of a number per language', () => {
    expect(plain(formatNumber(1234567, 'nl'))).toBe('1.234.567');
    expect(plain(formatNumber(1234567, 'fr'))).toBe('1 234 567');
    expect(plain(formatNumber(1234567, 'de'))).toBe('1.234.567');
    expect(plain(formatNumber(1234.5, 'en', { maximumFractionDigits: 1 }))).toBe('1,234.5');
  });

  it('prints an IBAN in groups of four', () => {
    expect(formatIban('BE68 5390 0754 7034')).toBe('BE68 5390 0754 7034');
    expect(formatIban('be68539007547034'.toUpperCase())).toBe('BE68 5390 0754 7034');
  });
});
