import type { EditionSettings, Language, OutboxEntry, OutboxMail, OutboxPage, OutboxQuery } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import type { ManagerContext } from '../../platform/service-context.js';
import { findOutboxRow, pageOutbox, requeueMail, type OutboxRow } from './mail.repository.js';
import { organiserFooter, renderMailLayout, type MailBlock, type MailContent } from './mail-layout.js';
import { mailOutbox, type MailAttachment } from './mail.tables.js';
import { MAIL_ERRORS } from '@bjk/domain';
import { pick } from '@bjk/domain/objects';

export type OutgoingMail = {
  /** What the mail is about (`enrolment.confirmation`, `payments.request`): for filters and per-kind BCC. */
  kind: string;
  to: string[];
  language: Language;
  subject: string;
  /** What the mail says: rendered here through the one layout (`mail-layout.ts`), as HTML and plain text. */
  content: MailContent;
  attachments?: MailAttachment[];
};

/** A mail of the organiser: its heading (the subject unless given) and blocks above the organiser's footer. */
export function organiserMail(
  settings: EditionSettings,
  { heading, blocks, ...mail }: Omit<OutgoingMail, 'content'> & { heading?: string; blocks: MailBlock[] },
): OutgoingMail {
  return { ...mail, content: { heading: heading ?? mail.subject, blocks, footer: organiserFooter(settings) } };
}

/** The outbox row of a mail: unique trimmed recipients, the content rendered through the one layout. */
function outboxValues({ content, ...mail }: OutgoingMail) {
  const recipients = [...new Set(mail.to.map((address) => address.trim()).filter(Boolean))];
  if (recipients.length === 0) throw new Error(`mail ${mail.kind} has no recipient`);
  return { ...mail, ...renderMailLayout(content, mail.language), to: recipients, attachments: mail.attachments ?? [] };
}

/** Queues a mail in the caller's transaction; the delivery worker sends it after the commit. Returns its id. */
export async function queueMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const rows = await db.insert(mailOutbox).values(outboxValues(mail)).returning({ id: mailOutbox.id });
  return rows[0]!.id;
}

/** Queues several mails in one statement (a bulk send), in the caller's transaction like `queueMail`. */
export async function queueMails(db: DbOrTx, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(mails.map(outboxValues));
}

function toOutboxEntry(row: OutboxRow): OutboxEntry {
  return {
    ...pick(row, ['id', 'kind', 'to', 'language', 'subject', 'status', 'attempts']),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listOutbox(db: DbOrTx, query: OutboxQuery): Promise<OutboxPage> {
  const { rows, total } = await pageOutbox(db, query);
  return { items: rows.map(toOutboxEntry), total, page: query.page, pageSize: query.pageSize };
}

export async function getOutboxMail(db: DbOrTx, id: number): Promise<OutboxMail> {
  const row = await findOutboxRow(db, id);
  if (!row) throw notFound(MAIL_ERRORS.notFound, 'No such mail');
  return { ...toOutboxEntry(row), html: row.html, text: row.text };
}

/** Puts a mail (failed, or sent and lost by the recipient) back in the queue for an immediate new attempt. */
export async function resendMail(ctx: ManagerContext, id: number): Promise<OutboxEntry> {
  return ctx.db.transaction(async (tx) => {
    const before = await findOutboxRow(tx, id);
    if (!before) throw notFound(MAIL_ERRORS.notFound, 'No such mail');
    const row = await requeueMail(tx, id, ctx.clock.now());
    if (!row) throw notFound(MAIL_ERRORS.notFound, 'No such mail');
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'mail.resend',
      subjectType: 'mail',
      subjectId: id,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: row.status },
    });
    return toOutboxEntry(row);
  });
}
