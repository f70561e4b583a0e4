import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Member } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { members } from './members.tables.js';

export type MemberRow = typeof members.$inferSelect;

export function toMember(row: MemberRow): Member {
  return {
    idbel: row.idbel,
    idfide: row.idfide,
    firstName: row.firstName,
    lastName: row.lastName,
    birthYear: row.birthYear,
    birthDate: row.birthDate,
    gender: row.gender,
    clubId: row.clubId,
    clubName: row.clubName,
    fideFederation: row.fideFederation,
    ratingNational: row.ratingNational,
    ratingFide: row.ratingFide,
    fideTitle: row.fideTitle,
  };
}

// Prepared once: the public lookup is the hottest query of enrolment week.
export async function findMemberByIdbel(db: DbOrTx, idbel: number): Promise<MemberRow | undefined> {
  const rows = await db.select().from(members).where(eq(members.idbel, idbel)).limit(1);
  return rows[0];
}

export async function findMemberByIdfide(db: DbOrTx, idfide: number): Promise<MemberRow | undefined> {
  // A Belgian member row wins over a FIDE-only row (there is at most one of each).
  const rows = await db.select().from(members).where(eq(members.idfide, idfide)).limit(1);
  return rows[0];
}

export async function findMembersByIdbel(db: DbOrTx, ids: number[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(members).where(inArray(members.idbel, ids));
}

export async function countMembers(db: DbOrTx): Promise<{ total: number; withIdbel: number; withIdfide: number }> {
  const [row] = await db
    .select({
      total: count(),
      withIdbel: count(members.idbel),
      withIdfide: count(members.idfide),
    })
    .from(members);
  return { total: row?.total ?? 0, withIdbel: row?.withIdbel ?? 0, withIdfide: row?.withIdfide ?? 0 };
}

/** The batch as one JSON parameter: one statement per batch whatever its size, and no parameter limit. */
function batchJson(batch: Member[], withIdbel: boolean): string {
  return JSON.stringify(
    batch.map((m) => ({
      idbel: withIdbel ? m.idbel : null,
      idfide: m.idfide,
      first_name: m.firstName,
      last_name: m.lastName,
      birth_year: m.birthYear,
      birth_date: m.birthDate,
      gender: m.gender,
      club_id: m.clubId,
      club_name: m.clubName,
      fide_federation: m.fideFederation,
      rating_national: m.ratingNational,
      rating_fide: m.ratingFide,
      fide_title: m.fideTitle,
    })),
  );
}

const RECORD = sql.raw(
  'x(idbel int, idfide int, first_name text, last_name text, birth_year int, birth_date text, gender text, club_id int, club_name text, fide_federation text, rating_national int, rating_fide int, fide_title text)',
);
const COLUMNS = sql.raw(
  'idbel, idfide, first_name, last_name, birth_year, birth_date, gender, club_id, club_name, fide_federation, rating_national, rating_fide, fide_title, updated_at',
);

function counts(rows: Record<string, unknown>[]): { inserted: number; updated: number } {
  const inserted = rows.filter((r) => r.inserted === true).length;
  return { inserted, updated: rows.length - inserted };
}

/**
 * Upserts federation members on idbel. A FIDE-only row with the same FIDE id is merged into the member
 * (deleted first), and a FIDE id moving to another member is taken from the old one, so the unique
 * FIDE id never blocks a batch.
 */
export async function upsertMembersByIdbel(tx: DbOrTx, batch: Member[]): Promise<{ inserted: number; updated: number }> {
  const json = batchJson(batch, true);
  // Joins, not IN-subqueries: each statement touches only the rows of the batch, found by index.
  await tx.execute(sql`
    delete from members m using jsonb_to_recordset(${json}::jsonb) as ${RECORD}
    where m.idbel is null and x.idfide is not null and m.idfide = x.idfide`);
  await tx.execute(sql`
    update members m set idfide = null from jsonb_to_recordset(${json}::jsonb) as ${RECORD}
    where x.idfide is not null and m.idfide = x.idfide and m.idbel <> x.idbel`);
  const result = await tx.execute(sql`
    insert into members (${COLUMNS})
    select idbel, idfide, first_name, last_name, birth_year, birth_date, gender, club_id, club_name, fide_federation, rating_national, rating_fide, fide_title, now()
    from jsonb_to_recordset(${json}::jsonb) as ${RECORD}
    on conflict (idbel) do update set
      idfide = excluded.idfide, first_name = excluded.first_name, last_name = excluded.last_name,
      birth_year = excluded.birth_year, birth_date = excluded.birth_date, gender = excluded.gender,
      club_id = excluded.club_id, club_name = excluded.club_name, fide_federation = excluded.fide_federation,
      rating_national = excluded.rating_national, rating_fide = excluded.rating_fide, fide_title = excluded.fide_title,
      updated_at = now()
    returning (xmax = 0) as inserted`);
  return counts((result as { rows: Record<string, unknown>[] }).rows);
}

/**
 * Upserts FIDE's list on the FIDE id: known players get FIDE's rating, title and federation (their
 * federation name and club stay); players not yet known are added as FIDE-only rows.
 */
export async function upsertMembersByIdfide(tx: DbOrTx, batch: Member[]): Promise<{ inserted: number; updated: number }> {
  const json = batchJson(batch, false);
  const result = await tx.execute(sql`
    insert into members (${COLUMNS})
    select idbel, idfide, first_name, last_name, birth_year, birth_date, gender, club_id, club_name, fide_federation, rating_national, rating_fide, fide_title, now()
    from jsonb_to_recordset(${json}::jsonb) as ${RECORD}
    on conflict (idfide) do update set
      fide_federation = excluded.fide_federation, rating_fide = excluded.rating_fide, fide_title = excluded.fide_title,
      birth_year = coalesce(members.birth_year, excluded.birth_year), gender = coalesce(members.gender, excluded.gender),
      updated_at = now()
    returning (xmax = 0) as inserted`);
  return counts((result as { rows: Record<string, unknown>[] }).rows);
}

export async function insertMembersIfAbsent(tx: DbOrTx, batch: Member[]): Promise<number> {
  const rows = await tx.insert(members).values(batch).onConflictDoNothing().returning({ id: members.id });
  return rows.length;
}
