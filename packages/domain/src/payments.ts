import { VALIDATION_MESSAGES } from './validation-messages.js';
import { z } from 'zod';
import { idParamSchema, idSchema, int32Schema } from './input-rules.js';
import { pageOf, pageQuerySchema } from './list-query.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { languageSchema } from './text.js';

/** Requests, payments, statements and invoices (DOMAIN.md §6). Money in integer cents. */

export const PAYMENT_REQUEST_STATUSES = ['open', 'partially_paid', 'paid', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];
export const paymentRequestStatusSchema = z.enum(PAYMENT_REQUEST_STATUSES);

/** What a request is for: a stay (reservation) or a participant of either championship kind. */
export const PAYMENT_REQUEST_KINDS = ['stay', 'participant_bjk', 'participant_vk'] as const;
export type PaymentRequestKind = (typeof PAYMENT_REQUEST_KINDS)[number];
export const paymentRequestKindSchema = z.enum(PAYMENT_REQUEST_KINDS);

/** Line kinds carry the VAT rate an invoice applies (edition setting `vatRates`). */
export const PAYMENT_LINE_KINDS = ['lodging', 'meals', 'touristTax', 'fee', 'other'] as const;
export type PaymentLineKind = (typeof PAYMENT_LINE_KINDS)[number];

export const paymentLineSchema = z.object({
  kind: z.enum(PAYMENT_LINE_KINDS),
  description: z.string().trim().min(1).max(300),
  quantity: z.number().int().min(1).max(10_000),
  /** May be negative for a reduction the source itself grants (e.g. the DH-with-minor discount). */
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});
export type PaymentLine = z.infer<typeof paymentLineSchema>;

export const payerSchema = z.object({
  name: z.string().trim().min(1).max(200),
  emails: z.array(z.email()).max(5),
  address: z.string().trim().max(500),
  language: languageSchema,
  vatNumber: z.string().trim().max(40).optional(),
});
export type Payer = z.infer<typeof payerSchema>;

const cents = z.number().int();

