import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MakeReservationInput } from '@bjk/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { deliverOutbox, expectMailLayout } from '../../../test/mail-layout.js';
import { managerHeaders } from '../../../test/managers.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { reservations, roomAssignments } from './lodging.tables.js';
import { seedRoomsIfEmpty } from './lodging.service.js';
import { systemContext } from '../../platform/service-context.js';

let ctx: TestContext;
let desk: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedRoomsIfEmpty(systemContext(ctx));
  desk = await managerHeaders(ctx, ['lodging_desk']);
});
afterAll(async () => ctx?.close());

function family(overrides: Partial<MakeReservationInput> = {}): MakeReservationInput {
  return {
    submissionId: randomUUID(),
    language: 'nl',
    contact: {
      firstName: 'Els',
      lastName: 'Maes',
      email: `els.${randomUUID().slice(0, 8)}@example.be`,
      mobile: '+32 475 12 34 56',
      address: 'Kerkstraat 1, 9000 Gent',
    },
    roomType: 'AP4',
    arrivalDate: '2027-02-14',
    departureDate: '2027-02-22',
    guests: [
      { firstName: 'Els', lastName: 'Maes', birthDate: '1984-04-02', participates: false },
      { firstName: 'Tom', lastName: 'Maes', birthDate: '2014-09-12', participates: true },
      { firstName: 'Lies', lastName: 'Maes', birthDate: '2018-01-20', participates: true },
    ],
    mealPlan: 'half',
    remarks: 'Tom eet vegetarisch',
    ...overrides,
  };
}

async function reserve(body: MakeReservationInput) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/stay/cmd/make_reservation', payload: body });
}

async function reservationId(number: string): Promise<string> {
  const rows = await ctx.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.number, number));
  return rows[0]!.id;
}

