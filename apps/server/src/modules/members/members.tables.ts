import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MemberImportFormat, MemberImportResult } from '@bjk/domain';
import { playerIdentityColumns } from '../../platform/columns.js';

/**
 * The member registry: federation members (idbel) and FIDE-listed players (idfide), the lookup source of
 * the enrolment wizards. Either id may be missing (a FIDE-only player, a Belgian member without FIDE id),
 * each is unique when present; imports upsert on them.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    ...playerIdentityColumns(),
    birthDate: text('birth_date'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_idbel_idx').on(t.idbel),
    uniqueIndex('members_idfide_idx').on(t.idfide),
    index('members_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
  ],
);

/**
 * A member import running after its request answered (issue 22): the upload waits in a file under the data
 * directory (`file`) while the job reads it, its progress is written per batch (any instance answers the page's
 * poll), its report kept when done. `interrupted`: the server stopped while it ran (platform/bulk-jobs.ts);
 * the upsert is idempotent, so resuming reads the file again from the start.
 */
export const memberImportJobs = pgTable(
  'member_import_jobs',
  {
    id: uuid('id').primaryKey(),
    format: text('format').$type<MemberImportFormat>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'interrupted'] }).notNull(),
    /** The stored upload (removed when the job ends); null once removed. */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    received: integer('received').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    result: jsonb('result').$type<MemberImportResult>(),
    error: text('error'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The heartbeat: written with each batch and every 15 s while the job runs. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('member_import_jobs_created_idx').on(t.createdAt), index('member_import_jobs_status_idx').on(t.status)],
);