export const paymentRequestSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  kind: paymentRequestKindSchema,
  sourceId: z.string(),
  editionCode: z.string(),
  payer: payerSchema,
  lines: z.array(paymentLineSchema),
  subtotalCents: cents,
  discountCents: cents,
  discountRemark: z.string(),
  totalCents: cents,
  /** `+++ddd/dddd/dddcc+++`. */
  structuredMessage: z.string(),
  dueDate: isoDateSchema,
  sentAt: isoDateTimeSchema.nullable(),
  status: paymentRequestStatusSchema,
  receivedCents: cents,
  paidDate: isoDateSchema.nullable(),
  /** True when a payment needs a manager's look (more than asked, twice, or for a cancelled request). */
  flagged: z.boolean(),
  remarks: z.string(),
  invoiceNumber: z.number().int().nullable(),
  /** Path of the public payment page (no login, unguessable token). */
  paymentPagePath: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const paymentRecordSchema = z.object({
  id: z.number().int(),
  amountCents: cents,
  paidOn: isoDateSchema,
  method: z.enum(['bank', 'manual']),
  outcome: z.string(),
  remark: z.string(),
  counterpartyName: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const paymentHistoryEntrySchema = z.object({
  at: isoDateTimeSchema,
  action: z.string(),
  actor: z.string().nullable(),
  details: z.string(),
});

export const paymentRequestDetailSchema = paymentRequestSchema.extend({
  payments: z.array(paymentRecordSchema),
  history: z.array(paymentHistoryEntrySchema),
});
export type PaymentRequestDetail = z.infer<typeof paymentRequestDetailSchema>;

export const paymentRequestIdParamsSchema = z.object({ id: idParamSchema });
/** Source ids of other modules are opaque to payments: digits or uuids. */
export const paymentSourceParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const paymentRequestListQuerySchema = pageQuerySchema.extend({
  status: paymentRequestStatusSchema.optional(),
  kind: paymentRequestKindSchema.optional(),
  sent: z.enum(['yes', 'no']).optional(),
  flagged: z.enum(['yes']).optional(),
  /** `stay:12`, `participant_bjk:7`: the request of one source (for the reservation and participant pages). */
  source: z
    .string()
    .regex(/^(stay|participant_bjk|participant_vk):[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
export type PaymentRequestListQuery = z.infer<typeof paymentRequestListQuerySchema>;

export const paymentTotalsSchema = z.object({ dueCents: cents, receivedCents: cents, outstandingCents: cents });
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

export const paymentRequestPageSchema = pageOf(paymentRequestSchema).extend({
  totals: paymentTotalsSchema,
});
export type PaymentRequestPage = z.infer<typeof paymentRequestPageSchema>;

export const updatePaymentRequestSchema = z.object({
  discountCents: z.number().int().min(0).max(100_000_00),
  discountRemark: z.string().trim().max(300),
  remarks: z.string().trim().max(2000),
  dueDate: isoDateSchema,
  payerEmails: z.array(z.email()).min(1).max(5),
});
export type UpdatePaymentRequest = z.infer<typeof updatePaymentRequestSchema>;

export const manualPaymentSchema = z.object({
  amountCents: int32Schema.refine((v) => v !== 0, 'Invalid value'),
  paidOn: isoDateSchema,
  // Who paid how (cash at the desk, a transfer the bank file lacks): required, and the form says so under the field.
  remark: z.string().trim().min(1, VALIDATION_MESSAGES.required).max(300),
});
export type ManualPayment = z.infer<typeof manualPaymentSchema>;

export const invoiceRequestSchema = z.object({
  customerName: z.string().trim().min(1).max(200),
  customerAddress: z.string().trim().min(1).max(500),
  customerVatNumber: z.string().trim().max(40),
  sendEmail: z.boolean(),
});
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;

export const invoiceSchema = z.object({
  number: z.number().int(),
  issuedOn: isoDateSchema,
  requestId: z.number().int(),
  totalCents: cents,
  pdfPath: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Bulk actions run as a job the page polls for progress. */
export const paymentJobSchema = z.object({
  id: z.string(),
  action: z.enum(['create', 'send']),
  kind: paymentRequestKindSchema.nullable(),
  /** `interrupted`: the server stopped while it ran; resuming (`/api/v1/jobs/payments/{id}/resume`) does the rest. */
  state: z.enum(['running', 'done', 'failed', 'interrupted']),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ sourceId: z.string(), code: z.string() })),
  startedAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});
export type PaymentJob = z.infer<typeof paymentJobSchema>;
export const paymentJobParamsSchema = z.object({ id: z.uuid() });

export const MOVEMENT_OUTCOMES = ['paid', 'partially_paid', 'overpaid', 'duplicate', 'cancelled', 'unmatched', 'ignored', 'linked'] as const;
export type MovementOutcome = (typeof MOVEMENT_OUTCOMES)[number];

export const bankMovementSchema = z.object({
  id: z.number().int(),
  amountCents: cents,
  bookingDate: isoDateSchema,
  valueDate: isoDateSchema.nullable(),
  counterpartyName: z.string().nullable(),
  counterpartyAccount: z.string().nullable(),
  structuredMessage: z.string().nullable(),
  communication: z.string().nullable(),
  outcome: z.enum(MOVEMENT_OUTCOMES),
  requestId: z.number().int().nullable(),
  requestNumber: z.number().int().nullable(),
});
export type BankMovementView = z.infer<typeof bankMovementSchema>;

export const statementImportSummarySchema = z.object({
  statementId: z.number().int(),
  format: z.enum(['coda', 'camt053']),
  fileName: z.string(),
  /** True when this very file was imported before: nothing changed. */
  alreadyImported: z.boolean(),
  movements: z.number().int(),
  /** Movements already known from an earlier (overlapping) statement, skipped. */
  skipped: z.number().int(),
  counts: z.partialRecord(z.enum(MOVEMENT_OUTCOMES), z.number().int()),
  matchedCents: cents,
  unmatched: z.array(bankMovementSchema),
  flagged: z.array(bankMovementSchema),
});
export type StatementImportSummary = z.infer<typeof statementImportSummarySchema>;

export const bankMovementListSchema = z.object({ items: z.array(bankMovementSchema) });
export const movementIdParamsSchema = z.object({ id: idParamSchema });
export const linkMovementSchema = z.object({ requestId: idSchema });

/** The public payment page (by token): what to pay and how, nothing else. */
/** What a payer needs to pay a request by transfer (the payment page and the family page): amounts, due date, bank. */
export const paymentTransferSchema = z.object({
  totalCents: cents,
  receivedCents: cents,
  outstandingCents: cents,
  status: paymentRequestStatusSchema,
  dueDate: isoDateSchema,
  structuredMessage: z.string(),
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
});
export type PaymentTransfer = z.infer<typeof paymentTransferSchema>;

export const publicPaymentSchema = z.object({
  number: z.number().int(),
  language: languageSchema,
  lines: z.array(paymentLineSchema.pick({ description: true, quantity: true, unitPriceCents: true, totalCents: true })),
  discountCents: cents,
  ...paymentTransferSchema.shape,
  qrPngPath: z.string(),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;
/**
 * Any text up to a bound: a mistyped or cut-off link is an unknown link (404 `payments.link_unknown`), not a
 * validation error; the service checks the token's shape.
 */
export const paymentTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const paymentFiguresSchema = z.object({
  dueCents: cents,
  receivedCents: cents,
  outstandingCents: cents,
  overdueCents: cents,
  overdueCount: z.number().int(),
});
export type PaymentFigures = z.infer<typeof paymentFiguresSchema>;

export const bulkCreateResponseSchema = z.object({ job: paymentJobSchema });

export const PAYMENTS_ERRORS = {
  notFound: 'payments.not_found',
  linkUnknown: 'payments.link_unknown',
  sourceNotFound: 'payments.source_not_found',
  nothingDue: 'payments.nothing_due',
  cancelled: 'payments.cancelled',
  hasPayments: 'payments.has_payments',
  noEmail: 'payments.no_email',
  notPaid: 'payments.not_paid',
  invoiceExists: 'payments.invoice_exists',
  statementUnreadable: 'payments.statement_unreadable',
  statementCurrency: 'payments.statement_currency',
  wrongAccount: 'payments.wrong_account',
  movementNotLinkable: 'payments.movement_not_linkable',
  jobNotFound: 'payments.job_not_found',
} as const;
