import { describe, expect, it } from 'vitest';
import { centsToInput, hasDirtyField, inputToCents, isoToZonedInput, sameContent, zonedInputToIso } from './settings-inputs';

describe('settings inputs', () => {
  it('shows an instant as Brussels wall time and reads it back with the right offset, summer and winter', () => {
    expect(isoToZonedInput('2027-02-05T23:59:59+01:00', 'Europe/Brussels')).toBe('2027-02-05T23:59:59');
    expect(isoToZonedInput('2026-09-01T00:00:00+02:00', 'Europe/Brussels')).toBe('2026-09-01T00:00:00');
    expect(zonedInputToIso('2027-02-05T23:59:59', 'Europe/Brussels')).toBe('2027-02-05T23:59:59+01:00');
    expect(zonedInputToIso('2026-09-01T00:00', 'Europe/Brussels')).toBe('2026-09-01T00:00:00+02:00');
    expect(zonedInputToIso('', 'Europe/Brussels')).toBe('');
  });

  it('shows cents as euros with the language’s decimal mark and reads typed amounts back as cents', () => {
    expect(centsToInput(3500, 'nl')).toBe('35,00');
    expect(centsToInput(1050, 'en')).toBe('10.50');
    expect(inputToCents('35')).toBe(3500);
    expect(inputToCents('35,5')).toBe(3550);
    expect(inputToCents(' 110.00 ')).toBe(11000);
    expect(inputToCents('0,07')).toBe(7);
    expect(inputToCents('-3')).toBeNaN();
    expect(inputToCents('3,555')).toBeNaN();
    expect(inputToCents('abc')).toBeNaN();
  });

  it('sees a changed field anywhere in react-hook-form’s dirty flags, and none in flags that are all off', () => {
    expect(hasDirtyField({})).toBe(false);
    expect(hasDirtyField({ categories: [undefined, { minBirthYear: false }], vk: { categories: [] } })).toBe(false);
    expect(hasDirtyField({ vk: { categories: [undefined, { label: { nl: true } }] } })).toBe(true);
    expect(hasDirtyField({ fees: { enrolmentCents: true } })).toBe(true);
  });

  it('compares saved settings with the form’s values by content: key order aside, undefined as absent', () => {
    expect(sameContent({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameContent({ a: 1, vk: undefined }, { a: 1 })).toBe(true);
    expect(sameContent({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameContent({ c: [1, 2] }, { c: [2, 1] })).toBe(false);
    expect(sameContent({ c: [] }, { c: {} })).toBe(false);
    expect(sameContent({ name: { nl: 'BJK ' } }, { name: { nl: 'BJK' } })).toBe(false);
  });
});
