import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language, PaymentLine, PaymentRequestKind, PaymentRequestStatus } from '@bjk/domain';
import { changeStampColumns } from '../../platform/columns.js';

/** Request numbers: a sequence (gaps after a rollback are harmless; invoices, which may not have gaps, use a counter). */
export const paymentRequestNumberSequence = pgSequence('payment_request_number_seq', { startWith: 1 });

export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().unique('payment_requests_number_key'),
    kind: text('kind').$type<PaymentRequestKind>().notNull(),
    /** The stay's or participant's id in its own module; payments never read those tables. */
    sourceId: text('source_id').notNull(),
    editionCode: text('edition_code').notNull(),
    payerName: text('payer_name').notNull(),
    payerEmails: jsonb('payer_emails').$type<string[]>().notNull(),
    payerAddress: text('payer_address').notNull().default(''),
    payerLanguage: text('payer_language').$type<Language>().notNull(),
    payerVatNumber: text('payer_vat_number').notNull().default(''),
    lines: jsonb('lines').$type<PaymentLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    discountRemark: text('discount_remark').notNull().default(''),
    totalCents: integer('total_cents').notNull(),
    /** The 12 digits of the structured message. */
    structuredMessage: text('structured_message').notNull().unique('payment_requests_message_key'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    status: text('status').$type<PaymentRequestStatus>().notNull().default('open'),
    receivedCents: integer('received_cents').notNull().default(0),
    paidDate: date('paid_date', { mode: 'string' }),
    flagged: boolean('flagged').notNull().default(false),
    remarks: text('remarks').notNull().default(''),
    /** Opens the public payment page; random, never derived from the number. */
    publicToken: text('public_token').notNull().unique('payment_requests_token_key'),
    ...changeStampColumns(),
  },
  (t) => [
    // "One source, at most one open request": a cancelled request frees its source for a new one.
    uniqueIndex('payment_requests_one_open_per_source')
      .on(t.kind, t.sourceId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('payment_requests_status_idx').on(t.status),
    index('payment_requests_created_idx').on(t.createdAt),
  ],
);

export const bankStatements = pgTable('payment_bank_statements', {
  id: serial('id').primaryKey(),
  format: text('format').$type<'coda' | 'camt053'>().notNull(),
  fileName: text('file_name').notNull(),
  /** SHA-256 of the file: the same file uploaded twice is recognised and changes nothing. */
  fileHash: text('file_hash').notNull().unique('payment_bank_statements_hash_key'),
  account: text('account').notNull(),
  importedBy: text('imported_by'),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  movementCount: integer('movement_count').notNull(),
  skippedCount: integer('skipped_count').notNull().default(0),
});

export const bankMovements = pgTable(
  'payment_bank_movements',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    /** Stable identity from the bank file: an overlapping statement cannot book a movement twice. */
    identity: text('identity').notNull().unique('payment_bank_movements_identity_key'),
    amountCents: integer('amount_cents').notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    counterpartyName: text('counterparty_name'),
    counterpartyAccount: text('counterparty_account'),
    structuredReference: text('structured_reference'),
    communication: text('communication'),
    outcome: text('outcome').notNull(),
    requestId: integer('request_id').references(() => paymentRequests.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_bank_movements_statement_idx').on(t.statementId), index('payment_bank_movements_outcome_idx').on(t.outcome)],
);

/** Money received for a request, from a bank movement or registered by hand; the request's received total sums these. */
export const paymentRecords = pgTable(
  'payment_records',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => paymentRequests.id),
    movementId: integer('movement_id')
      .references(() => bankMovements.id)
      .unique('payment_records_movement_key'),
    amountCents: integer('amount_cents').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').$type<'bank' | 'manual'>().notNull(),
    outcome: text('outcome').notNull(),
    remark: text('remark').notNull().default(''),
    counterpartyName: text('counterparty_name'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_records_request_idx').on(t.requestId)],
);

export type InvoiceLine = PaymentLine & { vatPercent: number; totalExclCents: number; vatCents: number };

export const invoices = pgTable('payment_invoices', {
  id: serial('id').primaryKey(),
  number: integer('number').notNull().unique('payment_invoices_number_key'),
  requestId: integer('request_id')
    .notNull()
    .references(() => paymentRequests.id)
    .unique('payment_invoices_request_key'),
  issuedOn: date('issued_on', { mode: 'string' }).notNull(),
  customerName: text('customer_name').notNull(),
  customerAddress: text('customer_address').notNull(),
  customerVatNumber: text('customer_vat_number').notNull().default(''),
  language: text('language').$type<Language>().notNull(),
  lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
  totalExclCents: integer('total_excl_cents').notNull(),
  vatCents: integer('vat_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  paidDate: date('paid_date', { mode: 'string' }),
  structuredMessage: text('structured_message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Gap-free counters (invoice numbers): incremented in the transaction that uses the number. */
export const paymentCounters = pgTable('payment_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

/** Bulk create/send runs as a job: the page polls its progress; any instance can answer. */
export const paymentJobs = pgTable('payment_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  action: text('action').$type<'create' | 'send'>().notNull(),
  kind: text('kind').$type<PaymentRequestKind>(),
  /** `interrupted`: its process stopped while it ran (platform/bulk-jobs.ts); resuming does the rest. */
  state: text('state').$type<'running' | 'done' | 'failed' | 'interrupted'>().notNull().default('running'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  errors: jsonb('errors').$type<{ sourceId: string; code: string }[]>().notNull().default([]),
  startedBy: text('started_by'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The job's heartbeat: written with its progress and every few seconds while it runs. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
