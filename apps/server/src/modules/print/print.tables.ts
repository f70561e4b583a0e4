import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import type { Language, PrintRequest } from '@bjk/domain';
import { bytea, deletedWith } from '../../platform/columns.js';

/**
 * The last printed badge of each person: a fingerprint of the printed fields (name, category, meals,
 * photo version). The participants module stays the owner of its tables; a badge needs reprinting when
 * the fingerprint of the person's current fields differs from the printed one.
 */
export const badgePrints = pgTable(
  'badge_prints',
  {
    editionCode: text('edition_code').notNull(),
    holderType: text('holder_type', { enum: ['participant', 'attendee'] }).notNull(),
    holderId: integer('holder_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull(),
    jobId: uuid('job_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.editionCode, t.holderType, t.holderId] })],
);

/**
 * A PDF being produced or produced: its progress is read by any instance (the browser polls), its bytes
 * are kept in chunks (`print_job_chunks`) so a 700-badge file is neither held in memory nor tied to the
 * disk of the instance that rendered it.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey(),
    document: text('document').notNull(),
    request: jsonb('request').$type<PrintRequest>().notNull(),
    preview: boolean('preview').notNull(),
    /** `interrupted`: the server stopped while it rendered (platform/bulk-jobs.ts); resuming renders it again. */
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'interrupted'] }).notNull(),
    /** The queue's order: jobs run one at a time per instance, oldest first (an injected clock may give two the same instant). */
    queueSeq: integer('queue_seq').generatedAlwaysAsIdentity(),
    /** The language it is rendered in, kept so an interrupted job renders again the same. */
    language: text('language').$type<Language>().notNull().default('nl'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    pages: integer('pages').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    error: text('error'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('print_jobs_created_idx').on(t.createdAt), index('print_jobs_status_idx').on(t.status, t.queueSeq)],
);

export const printJobChunks = pgTable(
  'print_job_chunks',
  {
    jobId: deletedWith(uuid('job_id').notNull(), () => printJobs.id),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
