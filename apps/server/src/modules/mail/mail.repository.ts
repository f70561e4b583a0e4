import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OutboxQuery } from '@bjk/domain';
import { jsonContainsText, searchCondition } from '../../platform/like.js';
import type { DbOrTx } from '../../platform/db.js';
import { mailOutbox } from './mail.tables.js';
import { pageWithTotal } from '../../platform/paging.js';
import { lockDueEntries } from '../../platform/workers-outbox.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** How long a claimed mail belongs to the instance sending it before another may take it over. */
const LEASE_MS = 5 * 60_000;

/** Claims due mails for one worker (`lockDueEntries`): each is `sending` under this instance's lease. */
export async function claimDueMails(db: DbOrTx, now: Date, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const ids = await lockDueEntries(tx, mailOutbox, now, limit);
    if (ids.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      })
      .where(inArray(mailOutbox.id, ids))
      .returning();
  });
}

export async function markMailSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: at, lastError: null }).where(eq(mailOutbox.id, id));
}

/** `nextAttemptAt` null: no more attempts, the mail is `failed` until resent. */
export async function markMailFailed(db: DbOrTx, id: number, error: string, nextAttemptAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(nextAttemptAt ? { status: 'queued', lastError: error, nextAttemptAt } : { status: 'failed', lastError: error })
    .where(eq(mailOutbox.id, id));
}

export async function requeueMail(db: DbOrTx, id: number, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(eq(mailOutbox.id, id))
    .returning();
  return row;
}

export async function findOutboxRow(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

export async function pageOutbox(db: DbOrTx, query: OutboxQuery): Promise<{ rows: OutboxRow[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(mailOutbox.status, query.status));
  const search = searchCondition(query.search, [mailOutbox.subject, mailOutbox.kind], ...(query.search ? [jsonContainsText(mailOutbox.to, query.search)] : []));
  if (search) filters.push(search);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const rows = db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).$dynamic();
  return pageWithTotal(db, rows, mailOutbox, where, query);
}
