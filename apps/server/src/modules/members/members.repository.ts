import { count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { playerIdentityOf, type Member } from '@bjk/domain';
import type { Db, DbOrTx } from '../../platform/db.js';
import { findJobRow, markSilentJobs, updateJobIn } from '../../platform/jobs-repository.js';
import { memberImportJobs, members } from './members.tables.js';

export type MemberRow = typeof members.$inferSelect;

export function toMember(row: MemberRow): Member {
  return { ...playerIdentityOf(row), birthDate: row.birthDate };
}

/**
 * The member's id columns, table-qualified, for another module to correlate with (Drizzle writes the
 * columns of a one-table select unqualified, which inside a subquery would name the subquery's own).
 */
export type MemberIdColumns = { idbel: SQL<number | null>; idfide: SQL<number | null> };
const QUALIFIED_IDS: MemberIdColumns = {
  idbel: sql<number | null>`${sql.identifier('members')}.${sql.identifier('idbel')}`,
  idfide: sql<number | null>`${sql.identifier('members')}.${sql.identifier('idfide')}`,
};

/**
 * A prepared lookup of members by idbel or FIDE id (several at once), each with one flag the calling module
 * computes from its own tables (a correlated `exists`), so a public lookup is one indexed statement and one
 * round trip, and lookups arriving together can share one. Drizzle builds the SQL once; on PostgreSQL the
 * named statement is parsed once per connection. The flag's own parameters are placeholders filled by
 * the caller.
 */
export function prepareMemberLookup(db: Db, by: 'idbel' | 'idfide', flag: (member: MemberIdColumns) => SQL<boolean>, name: string) {
  const { id: _id, updatedAt: _updatedAt, ...columns } = getTableColumns(members);
  const statement = db
    .select({ ...columns, flag: flag(QUALIFIED_IDS) })
    .from(members)
    .where(sql`${members[by]} = any(${sql.placeholder('ids')}::int[])`)
    .prepare(name);
  return (ids: readonly number[], params: Record<string, unknown>) => statement.execute({ ...params, ids: arrayLiteral(ids) });
}

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

/**
 * A PostgreSQL array literal (`{1,NULL,"a \\"b\\""}`): one text parameter per column carries a whole batch,
 * so a batch is one statement whatever its size, far below the 65 535-parameter limit, and the server
 * reads it with `unnest` much faster than the JSON it replaces.
 */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') out += String(v);
    else out += `"${v.replace(/["\\]/g, '\\$&')}"`;
  }
  return `${out}}`;
}

/** The batch as one typed array per column, in the order of COLUMNS. */
function unnestBatch(batch: Member[], withIdbel: boolean): SQL {
  const column = (pick: (m: Member) => string | number | null) => arrayLiteral(batch.map(pick));
  return sql`unnest(
    ${column((m) => (withIdbel ? m.idbel : null))}::int[], ${column((m) => m.idfide)}::int[],
    ${column((m) => m.firstName)}::text[], ${column((m) => m.lastName)}::text[],
    ${column((m) => m.birthYear)}::int[], ${column((m) => m.birthDate)}::text[], ${column((m) => m.gender)}::text[],
    ${column((m) => m.clubId)}::int[], ${column((m) => m.clubName)}::text[], ${column((m) => m.fideFederation)}::text[],
    ${column((m) => m.ratingNational)}::int[], ${column((m) => m.ratingFide)}::int[], ${column((m) => m.fideTitle)}::text[])`;
}

const COLUMNS = sql.raw(
  'idbel, idfide, first_name, last_name, birth_year, birth_date, gender, club_id, club_name, fide_federation, rating_national, rating_fide, fide_title',
);

export type UpsertCounts = { inserted: number; updated: number; unchanged: number };

/** `returning (xmax = 0)` is true for an inserted row; rows the WHERE of DO UPDATE skipped return nothing. */
function countsOf(rows: Record<string, unknown>[], batchSize: number): UpsertCounts {
  const inserted = rows.filter((r) => r.inserted === true).length;
  return { inserted, updated: rows.length - inserted, unchanged: batchSize - rows.length };
}

/**
 * Upserts federation members on idbel. A FIDE-only row with the same FIDE id is merged into the member
 * (deleted first), and a FIDE id moving to another member is taken from the old one, so the unique
 * FIDE id never blocks a batch. Finding those holders is one probe of the FIDE-id index; the usual
 * re-import (every FIDE id already with its member) then writes nothing but the upsert. A row that did
 * not change is not rewritten (no dead tuple, no index update): most of a monthly list is unchanged.
 */
