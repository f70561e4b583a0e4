import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { outboxDeliveryColumns } from '../../platform/columns.js';
import type { Language } from '@bjk/domain';

export type MailAttachment = {
  filename: string;
  contentType: string;
  /** Base64 of the bytes. */
  content: string;
  /** Content id for inline images (`<img src="cid:…">`). */
  cid?: string;
};

/**
 * The outbox: a mail is written here in the transaction that causes it and delivered by the worker,
 * so a rolled-back change sends nothing and a failed delivery stays visible and retryable.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    to: jsonb('to').$type<string[]>().notNull(),
    language: text('language').$type<Language>().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    ...outboxDeliveryColumns(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_created_idx').on(t.createdAt)],
);
