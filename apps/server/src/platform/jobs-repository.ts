import { and, eq, inArray, lt } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.js';

/**
 * The queries every bulk job's table answers under the interruption rule (`bulk-jobs.ts`): each area's table has its
 * own name for the job's state (`status`, `state`) and its own columns besides, so the caller names the state column
 * and writes the values to set.
 */
export type JobTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** A job's row by its id. */
export async function findJobRow<T extends JobTable>(db: DbOrTx, table: T, id: string): Promise<T['$inferSelect'] | undefined> {
  // Drizzle selects from a table given as a type parameter only as a plain table; its row is the table's select model.
  const source: PgTable = table;
  const rows = (await db.select().from(source).where(eq(table.id, id))) as T['$inferSelect'][];
  return rows[0];
}

/** Jobs in one of the `silent` states whose last sign of life is before `staleBefore` get `interrupted`; answers how many. */
export async function markSilentJobs<T extends JobTable>(
  db: DbOrTx,
  table: T,
  state: PgColumn,
  silent: string[],
  staleBefore: Date,
  interrupted: PgUpdateSetSource<T>,
): Promise<number> {
  const rows = await db
    .update(table)
    .set(interrupted)
    .where(and(inArray(state, silent), lt(table.updatedAt, staleBefore)))
    .returning({ id: table.id });
  return rows.length;
}

/** A conditional update of one job: only while it is in the state `from` (of two concurrent claims one wins); nothing otherwise. */
export async function updateJobIn<T extends JobTable>(
  db: DbOrTx,
  table: T,
  state: PgColumn,
  id: string,
  from: string,
  set: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> {
  // Drizzle cannot name the returned row of a table given as a type parameter: it is the table's select model.
  const rows = (await db
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), eq(state, from)))
    .returning()) as T['$inferSelect'][];
  return rows[0];
}
