import { readFile } from 'node:fs/promises';
import {
  LODGING_ERRORS,
  addDays,
  ageGroupOf,
  countMealsPerDay,
  type MealCountRow,
  type MealPlan,
  describeStayPriceLine,
  nightsOf,
  priceStay,
  type EditionSettings,
  type DashboardFigure,
  type Language,
  type LodgingFigures,
  type MakeReservation,
  type MakeReservationResult,
  type Reservation,
  type ReservationGuest,
  type ReservationList,
  type ReservationListQuery,
  type Room,
  type RoomUpdate,
  type StayPrice,
  type StayRequest,
  type UpdateReservation,
  pageOffset,
} from '@bjk/domain';
import type { Principal } from '../../platform/access.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { familyPageBlock } from '../mail/family-page-link.js';
import { queueMail } from '../mail/mail.service.js';
import {
  appendHistory,
  countRooms,
  countRoomsByType,
  deleteAssignment,
  deleteAssignmentsOf,
  findAssignment,
  findReservation,
  findRoom,
  insertAssignment,
  findLikelyDuplicate,
  lockReservationContact,
  findReservationBySubmission,
  insertReservation,
  lockReservationSubmission,
  nextReservationSequence,
  listAssignedRooms,
  listFreeRoomRows,
  listHistory,
  listReservationRows,
  listReservationTotals,
  listRoomRows,
  updateReservationRow,
  updateRoomRow,
  upsertRooms,
  type ReservationRow,
  type RoomRow,
} from './lodging.repository.js';
import { assertLodgingOpen, checkStayRequest, reservationNumber } from './reservation-rules.js';
import { renderReservationMail } from './reservation-mail.js';
import { parseRoomsCsv } from './room-inventory.js';
import { buildStayWorkbook } from './stay-workbook.js';

function actorName(actor: Principal | null): string | null {
  return actor ? actor.displayName || actor.email : null;
}

function stayOf(row: Pick<ReservationRow, 'roomType' | 'arrivalDate' | 'departureDate' | 'mealPlan' | 'guests' | 'discount'>) {
  return {
    roomType: row.roomType,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    mealPlan: row.mealPlan,
    guests: row.guests,
    discount: row.discount,
  };
}

/** The price of a stored reservation; a type the edition no longer knows prices at zero rather than breaking a list. */
export function priceOf(settings: EditionSettings, row: ReservationRow): StayPrice {
  try {
    return priceStay(settings, stayOf(row));
  } catch {
    return { nights: nightsOf(row.arrivalDate, row.departureDate), lines: [], totalCents: 0 };
  }
}

function guestsView(settings: EditionSettings, guests: ReservationGuest[]) {
  return guests.map((g) => ({ ...g, ageGroup: ageGroupOf(settings, g.birthDate) }));
}

// Public: the reservation wizard -------------------------------------------------------------------------

/** A reservation row's columns of the stay asked for (the wizard's and a manager's edit alike) and its remarks. */
function stayColumns(input: StayRequest & { remarks: string }) {
  return {
    language: input.language,
    firstName: input.contact.firstName,
    lastName: input.contact.lastName,
    email: input.contact.email,
    mobile: input.contact.mobile,
    address: input.contact.address,
    roomType: input.roomType,
    arrivalDate: input.arrivalDate,
    departureDate: input.departureDate,
    mealPlan: input.mealPlan,
    guests: input.guests,
    remarks: input.remarks,
  };
}

/** The stay a reservation row asks for, as the wire carries it (the reverse of `stayColumns`), guests as stored. */
export function stayRequestOf(row: ReservationRow): StayRequest & { remarks: string } {
  return {
    language: row.language,
    contact: { firstName: row.firstName, lastName: row.lastName, email: row.email, mobile: row.mobile, address: row.address },
    roomType: row.roomType,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    mealPlan: row.mealPlan,
    guests: row.guests,
    remarks: row.remarks,
  };
}

/**
 * Stores a public reservation request after checking every rule against the edition and the clock, and queues
 * the "request received" e-mail in the same transaction. The same wizard run submitted twice answers the
 * first reservation.
 */
