import { z } from 'zod';
import { isoDateSchema } from './date-schemas.js';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const optionalText = z.string().trim().max(200).optional();

/**
 * Filters of the audit trail: one record's history (`subjectType` + `subjectId`), or the audit page's
 * actor (part of the e-mail), area (the action's prefix) and days (`from`…`to` inclusive, in the edition's time zone).
 */
export const auditQuerySchema = z
  .object({
    subjectType: optionalText,
    subjectId: optionalText,
    actor: optionalText,
    area: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, 'Invalid value')
      .optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Invalid value', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
