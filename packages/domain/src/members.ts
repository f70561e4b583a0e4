import { z } from 'zod';
import { isoDateTimeSchema } from './date-schemas.js';
import { playerIdentitySchema } from './player-identity.js';

/** A federation member as the registry stores it (managers see this; the public lookup sees less): the identity and the birth date. */
export const memberSchema = playerIdentitySchema.extend({ birthDate: z.string().nullable() });
export type Member = z.infer<typeof memberSchema>;

export const MEMBER_IMPORT_FORMATS = ['csv', 'fide-txt', 'fide-xml'] as const;
export const memberImportFormatSchema = z.enum(MEMBER_IMPORT_FORMATS);
export type MemberImportFormat = z.infer<typeof memberImportFormatSchema>;

export const memberImportQuerySchema = z.object({ format: memberImportFormatSchema });

/** What an import did: rows read, inserted, updated, and the rejected lines with a reason (the first ones). */
export const memberImportResultSchema = z.object({
  format: memberImportFormatSchema,
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  /** Rows that matched a member whose data was already the same (not rewritten). */
  unchanged: z.number().int(),
  rejected: z.number().int(),
  rejections: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  durationMs: z.number().int(),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

/** Codes of the members area (translated by the web in the `errors` namespace). */
export const MEMBERS_ERRORS = {
  importNotFound: 'members.import_not_found',
  /** A resumed import whose uploaded file is gone (another instance received it, or the data directory was cleaned): upload it again. */
  importFileGone: 'members.import_file_gone',
  /** The import stopped on an unexpected error (the database gone …); the server's log has the reason. */
  importFailed: 'members.import_failed',
} as const;

/**
 * A member import runs as a background job (issue 22): the upload is stored, the request answers 202 with the job,
 * and the page follows its progress. `interrupted`: the server stopped while it ran (platform/bulk-jobs.ts).
 */
export const MEMBER_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'interrupted'] as const;
export const memberImportJobSchema = z.object({
  id: z.uuid(),
  format: memberImportFormatSchema,
  status: z.enum(MEMBER_IMPORT_STATUSES),
  /** Progress so far, per written batch: rows read, inserted, updated, unchanged, rejected. */
  received: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  /** The uploaded file's size, for the page's "n MB" (the rows are unknown until read). */
  bytes: z.number().int().nonnegative(),
  /** When done: the whole report (the counts and the first rejected lines). */
  result: memberImportResultSchema.nullable(),
  /** An error code (`members.import_file_gone`, `members.import_failed`) when the job failed. */
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});
export type MemberImportJob = z.infer<typeof memberImportJobSchema>;
export const memberImportJobListSchema = z.array(memberImportJobSchema);
export const memberImportJobParamsSchema = z.object({ id: z.uuid() });
/** `wait`: seconds to wait for the job to finish before answering (0 answers at once). */
export const memberImportJobQuerySchema = z.object({ wait: z.coerce.number().int().min(0).max(30).default(0) });

export const memberCountSchema = z.object({ total: z.number().int(), withIdbel: z.number().int(), withIdfide: z.number().int() });
export type MemberCount = z.infer<typeof memberCountSchema>;