export async function makeReservation(ctx: ServiceContext, input: MakeReservation): Promise<MakeReservationResult> {
  const edition = await getCurrentEdition(ctx.db);
  const { settings } = edition;
  assertLodgingOpen(settings, ctx.clock.now());
  checkStayRequest(settings, input, true);
  const price = priceStay(settings, input);

  return ctx.db.transaction(async (tx) => {
    // A resubmission of the same wizard run answers its reservation; a request number is drawn only for a new one.
    await lockReservationSubmission(tx, input.submissionId);
    const existing = await findReservationBySubmission(tx, input.submissionId);
    if (existing) return { number: existing.number, totalCents: priceOf(settings, existing).totalCents };
    await lockReservationContact(tx, input.contact.email);
    if (!input.allowDuplicate && (await findLikelyDuplicate(tx, { email: input.contact.email, ...input }))) {
      throw conflict(LODGING_ERRORS.likelyDuplicate, 'This contact already asked a reservation for these dates and this room type');
    }
    const row = await insertReservation(tx, {
      number: reservationNumber(settings.year, await nextReservationSequence(tx)),
      submissionId: input.submissionId,
      editionCode: edition.code,
      ...stayColumns(input),
    });

    await appendHistory(tx, { reservationId: row.id, actor: null, action: 'created', details: { roomType: row.roomType, guests: row.guests.length } });
    await recordAudit(tx, {
      actor: null,
      action: 'lodging.make_reservation',
      subjectType: 'reservation',
      subjectId: row.id,
      after: { number: row.number, roomType: row.roomType },
    });
    const mail = renderReservationMail({
      settings,
      language: input.language,
      number: row.number,
      contactName: `${row.firstName} ${row.lastName}`,
      roomType: row.roomType,
      arrivalDate: row.arrivalDate,
      departureDate: row.departureDate,
      mealPlan: row.mealPlan,
      guests: guestsView(settings, row.guests),
      remarks: row.remarks,
      price,
    });
    mail.content.blocks.push(familyPageBlock(ctx.config, input.language));
    await queueMail(tx, { kind: 'lodging.reservation_received', to: [row.email], language: input.language, ...mail });
    return { number: row.number, totalCents: price.totalCents };
  });
}

// Management: reservations --------------------------------------------------------------------------------

