import { z } from 'zod';
import { idParamSchema, idSchema } from './input-rules.js';
import { isoDateTimeSchema } from './date-schemas.js';
import { registrationKindSchema } from './enrolment.js';

/** Codes of the print area (translated by the web in the `errors` namespace). */
export const PRINT_ERRORS = {
  jobNotFound: 'print.job_not_found',
  jobNotDone: 'print.job_not_done',
  nothingToPrint: 'print.nothing_to_print',
  personNotFound: 'print.person_not_found',
  noPrizeTable: 'print.no_prize_table',
  invalidVoucherCode: 'print.invalid_voucher_code',
  /** Drawing the PDF failed (the job's `error`); the server's log has the reason. */
  renderFailed: 'print.render_failed',
} as const;

/** The documents the print area produces, each a server-side PDF. */
export const PRINT_DOCUMENTS = ['badges', 'namecards', 'checkin', 'meals', 'vouchers'] as const;
export const printDocumentSchema = z.enum(PRINT_DOCUMENTS);
export type PrintDocument = z.infer<typeof printDocumentSchema>;

/** Who wears a badge: a participant (player) or an attendee (arbiter, organiser, guest, meals-only). */
export const BADGE_HOLDER_TYPES = ['participant', 'attendee'] as const;
export const badgeHolderTypeSchema = z.enum(BADGE_HOLDER_TYPES);
export type BadgeHolderType = z.infer<typeof badgeHolderTypeSchema>;

/**
 * Which people a document covers: everyone, one category, those whose badge is not printed yet or is
 * flagged for reprint (`pending`), or one person (the button on the participant and guest pages).
 */
export const printSelectionSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('all') }),
  z.object({ scope: z.literal('category'), category: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/) }),
  z.object({ scope: z.literal('pending') }),
  z.object({ scope: z.literal('person'), holder: badgeHolderTypeSchema, id: idSchema }),
]);
export type PrintSelection = z.infer<typeof printSelectionSchema>;

/** One prize voucher: who, for what, how much, and a code the treasurer pays it out under (a structured message). */
export const voucherSchema = z.object({
  category: z.string().min(1).max(20),
  /** The place in the final standings, or null for a special prize without one. */
  place: z.number().int().min(1).max(10_000).nullable(),
  /** "1st place", "Best girl" … in the language of the manager who prints. */
  prize: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(200),
  amountCents: z.number().int().nonnegative().max(10_000_000),
  /** 12 digits: a valid Belgian structured message (checked again when printing). */
  code: z.string().regex(/^\d{12}$/),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** The vouchers a category's standings and prize table give, for the manager to adjust before printing. */
export const voucherProposalSchema = z.object({
  category: z.string(),
  /** True while unofficial results still count or rounds are missing: the standings are not final yet. */
  provisional: z.boolean(),
  afterRound: z.number().int(),
  plannedRounds: z.number().int(),
  validUntil: z.string(),
  vouchers: z.array(voucherSchema),
});
export type VoucherProposal = z.infer<typeof voucherProposalSchema>;
export const voucherQuerySchema = z.object({ category: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/) });

export const printRequestSchema = z.object({
  document: printDocumentSchema,
  kind: registrationKindSchema.default('bjk'),
  selection: printSelectionSchema.default({ scope: 'all' }),
  /** A preview renders the first page only and marks nothing printed. */
  preview: z.boolean().default(false),
  /** Vouchers only: the vouchers as the manager adjusted them. */
  vouchers: z.array(voucherSchema).max(1000).optional(),
});
export type PrintRequest = z.infer<typeof printRequestSchema>;
export type PrintRequestInput = z.input<typeof printRequestSchema>;

/** `queued`: waiting for the instance's one print job at a time to finish (its place: `queuePosition`). */
export const PRINT_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'interrupted'] as const;

export const printJobSchema = z.object({
  id: z.uuid(),
  document: printDocumentSchema,
  preview: z.boolean(),
  status: z.enum(PRINT_JOB_STATUSES),
  /** Items (badges, cards, list rows) rendered so far, of `total`. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** An error code (`print.render_failed`, `platform.worker_failed`, …) when the job failed. */
  error: z.string().nullable(),
  /** While queued: 1 when it is next. */
  queuePosition: z.number().int().positive().nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;
/** The jobs waiting or running, in the order they run. */
export const printQueueSchema = z.array(printJobSchema);

export const printJobParamsSchema = z.object({ id: z.uuid() });
/** `wait`: seconds to wait for the job to finish before answering (0 answers at once). */
export const printJobQuerySchema = z.object({ wait: z.coerce.number().int().min(0).max(30).default(0) });

export const BADGE_STATES = ['unprinted', 'printed', 'reprint'] as const;
export const badgeStateSchema = z.enum(BADGE_STATES);
export type BadgeState = z.infer<typeof badgeStateSchema>;

export const badgeHolderSummarySchema = z.object({
  holder: badgeHolderTypeSchema,
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  category: z.string(),
  state: badgeStateSchema,
});
export type BadgeHolderSummary = z.infer<typeof badgeHolderSummarySchema>;

/** What the manager sees before printing badges: how many, in which state, and who has no photo. */
export const badgeSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  unprinted: z.number().int().nonnegative(),
  printed: z.number().int().nonnegative(),
  reprint: z.number().int().nonnegative(),
  withoutPhoto: z.array(badgeHolderSummarySchema),
  /** The selected person, when the selection is one person. */
  person: badgeHolderSummarySchema.nullable(),
});
export type BadgeSummary = z.infer<typeof badgeSummarySchema>;

const badgeSummaryQueryFields = z.object({
  kind: registrationKindSchema.default('bjk'),
  scope: z.enum(['all', 'category', 'pending', 'person']).default('all'),
  category: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{1,9}$/)
    .optional(),
  holder: badgeHolderTypeSchema.optional(),
  id: idParamSchema.optional(),
});
export type BadgeSummaryQuery = z.infer<typeof badgeSummaryQueryFields>;
/** A category needs its code, a person the holder and id: refused at the edge with the field named. */
export const badgeSummaryQuerySchema = badgeSummaryQueryFields.refine((query) => selectionOfQuery(query) !== undefined, {
  message: 'Invalid value',
  path: ['scope'],
});

/** Turns the summary's query string into the selection a print request carries (`category`/`person` need their fields). */
export function selectionOfQuery(query: BadgeSummaryQuery): PrintSelection | undefined {
  if (query.scope === 'category') return query.category ? { scope: 'category', category: query.category } : undefined;
  if (query.scope === 'person') return query.holder && query.id ? { scope: 'person', holder: query.holder, id: query.id } : undefined;
  return { scope: query.scope };
}