describe('the public reservation request', () => {
  it('stores the request with a readable number and queues the confirmation in the family language', async () => {
    const body = family();
    const response = await reserve(body);
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.number).toMatch(/^R2027-\d{4}$/);
    // 8 nights AP4 (2 extra) + half board for adult, under 18 and under 12 + tourist tax.
    expect(result.totalCents).toBe(8 * 10000 + 8 * (4600 + 3000 + 2600) + 8 * 3 * 200);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lodging.reservation_received'));
    const mail = mails.find((m) => m.to.includes(body.contact.email));
    expect(mail?.language).toBe('nl');
    expect(mail?.subject).toContain(result.number);
    expect(mail?.text).toContain('Tom Maes');
    expect(mail?.text).toContain('halfpension');
    // As it arrives: in the one layout, in the family's language.
    const smtp = await startSmtpSink();
    try {
      await deliverOutbox(ctx.db, smtp);
      const delivered = smtp.received.find((m) => m.envelopeTo.includes(body.contact.email));
      await expectMailLayout(ctx.db, delivered, 'nl');
      expect(delivered!.text).toContain('Tom Maes');
    } finally {
      await smtp.close();
    }
  });

  it('makes one reservation of a wizard run submitted twice, even at the same moment', async () => {
    const body = family();
    const answers = await Promise.all([reserve(body), reserve(body), reserve(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().number)).size).toBe(1);
    const stored = await ctx.db.select().from(reservations).where(eq(reservations.submissionId, body.submissionId));
    expect(stored).toHaveLength(1);
  });

  it('takes a request number only for a reservation really made: twenty identical submissions use one', async () => {
    const body = family();
    const answers = await Promise.all(Array.from({ length: 20 }, () => reserve(body)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    const numbers = new Set(answers.map((a) => a.json().number as string));
    expect(numbers.size).toBe(1);
    const sequenceOf = (number: string) => Number(number.slice(-4));
    const next = (await reserve(family())).json().number as string;
    expect(sequenceOf(next)).toBe(sequenceOf([...numbers][0]!) + 1);
  });

  it('answers a likely duplicate (same contact, dates and room type) until the visitor confirms it', async () => {
    const first = family();
    expect((await reserve(first)).statusCode).toBe(201);
    const again = { ...family(), contact: { ...first.contact, email: first.contact.email.toUpperCase() } };
    const warned = await reserve(again);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().code).toBe('lodging.likely_duplicate');
    // Other dates or another room type are no duplicate.
    expect((await reserve({ ...family(), contact: first.contact, departureDate: '2027-02-21' })).statusCode).toBe(201);
    const confirmed = await reserve({ ...again, allowDuplicate: true });
    expect(confirmed.statusCode).toBe(201);
    const stored = await ctx.db
      .select()
      .from(reservations)
      .where(sql`lower(${reservations.email}) = lower(${first.contact.email})`);
    expect(stored).toHaveLength(3);
  });

  it('makes one reservation of ten submitted at once by one contact from ten wizard runs, and ten when each is confirmed', async () => {
    const contact = family().contact;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => reserve({ ...family(), contact: { ...contact, email: i % 2 ? contact.email.toUpperCase() : contact.email } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'lodging.likely_duplicate')).toBe(true);
    // The wizard's "yes, we really want another room": every confirmed one is made.
    const confirmed = await Promise.all(Array.from({ length: 10 }, () => reserve({ ...family(), contact, allowDuplicate: true })));
    expect(confirmed.map((a) => a.statusCode)).toEqual(Array<number>(10).fill(201));
    const stored = await ctx.db
      .select()
      .from(reservations)
      .where(sql`lower(${reservations.email}) = lower(${contact.email})`);
    expect(stored).toHaveLength(11);
  });

  it('replays the answer of a request retried with the same idempotency key', async () => {
    const body = family();
    const headers = { 'idempotency-key': `rsv-${randomUUID()}` };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/v1/stay/cmd/make_reservation', payload: body, headers });
    const second = await ctx.app.inject({ method: 'POST', url: '/api/v1/stay/cmd/make_reservation', payload: body, headers });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().number).toBe(first.json().number);
  });

  it('rejects an invalid mobile number, a missing address and a country code that does not exist', async () => {
    const response = await reserve(family({ contact: { firstName: 'Els', lastName: 'Maes', email: 'els@example.be', mobile: '+999 123', address: '' } }));
    expect(response.statusCode).toBe(400);
    const messages = response.json().details.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Invalid country code', 'Address is required']));
    const landline = await reserve(family({ contact: { ...family().contact, mobile: '+32 9 123 45 67' } }));
    expect(landline.json().details.issues[0].message).toBe('Not a valid mobile number');
  });

  it('refuses a room type the edition does not offer, too many guests, dates outside the stay and a meal plan of another type', async () => {
    expect((await reserve(family({ roomType: 'AP7' }))).json().code).toBe('lodging.room_type_not_offered');
    const tooMany = family({ roomType: 'DH' });
    expect((await reserve(tooMany)).json().code).toBe('lodging.guest_count');
    expect((await reserve(family({ arrivalDate: '2027-02-13' }))).json().code).toBe('lodging.dates_outside_window');
    expect((await reserve(family({ departureDate: '2027-02-14' }))).json().code).toBe('lodging.dates_outside_window');
    expect((await reserve(family({ mealPlan: 'breakfast' }))).json().code).toBe('lodging.meal_plan_not_offered');
    const unborn = family();
    unborn.guests[2]!.birthDate = '2027-06-01';
    const response = await reserve(unborn);
    expect(response.json().details.issues[0].path).toBe('guests.2.birthDate');
  });

  it('is closed before the lodging window opens and after it closes', async () => {
    ctx.clock.set('2026-09-30T23:00:00+02:00');
    expect((await reserve(family())).json()).toMatchObject({ code: 'lodging.not_started' });
    ctx.clock.set('2027-02-01T00:00:01+01:00');
    const closed = await reserve(family());
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('lodging.closed');
    ctx.clock.set('2026-11-21T10:00:00+01:00');
    expect((await reserve(family())).statusCode).toBe(201);
  });
});