async function toReservation(db: DbOrTx, settings: EditionSettings, row: ReservationRow, language: Language): Promise<Reservation> {
  const [assigned, history] = await Promise.all([listAssignedRooms(db, [row.id]), listHistory(db, row.id)]);
  const price = priceOf(settings, row);
  return {
    id: row.id,
    number: row.number,
    enabled: row.enabled,
    ...stayRequestOf(row),
    guests: guestsView(settings, row.guests),
    internalRemarks: row.internalRemarks,
    discount: row.discount ?? null,
    rooms: (assigned.get(row.id) ?? []).map((r) => ({ number: r.number, roomType: r.roomType, capacity: r.capacity })),
    price: { ...price, lines: price.lines.map((line) => ({ ...line, description: describeStayPriceLine(settings, line, language) })) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: history.map((h) => ({ at: h.at.toISOString(), actor: h.actor, action: h.action, details: h.details })),
  };
}

/** The reservation, locked until the transaction ends when asked; an unknown id is refused. */
async function reservationOf(db: DbOrTx, id: string, lock = false): Promise<ReservationRow> {
  const row = await findReservation(db, id, lock);
  if (!row) throw notFound(LODGING_ERRORS.reservationNotFound, 'Reservation not found');
  return row;
}

export async function getReservation(db: DbOrTx, id: string, language: Language): Promise<Reservation> {
  const { settings } = await getCurrentEdition(db);
  const row = await reservationOf(db, id);
  return toReservation(db, settings, row, language);
}

export async function listReservations(db: DbOrTx, query: ReservationListQuery): Promise<ReservationList> {
  const { settings } = await getCurrentEdition(db);
  const filter = { search: query.search || undefined, roomType: query.roomType || undefined, assigned: query.assigned, enabled: query.enabled };
  const [rows, totals, all] = await Promise.all([
    listReservationRows(db, filter, { offset: pageOffset(query), limit: query.pageSize }),
    listReservationTotals(db, filter),
    listReservationRows(db, filter),
  ]);
  const assigned = await listAssignedRooms(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      enabled: row.enabled,
      contactName: `${row.firstName} ${row.lastName}`,
      email: row.email,
      roomType: row.roomType,
      arrivalDate: row.arrivalDate,
      departureDate: row.departureDate,
      mealPlan: row.mealPlan,
      guestCount: row.guests.length,
      guestNames: row.guests.map((g) => `${g.firstName} ${g.lastName}`).join(', '),
      rooms: (assigned.get(row.id) ?? []).map((r) => r.number),
      totalCents: priceOf(settings, row).totalCents,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals.reservations,
    page: query.page,
    pageSize: query.pageSize,
    totals: {
      reservations: totals.reservations,
      guests: totals.guests,
      totalCents: all.reduce((sum, row) => sum + (row.enabled ? priceOf(settings, row).totalCents : 0), 0),
    },
  };
}

const EDITABLE_FIELDS = [
  'language',
  'firstName',
  'lastName',
  'email',
  'mobile',
  'address',
  'roomType',
  'arrivalDate',
  'departureDate',
  'mealPlan',
  'guests',
  'remarks',
  'internalRemarks',
  'discount',
  'enabled',
] as const;

/** A manager's edit of every field. Disabling a reservation that holds rooms needs `freeRooms`, which releases them. */
export async function updateReservation(ctx: ManagerContext, id: string, input: UpdateReservation, language: Language): Promise<Reservation> {
  const { db, actor } = ctx;
  const { settings } = await getCurrentEdition(db);
  checkStayRequest(settings, input, false);
  return db.transaction(async (tx) => {
    const before = await reservationOf(tx, id, true);
    const next = {
      ...stayColumns(input),
      internalRemarks: input.internalRemarks,
      discount: input.discount,
      enabled: input.enabled,
    };
    if (before.enabled && !input.enabled) {
      const held = (await listAssignedRooms(tx, [id])).get(id) ?? [];
      if (held.length > 0) {
        if (!input.freeRooms) {
          throw conflict(LODGING_ERRORS.roomsAssigned, 'Free the assigned rooms to disable this reservation', { rooms: held.map((r) => r.number) });
        }
        const freed = await deleteAssignmentsOf(tx, id);
        await appendHistory(tx, { reservationId: id, actor: actorName(actor), action: 'rooms_freed', details: { rooms: freed } });
        await recordAudit(tx, {
          actor,
          action: 'lodging.unassign_room',
          subjectType: 'reservation',
          subjectId: id,
          before: { rooms: freed },
          after: { rooms: [] },
        });
      }
    }
    const changedBefore: Record<string, unknown> = {};
    const changedAfter: Record<string, unknown> = {};
    for (const field of EDITABLE_FIELDS) {
      if (JSON.stringify(before[field] ?? null) !== JSON.stringify(next[field] ?? null)) {
        changedBefore[field] = before[field] ?? null;
        changedAfter[field] = next[field] ?? null;
      }
    }
    const row = await updateReservationRow(tx, id, next);
    if (Object.keys(changedAfter).length > 0) {
      await appendHistory(tx, { reservationId: id, actor: actorName(actor), action: 'updated', details: { fields: Object.keys(changedAfter) } });
      await recordAudit(tx, {
        actor,
        action: 'lodging.update_reservation',
        subjectType: 'reservation',
        subjectId: id,
        before: changedBefore,
        after: changedAfter,
      });
    }
    return toReservation(tx, settings, row, language);
  });
}

// Management: rooms ---------------------------------------------------------------------------------------

function toRoom(room: RoomRow, reservationId: string | null = null, reservationNumber: string | null = null): Room {
  return {
    number: room.number,
    floor: room.floor,
    roomType: room.roomType,
    venueCode: room.venueCode,
    capacity: room.capacity,
    blocked: room.blocked,
    enabled: room.enabled,
    reservationId,
    reservationNumber,
  };
}

/**
 * Gives a room to a reservation. The room row is locked for the check (type, capacity, enabled, not blocked)
 * and the assignment's primary key on the room number makes a second holder impossible, so of many concurrent
 * clicks for one room exactly one wins; the others get `lodging.room_taken`.
 */
export async function assignRoom(ctx: ManagerContext, id: string, roomNumber: string, language: Language): Promise<Reservation> {
  const { db, actor } = ctx;
  const { settings } = await getCurrentEdition(db);
  return db.transaction(async (tx) => {
    const reservation = await reservationOf(tx, id, true);
    if (!reservation.enabled) throw conflict(LODGING_ERRORS.reservationDisabled, 'The reservation is disabled');
    const room = await findRoom(tx, roomNumber, true);
    if (!room) throw notFound(LODGING_ERRORS.roomNotFound, `Room ${roomNumber} does not exist`);
    if (!room.enabled || room.blocked) throw conflict(LODGING_ERRORS.roomUnavailable, `Room ${roomNumber} is blocked or disabled`);
    if (room.roomType !== reservation.roomType) {
      throw conflict(LODGING_ERRORS.roomWrongType, `Room ${roomNumber} is of type ${room.roomType}, the reservation asks ${reservation.roomType}`);
    }
    const holder = await findAssignment(tx, roomNumber);
    if (holder?.reservationId === id) return toReservation(tx, settings, reservation, language);
    if (holder) throw conflict(LODGING_ERRORS.roomTaken, `Room ${roomNumber} is taken`, { room: roomNumber });
    const held = (await listAssignedRooms(tx, [id])).get(id) ?? [];
    // A family larger than one unit may get a second room; the first room must hold everyone on its own.
    if (held.length === 0 && room.capacity < reservation.guests.length) {
      throw conflict(LODGING_ERRORS.roomTooSmall, `Room ${roomNumber} sleeps ${room.capacity}`, { capacity: room.capacity });
    }
    if (!(await insertAssignment(tx, roomNumber, id))) throw conflict(LODGING_ERRORS.roomTaken, `Room ${roomNumber} is taken`, { room: roomNumber });
    await appendHistory(tx, { reservationId: id, actor: actorName(actor), action: 'room_assigned', details: { room: roomNumber } });
    await recordAudit(tx, { actor, action: 'lodging.assign_room', subjectType: 'reservation', subjectId: id, after: { room: roomNumber } });
    return toReservation(tx, settings, reservation, language);
  });
}

export async function unassignRoom(ctx: ManagerContext, id: string, roomNumber: string, language: Language): Promise<Reservation> {
  const { db, actor } = ctx;
  const { settings } = await getCurrentEdition(db);
  return db.transaction(async (tx) => {
    const reservation = await reservationOf(tx, id, true);
    if (!(await deleteAssignment(tx, roomNumber, id))) {
      throw notFound(LODGING_ERRORS.roomNotAssigned, `Room ${roomNumber} does not belong to this reservation`);
    }
    await appendHistory(tx, { reservationId: id, actor: actorName(actor), action: 'room_unassigned', details: { room: roomNumber } });
    await recordAudit(tx, { actor, action: 'lodging.unassign_room', subjectType: 'reservation', subjectId: id, before: { room: roomNumber } });
    return toReservation(tx, settings, reservation, language);
  });
}

export async function listFreeRooms(db: DbOrTx, roomType: string): Promise<Room[]> {
  return (await listFreeRoomRows(db, roomType)).map((room) => toRoom(room));
}

export async function listRooms(db: DbOrTx): Promise<Room[]> {
  return (await listRoomRows(db)).map(({ room, reservationId, reservationNumber }) => toRoom(room, reservationId, reservationNumber));
}

export async function updateRoom(ctx: ManagerContext, number: string, input: RoomUpdate): Promise<Room> {
  const { db, actor } = ctx;
  const { settings } = await getCurrentEdition(db);
  if (!settings.roomTypes.some((t) => t.code === input.roomType)) {
    throw new AppError(400, LODGING_ERRORS.roomTypeNotOffered, `Unknown room type ${input.roomType}`);
  }
  return db.transaction(async (tx) => {
    const before = await findRoom(tx, number, true);
    if (!before) throw notFound(LODGING_ERRORS.roomNotFound, `Room ${number} does not exist`);
    const after = (await updateRoomRow(tx, number, input))!;
    await recordAudit(tx, {
      actor,
      action: 'lodging.update_room',
      subjectType: 'room',
      subjectId: number,
      before: { roomType: before.roomType, venueCode: before.venueCode, capacity: before.capacity, blocked: before.blocked, enabled: before.enabled },
      after: input,
    });
    return toRoom(after);
  });
}

/** Imports the venue's room list: new rooms are added, known ones get the file's type, code and capacity. */
export async function importRooms(ctx: ServiceContext, csv: string): Promise<{ created: number; updated: number }> {
  const { db, actor } = ctx;
  const { settings } = await getCurrentEdition(db);
  const records = parseRoomsCsv(
    csv,
    settings.roomTypes.map((t) => t.code),
  );
  return db.transaction(async (tx) => {
    const result = await upsertRooms(tx, records);
    await recordAudit(tx, { actor, action: 'lodging.import_rooms', subjectType: 'room', subjectId: 'inventory', after: result });
    return result;
  });
}

/** On first start the inventory is empty: load the seed file. Later starts change nothing. */
export async function seedRoomsIfEmpty(ctx: ServiceContext): Promise<boolean> {
  if ((await countRooms(ctx.db)) > 0) return false;
  await importRooms(ctx, await readFile(ctx.config.roomsSeedFile, 'utf8'));
  return true;
}

// Figures and exports -------------------------------------------------------------------------------------

/** The dashboard's lodging figures: enabled reservations by type, free rooms per type, guests per night. */
export async function lodgingFigures(db: DbOrTx): Promise<LodgingFigures> {
  const rows = await listReservationRows(db, { enabled: 'yes' });
  const byType = new Map<string, { reservations: number; guests: number }>();
  const perNight = new Map<string, number>();
  for (const row of rows) {
    const entry = byType.get(row.roomType) ?? { reservations: 0, guests: 0 };
    entry.reservations += 1;
    entry.guests += row.guests.length;
    byType.set(row.roomType, entry);
    for (let night = row.arrivalDate; night < row.departureDate; night = addDays(night, 1)) {
      perNight.set(night, (perNight.get(night) ?? 0) + row.guests.length);
    }
  }
  return {
    reservationsByType: [...byType.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([roomType, v]) => ({ roomType, ...v })),
    freeRoomsByType: await countRoomsByType(db),
    guestsPerNight: [...perNight.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, guests]) => ({ date, guests })),
  };
}

