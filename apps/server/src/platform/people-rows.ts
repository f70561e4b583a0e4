import { and, eq, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { RegistrationKind } from '@bjk/domain';
import type { DbOrTx } from './db.js';

/**
 * The rows of one championship, an edition's BJK or VK, in a table that keeps people per edition and kind
 * (registrations, participants, attendees).
 */
export function ofChampionship(table: { editionCode: PgColumn; kind: PgColumn }, editionCode: string, kind: RegistrationKind): SQL {
  return and(eq(table.editionCode, editionCode), eq(table.kind, kind)) as SQL;
}

/** Inserts one row into `table` and answers it as stored (defaults and generated ids filled in). */
export async function insertOne<T extends PgTable>(db: DbOrTx, table: T, values: PgInsertValue<T>): Promise<T['$inferSelect']> {
  const [inserted] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  if (!inserted) throw new Error(`${getTableName(table)} insert returned nothing`);
  return inserted;
}

/** Sets `values` on the rows of `table` that meet `where`; answers the first of them as it is now (none met it: nothing). */
export async function updateFirst<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> {
  const [updated] = (await db.update(table).set(values).where(where).returning()) as T['$inferSelect'][];
  return updated;
}

/** `updateFirst`, stamping the rows' `updatedAt` (now). */
export async function updateStamped<T extends PgTable & { updatedAt: PgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  values: PgUpdateSetSource<T>,
  now = new Date(),
): Promise<T['$inferSelect'] | undefined> {
  return updateFirst(db, table, where, { ...values, updatedAt: now });
}
