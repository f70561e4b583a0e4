import { and, inArray, lt, ne, sql } from 'drizzle-orm';
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

/**
 * A family's approved erasure (decision 0021): the outbox's mails to these addresses go, whatever their state but the
 * one being sent; `mentioning` keeps it to the mails that name one child (a family with other children keeps theirs).
 */
export async function eraseMailsTo(db: DbOrTx, addresses: string[], mentioning?: string): Promise<number> {
  if (addresses.length === 0) return 0;
  const rows = await db
    .delete(mailOutbox)
    .where(
      and(
        ne(mailOutbox.status, 'sending'),
        sql`exists (select 1 from jsonb_array_elements_text(${mailOutbox.to}) as a(address) where lower(a.address) = any(${sql.param(addresses.map((a) => a.toLowerCase()))}))`,
        mentioning ? sql`position(lower(${mentioning}) in lower(${mailOutbox.text})) > 0` : undefined,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** How many mails the outbox holds (names, addresses and payment details are in their bodies); no edition owns them. */
export async function countOutboxMails(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return row?.n ?? 0;
}
