import { and, asc, count, desc, eq, exists, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import { containsText, jsonContainsText } from '../../platform/like.js';
import type { DbOrTx } from '../../platform/db.js';
import { insertOne, updateStamped } from '../../platform/people-rows.js';
import { reservationHistory, reservationNumberSequence, reservations, roomAssignments, rooms } from './lodging.tables.js';
import type { RoomRecord } from './room-inventory.js';

export type ReservationRow = typeof reservations.$inferSelect;
export type NewReservationRow = typeof reservations.$inferInsert;
export type RoomRow = typeof rooms.$inferSelect;
export type HistoryRow = typeof reservationHistory.$inferSelect;

export async function nextReservationSequence(db: DbOrTx): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
  const result = (await db.execute(sql`select nextval(${sql.raw(`'${reservationNumberSequence.seqName}'`)}) as value`)) as unknown as {
    rows: { value: string }[];
  };
  return Number(result.rows[0]!.value);
}

/**
 * Holds the wizard run (`submissionId`) until the transaction ends: concurrent submissions of one run wait for
 * each other, so the later ones find the first one's reservation and a request number is drawn only for a
 * reservation really made (the lock is released at commit or rollback).
 */
export async function lockReservationSubmission(db: DbOrTx, submissionId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reservation:${submissionId}`}, 0))`);
}

/**
 * Holds the contact (its e-mail, trimmed and in lower case) until the transaction ends: submissions of one family
 * from several wizard runs at once take turns, so the likely-duplicate rule sees the reservation the first one made.
 * Taken after the submission's lock, always in that order.
 */
export async function lockReservationContact(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reservation-contact:${email.trim().toLowerCase()}`}, 0))`);
}

export async function findReservationBySubmission(db: DbOrTx, submissionId: string): Promise<ReservationRow | undefined> {
  const rows = await db.select().from(reservations).where(eq(reservations.submissionId, submissionId));
  return rows[0];
}

export async function insertReservation(db: DbOrTx, row: NewReservationRow): Promise<ReservationRow> {
  return insertOne(db, reservations, row);
}

/** An enabled reservation of the same contact (e-mail, any case) for the same dates and room type. */
export async function findLikelyDuplicate(
  db: DbOrTx,
  stay: { email: string; roomType: string; arrivalDate: string; departureDate: string },
): Promise<ReservationRow | undefined> {
  const sameStay = and(
    sql`lower(${reservations.email}) = lower(${stay.email})`,
    eq(reservations.roomType, stay.roomType),
    eq(reservations.arrivalDate, stay.arrivalDate),
    eq(reservations.departureDate, stay.departureDate),
    eq(reservations.enabled, true),
  );
  const [row] = await db.select().from(reservations).where(sameStay).limit(1);
  return row;
}