/** The lodging group of the back office's start page (labels: `dashboard.<key>` of the web's lodging namespace). */
export async function lodgingDashboardFigures(ctx: ServiceContext): Promise<DashboardFigure[]> {
  const { db } = ctx;
  const [figures, withoutRoom] = await Promise.all([lodgingFigures(db), listReservationTotals(db, { enabled: 'yes', assigned: 'no' })]);
  const link = '/mgmt/reservations';
  return [
    { key: 'reservations', value: figures.reservationsByType.reduce((sum, r) => sum + r.reservations, 0), unit: 'count', link },
    { key: 'guests', value: figures.reservationsByType.reduce((sum, r) => sum + r.guests, 0), unit: 'count', link },
    { key: 'withoutRoom', value: withoutRoom.reservations, unit: 'count', link },
    { key: 'freeRooms', value: figures.freeRoomsByType.reduce((sum, r) => sum + r.free, 0), unit: 'count', link },
    { key: 'busiestNight', value: Math.max(0, ...figures.guestsPerNight.map((n) => n.guests)), unit: 'count', link },
  ];
}

/** The venue's rooming list and kitchen list of every enabled reservation, as an xlsx workbook. */
export async function exportStayWorkbook(db: DbOrTx, language: Language): Promise<Buffer> {
  const { settings } = await getCurrentEdition(db);
  const rows = await listReservationRows(db, { enabled: 'yes' });
  const assigned = await listAssignedRooms(
    db,
    rows.map((r) => r.id),
  );
  const entries = rows
    .map((row) => ({ row, rooms: (assigned.get(row.id) ?? []).map((r) => r.number), totalCents: priceOf(settings, row).totalCents }))
    .sort((a, b) => a.row.number.localeCompare(b.row.number));
  return buildStayWorkbook(settings, entries, language);
}

