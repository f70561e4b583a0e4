import type { Language } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { mailOutbox, type MailAttachment } from './mail.tables.js';

export type OutgoingMail = {
  /** What the mail is about (`enrolment.confirmation`, `payments.request`): for filters and per-kind BCC. */
  kind: string;
  to: string[];
  language: Language;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

/** Queues a mail in the caller's transaction; the delivery worker sends it after the commit. Returns its id. */
export async function queueMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const recipients = [...new Set(mail.to.map((address) => address.trim()).filter(Boolean))];
  if (recipients.length === 0) throw new Error(`mail ${mail.kind} has no recipient`);
  const rows = await db
    .insert(mailOutbox)
    .values({ ...mail, to: recipients, attachments: mail.attachments ?? [] })
    .returning({ id: mailOutbox.id });
  return rows[0]!.id;
}
