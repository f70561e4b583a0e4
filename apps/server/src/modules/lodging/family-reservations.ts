import { and, asc, eq, sql } from 'drizzle-orm';
import type { EditionSettings, Language } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { priceOf } from './lodging.service.js';

export { stayRequestOf } from './lodging.service.js';
import { appendHistory, findReservation, type ReservationRow } from './lodging.repository.js';
import { reservations } from './lodging.tables.js';

/** What the family page (modules/family) reads of reservations: those whose responsible adult gave this address. */

export async function listReservationsOfContact(db: DbOrTx, editionCode: string, email: string): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(and(eq(reservations.editionCode, editionCode), eq(sql`lower(${reservations.email})`, email)))
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
}

export async function isReservationContact(db: DbOrTx, editionCode: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.editionCode, editionCode), eq(sql`lower(${reservations.email})`, email)))
    .limit(1);
  return row !== undefined;
}

/** A reservation of the edition whose contact is this address, or undefined (not the family's). */
export async function findReservationOfContact(db: DbOrTx, editionCode: string, id: string, email: string): Promise<ReservationRow | undefined> {
  const row = await findReservation(db, id);
  return row && row.editionCode === editionCode && row.email.toLowerCase() === email ? row : undefined;
}

/** A reservation by id, whoever's it is (a manager's action, the desk's list of requests). */
export async function findReservationById(db: DbOrTx, id: string): Promise<ReservationRow | undefined> {
  return findReservation(db, id);
}

export function familyReservationView(settings: EditionSettings, row: ReservationRow, language: Language) {
  const price = priceOf(settings, row);
  const type = settings.roomTypes.find((t) => t.code === row.roomType);
  return {
    id: row.id,
    number: row.number,
    enabled: row.enabled,
    roomType: row.roomType,
    roomTypeLabel: type?.label[language] ?? row.roomType,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    nights: price.nights,
    mealPlan: row.mealPlan,
    guests: row.guests.map((g) => ({ firstName: g.firstName, lastName: g.lastName, birthDate: g.birthDate })),
    priceCents: price.lines.length > 0 ? price.totalCents : null,
  };
}

/** A family's request about the reservation joins its history, where the lodging desk reads what happened. */
export async function noteFamilyRequest(tx: DbOrTx, reservationId: string, kind: 'change' | 'cancel', requestId: string): Promise<void> {
  await appendHistory(tx, { reservationId, actor: 'family', action: `family_request.${kind}`, details: { requestId } });
}
