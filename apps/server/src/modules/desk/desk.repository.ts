import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { deskEvents } from './desk.tables.js';

export type DeskEventRow = typeof deskEvents.$inferSelect;
export type NewDeskEventRow = typeof deskEvents.$inferInsert;

/**
 * Recording scans takes one lock for the whole table, held to the commit: `seq` is then handed out in commit order,
 * so a phone that read up to seq N can never later miss a row numbered below N. A recording is a few inserts; four to
 * eight desks do not queue behind each other for long.
 */
export async function lockDeskEventLog(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('desk_events', 0))`);
}

/** Inserts the scans not recorded yet (by id); a scan sent again changes nothing. */
export async function insertDeskEvents(tx: DbOrTx, rows: NewDeskEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(deskEvents).values(rows).onConflictDoNothing({ target: deskEvents.id });
}

export async function listDeskEventsByIds(tx: DbOrTx, ids: string[]): Promise<DeskEventRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(deskEvents).where(inArray(deskEvents.id, ids));
}

/** Every scan of the same things (event keys) in an edition, in arrival order. */
export async function listDeskEventsByKeys(tx: DbOrTx, editionCode: string, keys: string[]): Promise<DeskEventRow[]> {
  if (keys.length === 0) return [];
  return tx
    .select()
    .from(deskEvents)
    .where(and(eq(deskEvents.editionCode, editionCode), inArray(deskEvents.eventKey, keys)))
    .orderBy(asc(deskEvents.seq));
}

/** Scans that reached the server after `afterSeq`, oldest first, at most `limit`. */
export async function listDeskEventsAfter(tx: DbOrTx, editionCode: string, afterSeq: number, limit: number): Promise<DeskEventRow[]> {
  return tx
    .select()
    .from(deskEvents)
    .where(and(eq(deskEvents.editionCode, editionCode), gt(deskEvents.seq, afterSeq)))
    .orderBy(asc(deskEvents.seq))
    .limit(limit);
}

/** Arrivals and departures of an edition and the meals of one day: what a phone needs to know who came already. */
export async function listDeskEventsOfDay(tx: DbOrTx, editionCode: string, date: string): Promise<DeskEventRow[]> {
  return tx
    .select()
    .from(deskEvents)
    .where(and(eq(deskEvents.editionCode, editionCode), or(inArray(deskEvents.mode, ['arrival', 'departure']), eq(deskEvents.mealDate, date))))
    .orderBy(asc(deskEvents.seq));
}

export async function listDeskEventsOfMode(tx: DbOrTx, editionCode: string, mode: DeskEventRow['mode']): Promise<DeskEventRow[]> {
  return tx
    .select()
    .from(deskEvents)
    .where(and(eq(deskEvents.editionCode, editionCode), eq(deskEvents.mode, mode)))
    .orderBy(asc(deskEvents.seq));
}

export async function lastDeskEventSeq(tx: DbOrTx, editionCode: string): Promise<number> {
  const [row] = await tx
    .select({ last: sql<string | null>`max(${deskEvents.seq})` })
    .from(deskEvents)
    .where(eq(deskEvents.editionCode, editionCode));
  return Number(row?.last ?? 0);
}