export async function findReservation(db: DbOrTx, id: string, lock = false): Promise<ReservationRow | undefined> {
  const query = db.select().from(reservations).where(eq(reservations.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function updateReservationRow(db: DbOrTx, id: string, values: Partial<NewReservationRow>): Promise<ReservationRow> {
  return (await updateStamped(db, reservations, eq(reservations.id, id), values))!;
}

/** The room assignments that meet `condition`, as a subquery of `exists` or `notExists`. */
function assignmentsWhere(db: DbOrTx, condition: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(roomAssignments)
    .where(condition);
}

export type ReservationFilter = { search?: string; roomType?: string; assigned?: 'yes' | 'no'; enabled?: 'yes' | 'no' };

function filterCondition(db: DbOrTx, filter: ReservationFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const search = filter.search;
    conditions.push(
      or(
        containsText(reservations.number, search),
        containsText(reservations.firstName, search),
        containsText(reservations.lastName, search),
        containsText(reservations.email, search),
        jsonContainsText(reservations.guests, search),
        exists(assignmentsWhere(db, and(eq(roomAssignments.reservationId, reservations.id), containsText(roomAssignments.roomNumber, search)))),
      ),
    );
  }
  if (filter.roomType) conditions.push(eq(reservations.roomType, filter.roomType));
  if (filter.enabled) conditions.push(eq(reservations.enabled, filter.enabled === 'yes'));
  if (filter.assigned) {
    const assigned = assignmentsWhere(db, eq(roomAssignments.reservationId, reservations.id));
    conditions.push(filter.assigned === 'yes' ? exists(assigned) : notExists(assigned));
  }
  return and(...conditions);
}

export async function listReservationRows(db: DbOrTx, filter: ReservationFilter, page?: { offset: number; limit: number }): Promise<ReservationRow[]> {
  const query = db.select().from(reservations).where(filterCondition(db, filter)).orderBy(desc(reservations.createdAt), desc(reservations.number));
  return page ? query.offset(page.offset).limit(page.limit) : query;
}

/** Count, guests and rows of the filtered set (totals of the list page are over every page, not just the shown one). */
export async function listReservationTotals(db: DbOrTx, filter: ReservationFilter): Promise<{ reservations: number; guests: number }> {
  const rows = await db
    .select({ reservations: count(), guests: sql<string>`coalesce(sum(jsonb_array_length(${reservations.guests})), 0)` })
    .from(reservations)
    .where(filterCondition(db, filter));
  return { reservations: Number(rows[0]?.reservations ?? 0), guests: Number(rows[0]?.guests ?? 0) };
}

export async function listAssignedRooms(db: DbOrTx, reservationIds: string[]): Promise<Map<string, RoomRow[]>> {
  const result = new Map<string, RoomRow[]>();
  if (reservationIds.length === 0) return result;
  const rows = await db
    .select({ reservationId: roomAssignments.reservationId, room: rooms })
    .from(roomAssignments)
    .innerJoin(rooms, eq(rooms.number, roomAssignments.roomNumber))
    .where(inArray(roomAssignments.reservationId, reservationIds))
    .orderBy(asc(rooms.number));
  for (const { reservationId, room } of rows) result.set(reservationId, [...(result.get(reservationId) ?? []), room]);
  return result;
}

export async function listHistory(db: DbOrTx, reservationId: string): Promise<HistoryRow[]> {
  return db
    .select()
    .from(reservationHistory)
    .where(eq(reservationHistory.reservationId, reservationId))
    .orderBy(asc(reservationHistory.at), asc(reservationHistory.id));
}

export async function appendHistory(
  db: DbOrTx,
  entry: { reservationId: string; actor: string | null; action: string; details?: Record<string, unknown> | null },
): Promise<void> {
  await db.insert(reservationHistory).values({ ...entry, details: entry.details ?? null });
}

// Rooms ---------------------------------------------------------------------------------------------------

export async function countRooms(db: DbOrTx): Promise<number> {
  return db.$count(rooms);
}

export async function findRoom(db: DbOrTx, number: string, lock = false): Promise<RoomRow | undefined> {
  const query = db.select().from(rooms).where(eq(rooms.number, number));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function listRoomRows(db: DbOrTx): Promise<{ room: RoomRow; reservationId: string | null; reservationNumber: string | null }[]> {
  return db
    .select({ room: rooms, reservationId: roomAssignments.reservationId, reservationNumber: reservations.number })
    .from(rooms)
    .leftJoin(roomAssignments, eq(roomAssignments.roomNumber, rooms.number))
    .leftJoin(reservations, eq(reservations.id, roomAssignments.reservationId))
    .orderBy(asc(rooms.number));
}

/** Enabled, unblocked rooms of a type that hold no reservation. */
export async function listFreeRoomRows(db: DbOrTx, roomType: string): Promise<RoomRow[]> {
  return db
    .select()
    .from(rooms)
    .where(
      and(
        eq(rooms.roomType, roomType),
        eq(rooms.enabled, true),
        eq(rooms.blocked, false),
        notExists(assignmentsWhere(db, eq(roomAssignments.roomNumber, rooms.number))),
      ),
    )
    .orderBy(asc(rooms.number));
}

export async function upsertRooms(db: DbOrTx, records: RoomRecord[]): Promise<{ created: number; updated: number }> {
  if (records.length === 0) return { created: 0, updated: 0 };
  const existing = new Set(
    (
      await db
        .select({ number: rooms.number })
        .from(rooms)
        .where(
          inArray(
            rooms.number,
            records.map((r) => r.number),
          ),
        )
    ).map((r) => r.number),
  );
  await db
    .insert(rooms)
    .values(records)
    .onConflictDoUpdate({
      target: rooms.number,
      set: {
        floor: sql`excluded.floor`,
        roomType: sql`excluded.room_type`,
        venueCode: sql`excluded.venue_code`,
        capacity: sql`excluded.capacity`,
        updatedAt: sql`now()`,
      },
    });
  return { created: records.length - existing.size, updated: existing.size };
}

export async function updateRoomRow(db: DbOrTx, number: string, values: Partial<typeof rooms.$inferInsert>): Promise<RoomRow | undefined> {
  return updateStamped(db, rooms, eq(rooms.number, number), values);
}

/** Takes the room for the reservation; answers false when another reservation (or this one) already holds it. */
export async function insertAssignment(db: DbOrTx, roomNumber: string, reservationId: string): Promise<boolean> {
  const rows = await db
    .insert(roomAssignments)
    .values({ roomNumber, reservationId })
    .onConflictDoNothing()
    .returning({ roomNumber: roomAssignments.roomNumber });
  return rows.length > 0;
}

export async function findAssignment(db: DbOrTx, roomNumber: string): Promise<{ reservationId: string } | undefined> {
  const rows = await db.select({ reservationId: roomAssignments.reservationId }).from(roomAssignments).where(eq(roomAssignments.roomNumber, roomNumber));
  return rows[0];
}

export async function deleteAssignment(db: DbOrTx, roomNumber: string, reservationId: string): Promise<boolean> {
  const held = and(eq(roomAssignments.roomNumber, roomNumber), eq(roomAssignments.reservationId, reservationId));
  const rows = await db.delete(roomAssignments).where(held).returning({ roomNumber: roomAssignments.roomNumber });
  return rows.length > 0;
}

export async function deleteAssignmentsOf(db: DbOrTx, reservationId: string): Promise<string[]> {
  const rows = await db.delete(roomAssignments).where(eq(roomAssignments.reservationId, reservationId)).returning({ roomNumber: roomAssignments.roomNumber });
  return rows.map((r) => r.roomNumber);
}

export async function countRoomsByType(db: DbOrTx): Promise<{ roomType: string; total: number; free: number }[]> {
  const rows = await db
    .select({
      roomType: rooms.roomType,
      total: count(),
      free: sql<string>`count(*) filter (where ${rooms.blocked} = false and not exists (select 1 from ${roomAssignments} where ${roomAssignments.roomNumber} = ${rooms.number}))`,
    })
    .from(rooms)
    .where(eq(rooms.enabled, true))
    .groupBy(rooms.roomType)
    .orderBy(asc(rooms.roomType));
  return rows.map((r) => ({ roomType: r.roomType, total: Number(r.total), free: Number(r.free) }));
}
