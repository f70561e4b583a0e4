import { describe, expect, it } from 'vitest';
import { addDays, ageOn, dateInTimeZone, daysBetween, startOfDayInTimeZone } from './dates.js';
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

  it('finds the instant a day starts in Brussels, in winter, in summer and on the days the clocks change', () => {
    expect(startOfDayInTimeZone('2027-02-16', 'Europe/Brussels').toISOString()).toBe('2027-02-15T23:00:00.000Z');
    expect(startOfDayInTimeZone('2027-07-01', 'Europe/Brussels').toISOString()).toBe('2027-06-30T22:00:00.000Z');
    expect(startOfDayInTimeZone('2027-03-28', 'Europe/Brussels').toISOString()).toBe('2027-03-27T23:00:00.000Z');
    expect(startOfDayInTimeZone('2027-03-29', 'Europe/Brussels').toISOString()).toBe('2027-03-28T22:00:00.000Z');
    expect(startOfDayInTimeZone('2027-10-31', 'Europe/Brussels').toISOString()).toBe('2027-10-30T22:00:00.000Z');
    expect(startOfDayInTimeZone('2027-11-01', 'Europe/Brussels').toISOString()).toBe('2027-10-31T23:00:00.000Z');
    expect(startOfDayInTimeZone('2027-02-16', 'UTC').toISOString()).toBe('2027-02-16T00:00:00.000Z');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isoDateSchema.safeParse('2027-02-28').success).toBe(true);
    expect(isoDateSchema.safeParse('2027-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('27-2-1').success).toBe(false);
  });
});
