import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { deskEvents } from './desk.tables.js';

export type DeskEventRow = typeof deskEvents.$inferSelect;
export type NewDeskEventRow = typeof deskEvents.$inferInsert;

/** The lock that hands out `seq` in commit order (see {@link insertDeskEvents}). */
const DESK_LOG_LOCK = sql`hashtextextended('desk_events', 0)`;

/**
 * Inserts the scans not recorded yet (by id); a scan sent again changes nothing. One statement, run outside any
 * transaction: it takes the table's lock before it numbers a row and PostgreSQL releases it at the statement's own
 * commit, so `seq` is handed out in commit order (a phone that read up to seq N never later misses a row numbered
 * below N) while the lock is held for the insert alone, never across a round trip to the server. Within a batch,
 * rows are numbered in the order sent.
 */
export async function insertDeskEvents(db: DbOrTx, rows: NewDeskEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({
    id: r.id,
    edition_code: r.editionCode,
    badge_id: r.badgeId,
    holder_type: r.holderType,
    person_id: r.personId,
    mode: r.mode,
    meal_date: r.mealDate ?? null,
    meal: r.meal ?? null,
    event_key: r.eventKey,
    scanned_at: r.scannedAt.toISOString(),
    received_at: r.receivedAt.toISOString(),
    desk: r.desk,
    account_id: r.accountId ?? null,
  }));
  // The lock's one-row CTE is joined to every row, so it is taken before the first `nextval` of the rows' seq.
  await db.execute(sql`
    with log_lock as materialized (select pg_advisory_xact_lock(${DESK_LOG_LOCK}))
    insert into desk_events (id, edition_code, badge_id, holder_type, person_id, mode, meal_date, meal, event_key, scanned_at, received_at, desk, account_id)
    select r.id, r.edition_code, r.badge_id, r.holder_type, r.person_id, r.mode, r.meal_date, r.meal, r.event_key, r.scanned_at, r.received_at, r.desk, r.account_id
    from log_lock cross join jsonb_populate_recordset(null::desk_events, ${JSON.stringify(records)}::jsonb) with ordinality as r
    order by r.ordinality
    on conflict (id) do nothing`);
}

/**
 * The scans `ids` as first recorded, with every scan of the same things (event keys) in their edition, in arrival
 * order, and the edition's newest seq: all a recording answers, in one statement. Read after the recording
 * committed, it sees every scan committed before it (two desks on one badge: the later sees the earlier).
 */
export async function listDeskEventsRelatedTo(db: DbOrTx, editionCode: string, ids: string[]): Promise<{ rows: DeskEventRow[]; last: number }> {
  if (ids.length === 0) return { rows: [], last: await lastDeskEventSeq(db, editionCode) };
  const idList = sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const found = await db
    .select({ event: deskEvents, last: sql<string>`(select max(seq) from desk_events where edition_code = ${editionCode})` })
    .from(deskEvents)
    .where(
      or(
        sql`${deskEvents.id} in ${idList}`,
        sql`(${deskEvents.editionCode}, ${deskEvents.eventKey}) in (select edition_code, event_key from desk_events where id in ${idList})`,
      ),
    )
    .orderBy(asc(deskEvents.seq));
  return { rows: found.map((f) => f.event), last: Number(found[0]?.last ?? (await lastDeskEventSeq(db, editionCode))) };
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
