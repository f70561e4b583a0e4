import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendee, DeskEventBatchResult, DeskEventInput, DeskEventsPage, DeskRoster, Participant } from '@bjk/domain';
import { addPlayers } from '../../../test/badge-holders.js';
import { managerHeaders } from '../../../test/managers.js';
import { assignFreeRoom, makeReservation, stayInput } from '../../../test/family-stays.js';
import { createSecondInstance, createTestApp, type TestContext } from '../../../test/test-app.js';
import { systemContext } from '../../platform/service-context.js';
import { seedRoomsIfEmpty } from '../lodging/lodging.service.js';

let ctx: TestContext;
let desk: Record<string, string>;
let registrar: Record<string, string>;
let players: Participant[];
let guest: Attendee;
let room: string;

/** The second day of the 2027 edition, late morning in Brussels. */
const MORNING = '2027-02-16T11:30:00+01:00';

async function post(batch: DeskEventInput[], headers = desk) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/desk/events', headers, payload: { events: batch } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeskEventBatchResult>();
}

function scan(badgeId: string, mode: 'arrival' | 'departure', scannedAt: string, deskName = 'Desk 1'): DeskEventInput {
  return { id: randomUUID(), badgeId, mode, scannedAt, desk: deskName };
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedRoomsIfEmpty(systemContext(ctx));
  registrar = await managerHeaders(ctx, ['registrar']);
  players = await addPlayers(ctx.app, systemContext(ctx), registrar, [
    { idbel: 81001, firstName: 'Éloïse', lastName: 'Dubois', birthYear: 2014, category: 'U14' },
    { idbel: 81002, firstName: 'Noah', lastName: 'Peeters', birthYear: 2012, category: 'U16', photo: false },
    { idbel: 81003, firstName: 'Lena', lastName: 'Janssens', birthYear: 2016, category: 'U12', mealsCode: 'BO' },
  ]);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/guest/Mia/Maes/EAT', headers: registrar });
  guest = created.json<Attendee>();
  const updated = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/attendee/bjk/${guest.id}`,
    headers: registrar,
    payload: { ...guest, mealsCode: 'HB', id: undefined, kind: undefined, createdAt: undefined },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  // Éloïse sleeps in a double room with her mother, half board; the name is typed without accents by the family.
  const contact = { firstName: 'Claire', lastName: 'Dubois', email: 'claire@example.be' };
  const { id } = await makeReservation(
    ctx,
    stayInput(contact, { firstName: 'Eloise', lastName: 'DUBOIS', birthDate: '2014-05-02', participates: true }, { language: 'fr' }),
  );
  room = await assignFreeRoom(ctx, id, await managerHeaders(ctx, ['lodging_desk']));
  const treasurer = await managerHeaders(ctx, ['treasurer']);
  const pr = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/participant_bjk_pr/${players[0]!.id}`, headers: treasurer });
  expect(pr.statusCode, pr.body).toBe(201);
  ctx.clock.set(MORNING);
  desk = await managerHeaders(ctx, ['desk']);
  registrar = await managerHeaders(ctx, ['registrar']);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the venue desk', () => {
  it("gives a desk the day's roster: photo, category, payment, room, nights and the meals booked", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/roster', headers: desk });
    expect(response.statusCode, response.body).toBe(200);
    const roster = response.json<DeskRoster>();
    expect(roster).toMatchObject({ editionCode: 'bjk2027', date: '2027-02-16', validUntil: '2027-02-16T23:00:00.000Z' });
    const eloise = roster.people.find((p) => p.id === players[0]!.id && p.holder === 'participant')!;
    expect(eloise.badgeId).toBe(`bjk2027:P${players[0]!.id}`);
    expect(eloise.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    expect(eloise.payment).toBe('open');
    expect(eloise.lodging).toMatchObject({ rooms: [room], roomType: 'DH', nights: 6, mealPlan: 'half', payment: 'none' });
    expect(eloise.mealsLabel).toBe('HB');
    expect(eloise.meals[0]).toEqual({ date: '2027-02-15', meals: ['dinner'] });
    expect(eloise.meals.at(-1)).toEqual({ date: '2027-02-21', meals: ['breakfast'] });
    const noah = roster.people.find((p) => p.id === players[1]!.id && p.holder === 'participant')!;
    expect(noah).toMatchObject({ thumbnail: null, payment: 'none', lodging: null, meals: [] });
    // Without a stay, the badge's label decides: breakfasts (BO) and half board (HB) over the edition's days.
    const lena = roster.people.find((p) => p.id === players[2]!.id && p.holder === 'participant')!;
    expect(lena.meals.every((d) => d.meals.join() === 'breakfast')).toBe(true);
    const mia = roster.people.find((p) => p.holder === 'attendee' && p.id === guest.id)!;
    expect(mia).toMatchObject({ badgeId: `bjk2027:A${guest.id}`, category: 'EAT', mealsLabel: 'HB' });
    expect(mia.meals.find((d) => d.date === '2027-02-16')?.meals).toEqual(['breakfast', 'dinner']);
    expect(roster.mealDays.find((d) => d.date === '2027-02-16')?.meals).toEqual(['breakfast', 'lunch', 'dinner']);
  });

  it('refuses the roster and the scans to every role but the desk (deny by default); arbiters read the departures', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/roster' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/roster', headers: registrar })).statusCode).toBe(403);
    const arbiter = await managerHeaders(ctx, ['arbiter']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/roster', headers: arbiter })).statusCode).toBe(403);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/desk/events',
      headers: arbiter,
      payload: { events: [scan(`bjk2027:P${players[0]!.id}`, 'arrival', MORNING)] },
    });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/departures', headers: arbiter })).statusCode).toBe(200);
  });

  it('takes a scan once however often the phone sends it', async () => {
    const arrival = scan(`bjk2027:P${players[1]!.id}`, 'arrival', '2027-02-16T08:20:00+01:00');
    const answers = [await post([arrival]), await post([arrival]), await post([arrival, arrival])];
    for (const answer of answers) expect(answer.events.every((e) => e.id === arrival.id && e.status === 'counted')).toBe(true);
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/events?after=0', headers: desk })).json<DeskEventsPage>();
    expect(page.events.filter((e) => e.id === arrival.id)).toHaveLength(1);
  });

  it('merges two desks that scanned one badge offline: the first scan counts on both, the second is flagged', async () => {
    const badge = `bjk2027:P${players[2]!.id}`;
    const fromDesk2 = scan(badge, 'arrival', '2027-02-16T09:14:00+01:00', 'Desk 2');
    const fromDesk1 = scan(badge, 'arrival', '2027-02-16T09:20:00+01:00', 'Desk 1');
    // Desk 1 comes back online first: its scan counts, for now.
    expect((await post([fromDesk1])).events[0]).toMatchObject({ status: 'counted', first: null });
    // Desk 2 scanned earlier: its scan counts, and desk 1's is "already checked in at 09:14 by desk 2".
    const second = await post([fromDesk2]);
    expect(second.events[0]).toMatchObject({ status: 'counted' });
    const resent = await post([fromDesk1]);
    expect(resent.events[0]).toMatchObject({ status: 'repeat', first: { id: fromDesk2.id, desk: 'Desk 2', scannedAt: '2027-02-16T08:14:00.000Z' } });
  });

  it('refuses a badge of another edition or of nobody, and records the rest of the batch', async () => {
    const good = scan(`bjk2027:A${guest.id}`, 'arrival', MORNING);
    const nobody = scan('bjk2027:P999999', 'arrival', MORNING);
    const old = scan(`bjk2026:P${players[0]!.id}`, 'arrival', MORNING);
    const result = await post([good, nobody, old]);
    expect(result.events.map((e) => e.id)).toEqual([good.id]);
    expect(result.rejected).toEqual(
      expect.arrayContaining([
        { id: nobody.id, code: 'desk.unknown_badge' },
        { id: old.id, code: 'desk.other_edition' },
      ]),
    );
  });

  it('answers malformed scans with a coded 400, never a 500', async () => {
    const bad = [
      { ...scan('bjk2027:P1', 'arrival', MORNING), badgeId: 'https://evil.example/P1' },
      { ...scan('bjk2027:P1', 'arrival', MORNING), mode: 'meal' },
      { ...scan('bjk2027:P1', 'arrival', MORNING), id: 'not-a-uuid' },
      { ...scan('bjk2027:P1', 'arrival', MORNING), desk: '' },
      { ...scan('bjk2027:P99999999999', 'arrival', MORNING) },
    ];
    for (const event of bad) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/desk/events', headers: desk, payload: { events: [event] } });
      expect(response.statusCode, JSON.stringify(event)).toBe(400);
      expect(response.json().code).toBe('platform.validation');
    }
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/v1/desk/events', headers: desk, payload: { events: [] } });
    expect(empty.statusCode).toBe(400);
  });

  it('records meals per day and meal: a second breakfast of one day repeats the first', async () => {
    const badge = `bjk2027:P${players[0]!.id}`;
    const meal = (scannedAt: string, deskName: string, which: 'breakfast' | 'dinner' = 'breakfast'): DeskEventInput => ({
      id: randomUUID(),
      badgeId: badge,
      mode: 'meal',
      meal: { date: '2027-02-16', meal: which },
      scannedAt,
      desk: deskName,
    });
    const first = await post([meal('2027-02-16T08:01:00+01:00', 'Restaurant')]);
    const again = await post([meal('2027-02-16T08:25:00+01:00', 'Restaurant')]);
    expect(first.events[0]!.status).toBe('counted');
    expect(again.events[0]).toMatchObject({ status: 'repeat', first: { id: first.events[0]!.id } });
    const dinner = await post([meal('2027-02-16T08:26:00+01:00', 'Restaurant', 'dinner')]);
    expect(dinner.events[0]!.status).toBe('counted');
  });

  it('shows departures to the arbiters with names, newest first', async () => {
    const arbiter = await managerHeaders(ctx, ['arbiter']);
    await post([scan(`bjk2027:P${players[0]!.id}`, 'departure', '2027-02-16T10:00:00+01:00')]);
    await post([scan(`bjk2027:P${players[0]!.id}`, 'departure', '2027-02-16T10:05:00+01:00', 'Desk 2')]);
    const departures = (await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/departures', headers: arbiter })).json<{
      items: { firstName: string; lastName: string }[];
    }>();
    // This player's departures (another test may have scanned another player's).
    expect(departures.items.filter((d) => d.firstName === 'Éloïse' && d.lastName === 'Dubois')).toEqual([
      expect.objectContaining({ firstName: 'Éloïse', lastName: 'Dubois', category: 'U14', desk: 'Desk 1', scannedAt: '2027-02-16T09:00:00.000Z' }),
    ]);
  });

  it("keeps a desk's sign-in until the end of its day, though nothing slides it while offline", async () => {
    ctx.clock.set('2027-02-16T07:00:00+01:00');
    const headers = await managerHeaders(ctx, ['desk']);
    const ordinary = await managerHeaders(ctx, ['desk']);
    const kept = await ctx.app.inject({ method: 'POST', url: '/api/v1/desk/session', headers });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ expiresAt: '2027-02-16T23:00:00.000Z' });
    // 16 hours without a request (an ordinary session lasts 12 after its last one), at 23:00 the same day.
    ctx.clock.set('2027-02-16T23:00:00+01:00');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/events?after=0', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/desk/events?after=0', headers: ordinary })).statusCode).toBe(401);
    ctx.clock.set(MORNING);
  });

  it('tells desks connected to another instance at once (server-sent events)', async () => {
    const second = await createSecondInstance(ctx);
    try {
      const url = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const response = await fetch(`${url}/api/v1/desk/stream`, { headers: desk, signal: controller.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      while (!buffer.includes(': connected')) buffer += decoder.decode((await reader.read()).value, { stream: true });
      const recorded = await post([scan(`bjk2027:A${guest.id}`, 'departure', MORNING)]);
      while (!/^data: (\d+)$/m.test(buffer)) buffer += decoder.decode((await reader.read()).value, { stream: true });
      expect(Number(/^data: (\d+)$/m.exec(buffer)![1])).toBe(recorded.last);
      controller.abort();
      const refused = await fetch(`${url}/api/v1/desk/stream`);
      expect(refused.status).toBe(401);
    } finally {
      await second.close();
    }
  });
});