describe('the lodging desk', () => {
  it('keeps reservations, rooms and the workbook away from visitors', async () => {
    for (const url of ['/api/v1/stay/reservation', '/api/v1/room/freeroom/AP4', '/api/v1/stay/cmd/xls_stay', '/api/v1/room']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const editor = await managerHeaders(ctx, ['editor']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/reservation', headers: editor })).statusCode).toBe(403);
  });

  it('seeds the venue inventory once: 170 rooms from 101 to 414, the floor from the first digit', async () => {
    expect(await seedRoomsIfEmpty(systemContext(ctx))).toBe(false);
    // The seeded rooms (the CSV import test may have added room 415 already).
    const rooms = (await ctx.app.inject({ method: 'GET', url: '/api/v1/room', headers: desk }))
      .json()
      .items.filter((room: { number: string }) => Number(room.number) <= 414);
    expect(rooms).toHaveLength(170);
    expect(rooms[0]).toMatchObject({ number: '101', floor: 1 });
    expect(rooms.at(-1)).toMatchObject({ number: '414', floor: 4 });
  });

  it('lists reservations with search, filters, paging and totals', async () => {
    const body = family({ contact: { ...family().contact, lastName: 'Zoekmij' } });
    const { number } = (await reserve(body)).json();
    const found = await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/reservation?search=zoekmij', headers: desk });
    expect(found.json().items.map((i: { number: string }) => i.number)).toEqual([number]);
    expect(found.json().totals.guests).toBe(3);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/reservation?pageSize=2&page=1&roomType=AP4&assigned=no', headers: desk });
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBeGreaterThan(2);
  });

  it('assigns a free room of the right type, refuses the wrong type, a small room and a taken one, and unassigns', async () => {
    const id = await reservationId((await reserve(family())).json().number);
    const other = await reservationId((await reserve(family())).json().number);
    const free = (await ctx.app.inject({ method: 'GET', url: '/api/v1/room/freeroom/AP4', headers: desk })).json().items;
    const room = free[0].number;
    const wrongType = await ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${id}/101`, headers: desk });
    expect(wrongType.json().code).toBe('lodging.room_wrong_type');
    const assigned = await ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${id}/${room}`, headers: desk });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().rooms.map((r: { number: string }) => r.number)).toEqual([room]);
    expect(assigned.json().history.map((h: { action: string }) => h.action)).toEqual(['created', 'room_assigned']);
    const taken = await ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${other}/${room}`, headers: desk });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('lodging.room_taken');
    const stillFree = (await ctx.app.inject({ method: 'GET', url: '/api/v1/room/freeroom/AP4', headers: desk })).json().items;
    expect(stillFree.map((r: { number: string }) => r.number)).not.toContain(room);
    const notTheirs = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/stay/cmd/assignroom/${other}/${room}`, headers: desk });
    expect(notTheirs.json().code).toBe('lodging.room_not_assigned');
    const freed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/stay/cmd/assignroom/${id}/${room}`, headers: desk });
    expect(freed.json().rooms).toEqual([]);
    const audit = await ctx.db.select().from(auditEntries).where(eq(auditEntries.subjectId, id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['lodging.assign_room', 'lodging.unassign_room']));

    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/room/${room}`,
      headers: desk,
      payload: { roomType: 'AP4', venueCode: 'A', capacity: 2, blocked: false, enabled: true },
    });
    const small = await ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${id}/${room}`, headers: desk });
    expect(small.json().code).toBe('lodging.room_too_small');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/room/${room}`,
      headers: desk,
      payload: { roomType: 'AP4', venueCode: 'A', capacity: 4, blocked: true, enabled: true },
    });
    const blocked = await ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${id}/${room}`, headers: desk });
    expect(blocked.json().code).toBe('lodging.room_unavailable');
  });

  it('lets fifty concurrent assignments of one room to different reservations leave exactly one', async () => {
    const ids = await Promise.all(
      Array.from({ length: 50 }, async () =>
        reservationId((await reserve(family({ roomType: 'AP6', guests: family().guests.concat(family().guests.slice(0, 2)) }))).json().number),
      ),
    );
    const room = (await ctx.app.inject({ method: 'GET', url: '/api/v1/room/freeroom/AP6', headers: desk })).json().items[0].number;
    const answers = await Promise.all(ids.map((id) => ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${id}/${room}`, headers: desk })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409 && a.json().code === 'lodging.room_taken')).toHaveLength(49);
    const holders = await ctx.db.select().from(roomAssignments).where(eq(roomAssignments.roomNumber, room));
    expect(holders).toHaveLength(1);
  });

  it('edits every field, records the change, and asks to free the rooms before disabling', async () => {
    const id = await reservationId((await reserve(family())).json().number);
    const current = (await ctx.app.inject({ method: 'GET', url: `/api/v1/stay/reservation/${id}`, headers: { ...desk, 'accept-language': 'en' } })).json();
    expect(current.price.lines[0].description).toBe('Stay: Apartment 4 persons');
    const room = (await ctx.app.inject({ method: 'GET', url: '/api/v1/room/freeroom/AP4', headers: desk })).json().items[0].number;
    await ctx.app.inject({ method: 'POST', url: `/api/v1/stay/cmd/assignroom/${id}/${room}`, headers: desk });
    const edit = {
      language: 'fr',
      contact: { ...current.contact, lastName: 'Maes-Peeters' },
      roomType: 'AP4',
      arrivalDate: '2027-02-15',
      departureDate: '2027-02-21',
      guests: [
        ...current.guests.map(({ ageGroup: _, ...g }: { ageGroup: string }) => g),
        { firstName: 'Noor', lastName: 'Maes', birthDate: '2025-05-05', participates: false },
      ],
      mealPlan: 'half',
      remarks: current.remarks,
      internalRemarks: 'Ground floor preferred',
      discount: { kind: 'percent', percent: 10 },
      enabled: true,
    };
    const updated = await ctx.app.inject({ method: 'PUT', url: `/api/v1/stay/reservation/${id}`, headers: desk, payload: edit });
    expect(updated.statusCode).toBe(200);
    const body = updated.json();
    expect(body.guests.map((g: { ageGroup: string }) => g.ageGroup)).toEqual(['adult', 'under18', 'under12', 'under3']);
    expect(body.price.lines.at(-1)).toMatchObject({ kind: 'discount' });
    expect(body.history.at(-1)).toMatchObject({ action: 'updated', actor: expect.any(String) });

    const disable = await ctx.app.inject({ method: 'PUT', url: `/api/v1/stay/reservation/${id}`, headers: desk, payload: { ...edit, enabled: false } });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ code: 'lodging.rooms_assigned', details: { rooms: [room] } });
    const disabled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/stay/reservation/${id}`,
      headers: desk,
      payload: { ...edit, enabled: false, freeRooms: true },
    });
    expect(disabled.json()).toMatchObject({ enabled: false, rooms: [] });
    expect(disabled.json().history.map((h: { action: string }) => h.action)).toContain('rooms_freed');
  });

  it('exports the rooming list and the kitchen list as a workbook', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/cmd/xls_stay', headers: { ...desk, 'accept-language': 'en' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Reservations', 'Guests', 'Meals per day']);
    const enabled = await ctx.db
      .select({ n: sql<string>`count(*)` })
      .from(reservations)
      .where(eq(reservations.enabled, true));
    expect(workbook.getWorksheet('Reservations')!.rowCount).toBe(Number(enabled[0]!.n) + 1);
    const meals = workbook.getWorksheet('Meals per day')!;
    expect(meals.getRow(1).values).toEqual([undefined, 'Date', 'Meal', 'Adults', 'Under 18', 'Under 12', 'Under 3', 'Total']);
    expect(meals.getRow(2).getCell(1).value).toBe('2027-02-14');
    expect(meals.getRow(2).getCell(2).value).toBe('dinner');
  });

  it("writes the workbook's sheet names, column headers and coded values in the manager's language", async () => {
    const workbookIn = async (language: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/cmd/xls_stay', headers: { ...desk, 'accept-language': language } });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return workbook;
    };
    const headersIn = async (language: string) => (await workbookIn(language)).worksheets.map((sheet) => (sheet.getRow(1).values as unknown[]).slice(1, 6));
    const nl = await workbookIn('nl-BE,nl;q=0.9');
    expect(nl.worksheets.map((s) => s.name)).toEqual(['Reservaties', 'Gasten', 'Maaltijden per dag']);
    expect(nl.getWorksheet('Maaltijden per dag')!.getRow(2).getCell(2).value).toBe('avondmaal');
    const guests = nl.getWorksheet('Gasten')!;
    const column = (name: string) => (guests.getRow(1).values as unknown[]).indexOf(name);
    const values = (name: string) => guests.getColumn(column(name)).values.slice(2);
    expect(values('Speelt mee').length).toBeGreaterThan(0);
    expect(values('Speelt mee').every((v) => v === 'ja' || v === 'nee')).toBe(true);
    expect(values('Maaltijden').every((v) => ['geen maaltijden', 'ontbijt', 'halfpension', 'volpension'].includes(String(v)))).toBe(true);
    expect((await workbookIn('fr')).worksheets.map((s) => s.name)).toEqual(['Réservations', 'Personnes', 'Repas par jour']);
    expect((await workbookIn('de')).worksheets.map((s) => s.name)).toEqual(['Reservierungen', 'Gäste', 'Mahlzeiten pro Tag']);
    expect(await headersIn('nl')).toEqual([
      ['Nummer', 'Familienaam', 'Voornaam', 'E-mail', 'Gsm'],
      ['Nummer', 'Kamers', 'Kamertype', 'Familienaam', 'Voornaam'],
      ['Datum', 'Maaltijd', 'Volwassenen', 'Onder 18', 'Onder 12'],
    ]);
    expect((await headersIn('fr'))[1]).toEqual(['Numéro', 'Chambres', 'Type de logement', 'Nom', 'Prénom']);
    expect((await headersIn('de'))[2]).toEqual(['Datum', 'Mahlzeit', 'Erwachsene', 'Unter 18', 'Unter 12']);
  });

  it('imports the venue room list from CSV and reports bad lines', async () => {
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/room/cmd/import_csv',
      headers: desk,
      payload: { csv: 'room;type;venue_code;capacity\n101;SH;H101;1\n415;AP4;A415;4\n' },
    });
    expect(ok.json()).toEqual({ created: 1, updated: 1 });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/room/cmd/import_csv',
      headers: desk,
      payload: { csv: 'room,type,capacity\n416,XX,4\n417,AP4,0\n' },
    });
    expect(bad.json().code).toBe('lodging.csv_invalid');
    expect(bad.json().details.issues).toHaveLength(2);
  });

  it('sums the figures for the dashboard', async () => {
    const figures = (await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/figures', headers: desk })).json();
    expect(figures.reservationsByType.find((r: { roomType: string }) => r.roomType === 'AP4').reservations).toBeGreaterThan(0);
    expect(figures.freeRoomsByType.find((r: { roomType: string }) => r.roomType === 'SH')).toMatchObject({ total: 10, free: 10 });
    expect(figures.guestsPerNight[0].date).toBe('2027-02-14');
    const dashboard = (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: desk })).json();
    const lodging = dashboard.groups.find((g: { area: string }) => g.area === 'lodging');
    expect(lodging.figures.map((f: { key: string }) => f.key)).toEqual(['reservations', 'guests', 'withoutRoom', 'freeRooms', 'busiestNight']);
  });
});
