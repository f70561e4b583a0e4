import { describe, expect, it } from 'vitest';
import { epcQrPayload, formatEpcAmount } from './epc-qr.js';

describe('the EPC QR payload', () => {
  it('lists every element of a structured transfer in the order of EPC069-12 version 002', () => {
    const payload = epcQrPayload({
      bic: 'GKCCBEBB',
      beneficiary: 'vzw Belgisch Jeugdschaakkampioenschap',
      iban: 'BE68 5390 0754 7034',
      amountCents: 123_645,
      reference: '202700000122',
    });
    expect(payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'GKCCBEBB',
      'vzw Belgisch Jeugdschaakkampioenschap',
      'BE68539007547034',
      'EUR1236.45',
      '',
      '202700000122',
    ]);
  });

  it('sends free text only when there is no reference', () => {
    const withText = epcQrPayload({ bic: 'GKCCBEBB', beneficiary: 'Org', iban: 'BE68539007547034', amountCents: 100, text: 'gift' });
    expect(withText.split('\n').slice(8)).toEqual(['', '', 'gift']);
    const both = epcQrPayload({ bic: 'GKCCBEBB', beneficiary: 'Org', iban: 'BE68539007547034', amountCents: 100, reference: '202700000122', text: 'gift' });
    expect(both.endsWith('202700000122')).toBe(true);
    expect(both).not.toContain('gift');
  });

  it('cuts the beneficiary to 70 characters and keeps accents as UTF-8', () => {
    const name = `Société Échecs ${'x'.repeat(80)}`;
    const lines = epcQrPayload({ bic: 'GKCCBEBB', beneficiary: name, iban: 'BE68539007547034', amountCents: 100 }).split('\n');
    expect(Array.from(lines[5] ?? '')).toHaveLength(70);
    expect(lines[5]?.startsWith('Société Échecs')).toBe(true);
  });

  it('writes amounts as EUR with two decimals and refuses what a bank would refuse', () => {
    expect(formatEpcAmount(1)).toBe('EUR0.01');
    expect(formatEpcAmount(3500)).toBe('EUR35.00');
    expect(formatEpcAmount(99_999_999_999)).toBe('EUR999999999.99');
    expect(() => formatEpcAmount(0)).toThrow(RangeError);
    expect(() => formatEpcAmount(12.5)).toThrow(RangeError);
    expect(() => epcQrPayload({ bic: 'BAD', beneficiary: 'Org', iban: 'BE68539007547034', amountCents: 100 })).toThrow(RangeError);
    expect(() => epcQrPayload({ bic: 'GKCCBEBB', beneficiary: 'Org', iban: 'nonsense', amountCents: 100 })).toThrow(RangeError);
  });
});
