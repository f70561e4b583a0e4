import { z } from 'zod';
import { isoDateSchema } from './date-schemas.js';
import { pageOf, pageQuerySchema, pageSizeSchema } from './list-query.js';

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
 * `search` (part of the actor's e-mail, the action or the record's id), actor (part of the e-mail), area (the action's prefix) and days (`from`…`to` inclusive, in the edition's time zone).
 */
export const auditQuerySchema = pageQuerySchema
  .extend({
    subjectType: optionalText,
    subjectId: optionalText,
    actor: optionalText,
    area: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, 'Invalid value')
      .optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    pageSize: pageSizeSchema(50, 200),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Invalid value', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
