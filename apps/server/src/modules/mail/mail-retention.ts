import { and, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { mailOutbox } from './mail.tables.js';

/**
 * The shredder's step for the outbox (decision 0016): a delivered (or given-up) mail keeps names, addresses and
 * payment details in its body; once older than `before` it serves nobody. Queued mails stay until delivered.
 */
export async function eraseOldMails(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(mailOutbox.createdAt, before)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
