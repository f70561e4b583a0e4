import { and, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
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

const insertedFlag = sql<boolean>`(xmax = 0)`;

/**
 * Upserts federation members on idbel. A FIDE-only row with the same FIDE id is merged into the member
 * (deleted first), and a FIDE id moving to another member is taken from the old one, so the unique
 * FIDE id never blocks a batch.
 */
export async function upsertMembersByIdbel(tx: DbOrTx, batch: Member[]): Promise<{ inserted: number; updated: number }> {
  const idfides = batch.flatMap((m) => (m.idfide === null ? [] : [m.idfide]));
  const idbels = batch.flatMap((m) => (m.idbel === null ? [] : [m.idbel]));
  if (idfides.length > 0) {
    await tx.delete(members).where(and(isNull(members.idbel), inArray(members.idfide, idfides)));
    await tx
      .update(members)
      .set({ idfide: null })
      .where(and(inArray(members.idfide, idfides), notInArray(members.idbel, idbels)));
  }
  const now = new Date();
  const rows = await tx
    .insert(members)
    .values(batch.map((m) => ({ ...m, updatedAt: now })))
    .onConflictDoUpdate({
      target: members.idbel,
      set: {
        idfide: sql`excluded.idfide`,
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        birthYear: sql`excluded.birth_year`,
        birthDate: sql`excluded.birth_date`,
        gender: sql`excluded.gender`,
        clubId: sql`excluded.club_id`,
        clubName: sql`excluded.club_name`,
        fideFederation: sql`excluded.fide_federation`,
        ratingNational: sql`excluded.rating_national`,
        ratingFide: sql`excluded.rating_fide`,
        fideTitle: sql`excluded.fide_title`,
        updatedAt: now,
      },
    })
    .returning({ inserted: insertedFlag });
  const inserted = rows.filter((r) => r.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/**
 * Upserts FIDE's list on the FIDE id: known players get FIDE's rating, title and federation (their
 * federation name and club stay); players not yet known are added as FIDE-only rows.
 */
export async function upsertMembersByIdfide(tx: DbOrTx, batch: Member[]): Promise<{ inserted: number; updated: number }> {
  const now = new Date();
  const rows = await tx
    .insert(members)
    .values(batch.map((m) => ({ ...m, idbel: null, updatedAt: now })))
    .onConflictDoUpdate({
      target: members.idfide,
      set: {
        fideFederation: sql`excluded.fide_federation`,
        ratingFide: sql`excluded.rating_fide`,
        fideTitle: sql`excluded.fide_title`,
        birthYear: sql`coalesce(${members.birthYear}, excluded.birth_year)`,
        gender: sql`coalesce(${members.gender}, excluded.gender)`,
        updatedAt: now,
      },
    })
    .returning({ inserted: insertedFlag });
  const inserted = rows.filter((r) => r.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

export async function insertMembersIfAbsent(tx: DbOrTx, batch: Member[]): Promise<number> {
  const rows = await tx.insert(members).values(batch).onConflictDoNothing().returning({ id: members.id });
  return rows.length;
}
