import { z } from 'zod';
import { registrationKindSchema } from './enrolment.js';

/**
 * Guest import (issue #28): managers upload a CSV or XLSX of guests and meal-eaters, see every line with its verdict,
 * and import the valid ones. `POST /api/v1/attendee/{kind}/import/preview` only reads; `POST .../import` reads the same
 * file again and inserts the new lines in one transaction. A line matching an attendee already there (same kind,
 * first name, last name and category, compared without case or accents) is `existing`: a second upload adds nothing.
 */
export const GUEST_IMPORT_STATUSES = ['new', 'existing', 'error'] as const;
export type GuestImportStatus = (typeof GUEST_IMPORT_STATUSES)[number];

/** The columns recognised (headers in nl, fr, de or en, compared without case, accents or punctuation). */
export const GUEST_IMPORT_FIELDS = ['firstName', 'lastName', 'category', 'email', 'mobile', 'mealsCode', 'remarks'] as const;
export type GuestImportField = (typeof GUEST_IMPORT_FIELDS)[number];

/** Why a line cannot be imported: a key of the web's `enrolment:guestImport.errors`. */
export const GUEST_IMPORT_ERRORS = [
  'firstNameRequired',
  'lastNameRequired',
  'categoryRequired',
  'categoryUnknown',
  'emailInvalid',
  'mobileInvalid',
  'mealsInvalid',
  'tooLong',
  'unsafeText',
  'duplicateInFile',
] as const;
export type GuestImportError = (typeof GUEST_IMPORT_ERRORS)[number];

export const guestImportLineSchema = z.object({
  /** The line's number in the file as the spreadsheet shows it (the header is line 1). */
  line: z.number().int(),
  status: z.enum(GUEST_IMPORT_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  category: z.string(),
  email: z.string(),
  mobile: z.string(),
  mealsCode: z.string(),
  remarks: z.string(),
  errors: z.array(z.object({ field: z.enum([...GUEST_IMPORT_FIELDS, 'line']), error: z.enum(GUEST_IMPORT_ERRORS), otherLine: z.number().int().optional() })),
});
export type GuestImportLine = z.infer<typeof guestImportLineSchema>;

export const guestImportResultSchema = z.object({
  kind: registrationKindSchema,
  /** Whether the lines were written (`import`) or only read (`preview`). */
  committed: z.boolean(),
  format: z.enum(['csv', 'xlsx']),
  /** The headers found that match no column: shown, so that nothing is dropped silently. */
  ignoredColumns: z.array(z.string()),
  counts: z.object({ new: z.number().int(), existing: z.number().int(), error: z.number().int(), empty: z.number().int() }),
  lines: z.array(guestImportLineSchema),
});
export type GuestImportResult = z.infer<typeof guestImportResultSchema>;

export const GUEST_IMPORT_MAX_LINES = 5_000;
