import { and, eq, inArray, sql } from 'drizzle-orm';
import { ageOn } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { reservationHistory, reservations } from './lodging.tables.js';

/**
 * The shredder's step for reservations (decision 0016): the stay itself stays (room type, dates, meal plan, how many
 * guests and their ages on the first day: the venue's and the accountant's figures), the people go: the responsible
 * adult's name and contacts, the guests' names and birth dates, remarks and the desk's history. A guest keeps
 * 1 January of the year that gives the same age on `startDate`, so the age group and the price stay as they were.
 * The payment request and invoice keep their own copy of the payer's name and address for as long as accounting law
 * asks. Answers the ids whose audit entries go next. `only` limits it to some reservations (a family's approved
 * erasure request, decision 0021).
 */
export async function eraseReservationsPersonalData(db: DbOrTx, editionCode: string, startDate: string, only?: string[]): Promise<{ ids: string[] }> {
  if (only?.length === 0) return { ids: [] };
  const rows = await db
    .select({ id: reservations.id, guests: reservations.guests })
    .from(reservations)
    .where(and(eq(reservations.editionCode, editionCode), only ? inArray(reservations.id, only) : undefined));
  for (const row of rows) {
    await db
      .update(reservations)
      .set({
        firstName: '',
        lastName: '',
        email: '',
        mobile: '',
        address: '',
        remarks: '',
        internalRemarks: '',
        guests: row.guests.map((g) => ({
          firstName: '',
          lastName: '',
          birthDate: `${String(Number(startDate.slice(0, 4)) - ageOn(g.birthDate, startDate)).padStart(4, '0')}-01-01`,
          participates: g.participates,
        })),
      })
      .where(eq(reservations.id, row.id));
  }
  const ids = rows.map((r) => r.id);
  if (ids.length) await db.delete(reservationHistory).where(inArray(reservationHistory.reservationId, ids));
  return { ids };
}

/** What the edition's reservations still hold (the back office's overview): contacts, guests' birth dates, remarks. */
export async function countReservationsPersonalData(db: DbOrTx, editionCode: string): Promise<{ contacts: number; birthDates: number; remarks: number }> {
  const [row] = await db
    .select({
      contacts: sql<number>`count(*) filter (where ${reservations.email} <> '' or ${reservations.mobile} <> '' or ${reservations.address} <> '')::int`,
      // A guest's birth date is personal while the guest has a name (the shredder keeps 1 January of the same age).
      birthDates: sql<number>`coalesce(sum((select count(*) from jsonb_array_elements(${reservations.guests}) g where g->>'firstName' <> '')), 0)::int`,
      remarks: sql<number>`count(*) filter (where ${reservations.remarks} <> '' or ${reservations.internalRemarks} <> '')::int`,
    })
    .from(reservations)
    .where(eq(reservations.editionCode, editionCode));
  return row ?? { contacts: 0, birthDates: 0, remarks: 0 };
}