/** The kitchen's figures: each day's meals by age group, over every enabled reservation (DOMAIN.md §2). */
export async function countReservedMeals(db: DbOrTx): Promise<MealCountRow[]> {
  const { settings } = await getCurrentEdition(db);
  return countMealsPerDay(settings, await listReservationRows(db, { enabled: 'yes' }));
}

/** A stay as the venue sees it: who sleeps in which rooms and eats which meals (the desk's roster, the badges' meals label). */
export type GuestStay = {
  reservationId: string;
  number: string;
  roomType: string;
  rooms: string[];
  arrivalDate: string;
  departureDate: string;
  mealPlan: MealPlan;
  guests: ReservationGuest[];
};

/** Every enabled reservation with its guests and assigned rooms, by request number. */
export async function listGuestStays(db: DbOrTx): Promise<GuestStay[]> {
  const rows = await listReservationRows(db, { enabled: 'yes' });
  const assigned = await listAssignedRooms(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((row) => ({
      reservationId: row.id,
      number: row.number,
      roomType: row.roomType,
      rooms: (assigned.get(row.id) ?? []).map((r) => r.number),
      arrivalDate: row.arrivalDate,
      departureDate: row.departureDate,
      mealPlan: row.mealPlan,
      guests: row.guests,
    }))
    .sort((a, b) => a.number.localeCompare(b.number));
}
