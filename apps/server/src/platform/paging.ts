import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { pageOffset } from '@bjk/domain';
import type { DbOrTx } from './db.js';

/**
 * One page of a managers' list and the size of its whole filtered set (the `{ rows, total }` of every paged
 * repository): `rows` is the list's query with its columns, `where` and order (`.$dynamic()`), limited here to the
 * page; the total counts `table` under the same `where`.
 */
export async function pageWithTotal<Q extends PgSelect>(
  db: DbOrTx,
  rows: Q,
  table: PgTable,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: Awaited<Q>; total: number }> {
  const found: Awaited<Q> = await rows.limit(page.pageSize).offset(pageOffset(page));
  const [total] = await db.select({ n: count() }).from(table).where(where);
  return { rows: found, total: total?.n ?? 0 };
}
