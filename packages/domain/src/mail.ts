import { z } from 'zod';
import { idParamSchema } from './input-rules.js';
import { pageOf, pageQuerySchema, pageSizeSchema, PAGE_SIZE_DEFAULT } from './list-query.js';
import { isoDateTimeSchema } from './date-schemas.js';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** An outbox entry as managers see it in the list. */
export const outboxEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.array(z.string()),
  language: z.string(),
  subject: z.string(),
  status: mailStatusSchema,
  attempts: z.number().int(),
  nextAttemptAt: isoDateTimeSchema,
  lastError: z.string().nullable(),
  sentAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** One entry with its rendered content (HTML shown in a sandboxed frame, and the text part). */
export const outboxMailSchema = outboxEntrySchema.extend({ html: z.string(), text: z.string() });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxQuerySchema = pageQuerySchema.extend({
  status: mailStatusSchema.optional(),
  pageSize: pageSizeSchema(PAGE_SIZE_DEFAULT, 200),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
export const outboxPageSchema = pageOf(outboxEntrySchema);
export type OutboxPage = z.infer<typeof outboxPageSchema>;
export const outboxIdParamsSchema = z.object({ id: idParamSchema });

export const MAIL_ERRORS = {
  notFound: 'mail.not_found',
} as const;
