import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import pg, { escapeLiteral } from 'pg';
import type { DbOrTx } from '../../platform/db.js';
import { deskEvents } from './desk.tables.js';

export type DeskEventRow = typeof deskEvents.$inferSelect;
export type NewDeskEventRow = typeof deskEvents.$inferInsert;

/**
 * The SQL of one recording, two statements sent as one simple query (one round trip; PostgreSQL runs them as one
 * transaction): the first takes the table's lock before it numbers a row (the lock's one-row CTE is joined to every
 * row) and inserts the scans not recorded yet (by id: a scan sent again changes nothing; a batch numbered in the
 * order sent); the second, with a snapshot taken after the lock was granted, reads the scans of the batch as first
 * recorded, every scan of the same things (event keys) in arrival order, and the edition's newest seq. The lock is
 * held to the commit, so `seq` is handed out in commit order (a phone that read up to seq N never later misses a row
 * numbered below N) and of two desks on one badge the later sees the earlier; it is held inside PostgreSQL only,
 * never across a round trip to this server. Values are inlined as escaped literals: a simple query takes no
 * parameters.
 */
export function deskRecordingSql(editionCode: string, rows: NewDeskEventRow[]): string {
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
  const batch = `jsonb_populate_recordset(null::desk_events, ${escapeLiteral(JSON.stringify(records))}::jsonb)`;
  return `
    with log_lock as materialized (select pg_advisory_xact_lock(hashtextextended('desk_events', 0)))
    insert into desk_events (id, edition_code, badge_id, holder_type, person_id, mode, meal_date, meal, event_key, scanned_at, received_at, desk, account_id)
    select r.id, r.edition_code, r.badge_id, r.holder_type, r.person_id, r.mode, r.meal_date, r.meal, r.event_key, r.scanned_at, r.received_at, r.desk, r.account_id
    from log_lock cross join ${batch} with ordinality as r
    order by r.ordinality
    on conflict (id) do nothing;
    with sent as (select id from ${batch})
    select e.id, e.seq::text as seq, e.edition_code, e.badge_id, e.holder_type, e.person_id, e.mode, e.meal_date::text as meal_date, e.meal,
      e.event_key, e.scanned_at, e.received_at, e.desk, e.account_id,
      (select max(seq) from desk_events where edition_code = ${escapeLiteral(editionCode)})::text as last
    from desk_events e
    where e.id in (select id from sent)
      or (e.edition_code, e.event_key) in (select edition_code, event_key from desk_events where id in (select id from sent))
    order by e.seq`;
}

type RecordedRow = {
  id: string;
  seq: string;
  edition_code: string;
  badge_id: string;
  holder_type: DeskEventRow['holderType'];
  person_id: number;
  mode: DeskEventRow['mode'];
  meal_date: string | null;
  meal: DeskEventRow['meal'];
  event_key: string;
  scanned_at: Date;
  received_at: Date;
  desk: string;
  account_id: string | null;
  last: string;
};

/**
 * Records a batch of scans ({@link deskRecordingSql}, one round trip) and answers the scans of the batch with every
 * scan of the same things, in arrival order, and the edition's newest seq.
 */
export async function recordDeskEventRows(db: DbOrTx, editionCode: string, rows: NewDeskEventRow[]): Promise<{ rows: DeskEventRow[]; last: number }> {
  if (rows.length === 0) return { rows: [], last: await lastDeskEventSeq(db, editionCode) };
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const results = (await pool.query(deskRecordingSql(editionCode, rows))) as unknown as pg.QueryResult<RecordedRow>[];
  const found = results[1]!.rows;
  return {
    rows: found.map((r) => ({
      id: r.id,
      seq: Number(r.seq),
      editionCode: r.edition_code,
      badgeId: r.badge_id,
      holderType: r.holder_type,
      personId: r.person_id,
      mode: r.mode,
      mealDate: r.meal_date,
      meal: r.meal,
      eventKey: r.event_key,
      scannedAt: r.scanned_at,
      receivedAt: r.received_at,
      desk: r.desk,
      accountId: r.account_id,
    })),
    last: Number(found[0]?.last ?? (await lastDeskEventSeq(db, editionCode))),
  };
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
