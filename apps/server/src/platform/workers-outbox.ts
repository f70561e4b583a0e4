import { and, inArray, lte } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.js';

/** The columns by which an outbox's worker (mails, push notices) takes its due entries. */
export type OutboxTable = PgTable & { id: AnyPgColumn<{ data: number; notNull: true }>; status: PgColumn; nextAttemptAt: PgColumn };

/**
 * Locks an outbox's due entries for one worker, in the caller's transaction: queued ones whose time has come, and
 * `sending` ones whose lease ran out (their instance died). SKIP LOCKED makes concurrent workers take disjoint rows.
 * Answers their ids, for the caller to mark them `sending` with a new lease.
 */
export async function lockDueEntries(tx: DbOrTx, outbox: OutboxTable, now: Date, limit: number): Promise<number[]> {
  const due = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ['queued', 'sending']), lte(outbox.nextAttemptAt, now)))
    .orderBy(outbox.nextAttemptAt, outbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return due.map((d) => d.id);
}
