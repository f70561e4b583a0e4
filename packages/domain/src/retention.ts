import { z } from 'zod';

/**
 * How long an edition's personal data is kept (decision 0016). Two clocks:
 * - `personalDataMonths` after the edition's last day, everything personal that no law requires goes (contacts,
 *   photos, birth years, remarks, guests, requests, absences, mails, desk scans);
 * - `accountingYears` after the end of the financial year the edition ends in, the payers' names and addresses on
 *   payment requests, invoices and bank movements go too. Belgian law keeps accounting documents ten years
 *   (art. III.88 of the Code of Economic Law since 2023): the setting cannot go lower.
 */
export const retentionSettingsSchema = z.object({
  personalDataMonths: z.number().int().min(1).max(60),
  accountingYears: z.number().int().min(10).max(30),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/** What an edition without its own retention settings keeps. */
export const RETENTION_DEFAULTS: RetentionSettings = { personalDataMonths: 6, accountingYears: 10 };

/**
 * When each stage of an edition's shredding becomes due, as UTC instants. The edition's last day counts in full in
 * every time zone (the day after it, 12:00 UTC, is past its end everywhere); accounting counts whole calendar years
 * (the organiser's financial year is the calendar year: a longer one needs a larger `accountingYears`).
 */
export function retentionDueDates(endDate: string, retention: RetentionSettings | undefined): { personalData: Date; accounting: Date } {
  const { personalDataMonths, accountingYears } = retention ?? RETENTION_DEFAULTS;
  const [year, month, day] = endDate.split('-').map(Number) as [number, number, number];
  // Date.UTC rolls over month ends (31 August + 6 months is 3 March): never earlier than the months asked.
  const personalData = new Date(Date.UTC(year, month - 1 + personalDataMonths, day + 1, 12));
  const accounting = new Date(Date.UTC(year + 1 + accountingYears, 0, 1, 12));
  return { personalData, accounting };
}

/** The kinds of personal data the back office's overview counts per edition (issue #26). */
export const PERSONAL_DATA_KINDS = ['contacts', 'photos', 'birthDates', 'remarks', 'deskEvents', 'accountingNames'] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/**
 * `GET /api/v1/family/mgmt/personal-data`: per edition, how many records still hold each kind of personal data, and
 * when the shredder's stages run (or ran); mails and family sessions belong to no edition and are counted once.
 */
export const personalDataOverviewSchema = z.object({
  editions: z.array(
    z.object({
      edition: z.string(),
      endDate: z.string(),
      counts: z.record(z.enum(PERSONAL_DATA_KINDS), z.number().int()),
      stages: z.array(
        z.object({
          stage: z.enum(['personal_data', 'accounting']),
          dueAt: z.string(),
          ranAt: z.string().nullable(),
          counts: z.record(z.string(), z.number()).nullable(),
        }),
      ),
    }),
  ),
  shared: z.object({ mails: z.number().int(), familySessions: z.number().int() }),
});
export type PersonalDataOverview = z.infer<typeof personalDataOverviewSchema>;
