import { describe, expect, it } from 'vitest';
import { addDays, ageOn, dateInTimeZone, daysBetween } from './dates.js';
import { isoDateSchema } from './date-schemas.js';

describe('calendar dates', () => {
  it('counts nights across month and year ends with real dates', () => {
    expect(daysBetween('2027-02-15', '2027-02-21')).toBe(6);
    expect(daysBetween('2027-01-30', '2027-02-02')).toBe(3);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('shifts dates by days across month ends', () => {
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('measures age in whole years on a given day', () => {
    expect(ageOn('2009-02-15', '2027-02-15')).toBe(18);
    expect(ageOn('2009-02-16', '2027-02-15')).toBe(17);
  });

  it('reads the calendar date of an instant in Brussels', () => {
    expect(dateInTimeZone(new Date('2027-01-31T23:30:00Z'), 'Europe/Brussels')).toBe('2027-02-01');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isoDateSchema.safeParse('2027-02-28').success).toBe(true);
    expect(isoDateSchema.safeParse('2027-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('27-2-1').success).toBe(false);
  });
});
