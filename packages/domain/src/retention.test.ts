import { describe, expect, it } from 'vitest';
import { RETENTION_DEFAULTS, retentionDueDates, retentionSettingsSchema } from './retention.js';

describe('retention due dates', () => {
  it('personal data goes the given months after the last day, once that day is over everywhere', () => {
    expect(retentionDueDates('2027-02-21', { personalDataMonths: 6, accountingYears: 10 }).personalData.toISOString()).toBe('2027-08-22T12:00:00.000Z');
  });

  it('a month end rolls over rather than coming early', () => {
    expect(retentionDueDates('2027-08-31', { personalDataMonths: 6, accountingYears: 10 }).personalData.toISOString()).toBe('2028-03-03T12:00:00.000Z');
  });

  it('accounting records are kept ten whole years after the financial year of the edition', () => {
    expect(retentionDueDates('2027-02-21', undefined).accounting.toISOString()).toBe('2038-01-01T12:00:00.000Z');
  });

  it('the defaults apply when an edition has no retention settings', () => {
    expect(retentionDueDates('2027-02-21', undefined)).toEqual(retentionDueDates('2027-02-21', RETENTION_DEFAULTS));
  });

  it('a setting below the legal ten years of accounting is refused', () => {
    expect(retentionSettingsSchema.safeParse({ personalDataMonths: 6, accountingYears: 7 }).success).toBe(false);
    expect(retentionSettingsSchema.safeParse({ personalDataMonths: 0, accountingYears: 10 }).success).toBe(false);
  });
});
