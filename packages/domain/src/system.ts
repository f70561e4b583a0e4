import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.literal('postgres'),
});
export type Health = z.infer<typeof healthSchema>;

/** Written by the web build to `builds/latest.json` and `builds/meta/{buildId}.json`. */
export const buildInfoSchema = z.object({ buildId: z.string(), builtAt: z.string() });
export type BuildInfo = z.infer<typeof buildInfoSchema>;

/**
 * Bulk jobs of every area (payment requests created or e-mailed in bulk, print jobs, managers' PGN uploads, member
 * imports) share one rule: a job still "running" when its process died is marked interrupted and can be resumed
 * (platform/bulk-jobs.ts).
 */
export const BULK_JOB_KINDS = ['payments', 'print', 'games', 'members'] as const;
export type BulkJobKind = (typeof BULK_JOB_KINDS)[number];

export const interruptedJobSchema = z.object({
  kind: z.enum(BULK_JOB_KINDS),
  id: z.uuid(),
  /** What the job does, in the area's words (`create`, `send`, `badges` …). */
  action: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  startedAt: z.string(),
});
export type InterruptedJob = z.infer<typeof interruptedJobSchema>;
export const interruptedJobListSchema = z.array(interruptedJobSchema);

export const bulkJobParamsSchema = z.object({ kind: z.enum(BULK_JOB_KINDS), id: z.uuid() });