export async function upsertMembersByIdbel(tx: DbOrTx, batch: Member[]): Promise<UpsertCounts> {
  const idbelOfFide = new Map<number, number>();
  for (const m of batch) if (m.idfide !== null && m.idbel !== null) idbelOfFide.set(m.idfide, m.idbel);
  if (idbelOfFide.size > 0) {
    const holders = await tx
      .select({ id: members.id, idbel: members.idbel, idfide: members.idfide })
      .from(members)
      .where(sql`${members.idfide} = any(${arrayLiteral([...idbelOfFide.keys()])}::int[])`);
    const merged = holders.filter((h) => h.idbel === null).map((h) => h.id);
    const moved = holders.filter((h) => h.idbel !== null && h.idfide !== null && idbelOfFide.get(h.idfide) !== h.idbel).map((h) => h.id);
    if (merged.length > 0) await tx.delete(members).where(inArray(members.id, merged));
    if (moved.length > 0) await tx.update(members).set({ idfide: null }).where(inArray(members.id, moved));
  }
  const result = await tx.execute(sql`
    insert into members (${COLUMNS}, updated_at)
    select *, now() from ${unnestBatch(batch, true)}
    on conflict (idbel) do update set
      idfide = excluded.idfide, first_name = excluded.first_name, last_name = excluded.last_name,
      birth_year = excluded.birth_year, birth_date = excluded.birth_date, gender = excluded.gender,
      club_id = excluded.club_id, club_name = excluded.club_name, fide_federation = excluded.fide_federation,
      rating_national = excluded.rating_national, rating_fide = excluded.rating_fide, fide_title = excluded.fide_title,
      updated_at = now()
    where (members.idfide, members.first_name, members.last_name, members.birth_year, members.birth_date, members.gender,
           members.club_id, members.club_name, members.fide_federation, members.rating_national, members.rating_fide, members.fide_title)
      is distinct from (excluded.idfide, excluded.first_name, excluded.last_name, excluded.birth_year, excluded.birth_date, excluded.gender,
           excluded.club_id, excluded.club_name, excluded.fide_federation, excluded.rating_national, excluded.rating_fide, excluded.fide_title)
    returning (xmax = 0) as inserted`);
  return countsOf((result as { rows: Record<string, unknown>[] }).rows, batch.length);
}

/**
 * Upserts FIDE's list on the FIDE id: known players get FIDE's rating, title and federation (their
 * federation name and club stay); players not yet known are added as FIDE-only rows.
 */
export async function upsertMembersByIdfide(tx: DbOrTx, batch: Member[]): Promise<UpsertCounts> {
  const result = await tx.execute(sql`
    insert into members (${COLUMNS}, updated_at)
    select *, now() from ${unnestBatch(batch, false)}
    on conflict (idfide) do update set
      fide_federation = excluded.fide_federation, rating_fide = excluded.rating_fide, fide_title = excluded.fide_title,
      birth_year = coalesce(members.birth_year, excluded.birth_year), gender = coalesce(members.gender, excluded.gender),
      updated_at = now()
    where (members.fide_federation, members.rating_fide, members.fide_title, members.birth_year, members.gender)
      is distinct from (excluded.fide_federation, excluded.rating_fide, excluded.fide_title,
           coalesce(members.birth_year, excluded.birth_year), coalesce(members.gender, excluded.gender))
    returning (xmax = 0) as inserted`);
  return countsOf((result as { rows: Record<string, unknown>[] }).rows, batch.length);
}

export async function insertMembersIfAbsent(tx: DbOrTx, batch: Member[]): Promise<number> {
  const rows = await tx.insert(members).values(batch).onConflictDoNothing().returning({ id: members.id });
  return rows.length;
}

// Import jobs ---------------------------------------------------------------------------------------------------

export type MemberImportJobRow = typeof memberImportJobs.$inferSelect;
type MemberImportJobChange = Partial<Omit<MemberImportJobRow, 'id'>>;

export async function insertMemberImportJob(db: DbOrTx, row: typeof memberImportJobs.$inferInsert): Promise<MemberImportJobRow> {
  const [inserted] = await db.insert(memberImportJobs).values(row).returning();
  return inserted!;
}

export async function findMemberImportJob(db: DbOrTx, id: string): Promise<MemberImportJobRow | undefined> {
  return findJobRow(db, memberImportJobs, id);
}

export async function listRecentMemberImportJobs(db: DbOrTx, limit: number): Promise<MemberImportJobRow[]> {
  return db.select().from(memberImportJobs).orderBy(desc(memberImportJobs.createdAt), desc(memberImportJobs.id)).limit(limit);
}

export async function updateMemberImportJob(db: DbOrTx, id: string, change: MemberImportJobChange): Promise<void> {
  await db.update(memberImportJobs).set(change).where(eq(memberImportJobs.id, id));
}

/** Takes a queued job (this process stored its upload); nothing when another start or resume took it. */
export async function claimQueuedMemberImportJob(db: DbOrTx, id: string, now: Date): Promise<MemberImportJobRow | undefined> {
  return updateJobIn(db, memberImportJobs, memberImportJobs.status, id, 'queued', { status: 'running', updatedAt: now });
}

/** Jobs queued or running whose last sign of life is before `staleBefore` died with their process. */
export async function markInterruptedMemberImportJobs(db: DbOrTx, staleBefore: Date): Promise<number> {
  return markSilentJobs(db, memberImportJobs, memberImportJobs.status, ['queued', 'running'], staleBefore, { status: 'interrupted' });
}

export async function listInterruptedMemberImportJobs(db: DbOrTx): Promise<MemberImportJobRow[]> {
  return db.select().from(memberImportJobs).where(eq(memberImportJobs.status, 'interrupted')).orderBy(memberImportJobs.createdAt);
}

/** Takes an interrupted job back (of two concurrent resumes one wins); its progress starts again from the file's start. */
export async function claimInterruptedMemberImportJob(db: DbOrTx, id: string, now: Date): Promise<MemberImportJobRow | undefined> {
  const restart = { status: 'running', received: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, updatedAt: now } as const;
  return updateJobIn(db, memberImportJobs, memberImportJobs.status, id, 'interrupted', restart);
}
