import { and, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { PersonalDataOverview } from '@bjk/domain';
import { familyAbsences, familySessions, retentionRuns } from './family.tables.js';
import { runRetention } from './retention.service.js';
import { registrationPhotos, registrations } from '../enrolment/enrolment.tables.js';
import { seedRoomsIfEmpty } from '../lodging/lodging.service.js';
import { reservations } from '../lodging/lodging.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { participantPhotos, participants } from '../participants/participants.tables.js';
import { invoices, paymentRequests } from '../payments/payments.tables.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { systemContext } from '../../platform/service-context.js';
import { badgePhoto, enrolChild, familySignIn } from '../../../test/families.js';
import { childGuest, makeReservation, stayInput } from '../../../test/family-stays.js';
import { changeEditionSettings } from '../../../test/edition-settings.js';
import { managerHeaders } from '../../../test/managers.js';
import { pdfText } from '../../../test/pdf-files.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../../test/test-app.js';

// The shredder (decision 0016, issue #26): after the edition, personal data no law asks for goes; results, who took
// part and the accounting records stay, until accounting law lets those go too.

const FAMILY = 'clara.parent@example.test';
const ADDRESS = 'Kerkstraat 5, 8400 Oostende';

// The demo edition ends on 2027-02-21: by default its personal data goes six months later, its accounting people
// ten whole years after 2027.
const BEFORE_DUE = '2027-08-22T11:59:00Z';
const PERSONAL_DUE = '2027-08-22T12:00:00Z';
const ACCOUNTING_DUE = '2038-01-01T12:00:00Z';

/** A family's edition on a database of its own: what the shredder erases, keeps or has not reached yet. */
type World = { ctx: TestContext; registrationId: string; reservationId: string; requestId: number; paymentPageToken: string };

async function familyWorld(): Promise<World> {
  const ctx = await createTestApp();
  await seedMembersIfEmpty(systemContext(ctx));
  await seedRoomsIfEmpty(systemContext(ctx));
  const admin = await managerHeaders(ctx);
  await changeEditionSettings(ctx, {
    familyAbsences: { rounds: [{ round: 3, deadline: '2027-02-17T08:00:00+01:00', halfPointBye: false }], maxHalfPointByes: 0 },
  });
  // A child enrolled (photo, parent's contacts) and confirmed: the start list's entry and its payment request follow.
  const registrationId = await enrolChild(ctx, { idbel: 45107, parentEmail: FAMILY, parentName: 'Clara Parent', photo: await badgePhoto() });
  // A room for the family.
  const stay = stayInput({ firstName: 'Clara', lastName: 'Parent', email: FAMILY, address: ADDRESS }, childGuest('Emma'), { remarks: 'Emma eats no nuts' });
  const { id: reservationId } = await makeReservation(ctx, stay);

  // The enrolment is paid and invoiced.
  const [request] = await ctx.db.select().from(paymentRequests).where(eq(paymentRequests.editionCode, 'bjk2027'));
  const requestId = request!.id;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/pr/${requestId}/payments`,
    headers: admin,
    payload: { amountCents: request!.totalCents, paidOn: '2026-11-21', remark: 'cash at the desk' },
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  const invoice = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/pr/${requestId}/invoice`,
    headers: admin,
    payload: { customerName: 'Clara Parent', customerAddress: ADDRESS, customerVatNumber: '', sendEmail: false },
  });
  expect(invoice.statusCode, invoice.body).toBe(201);

  // The family signs in, changes a contact and announces an absence: sessions, audit entries in its name, mails.
  const cookie = await familySignIn(ctx, FAMILY);
  const changed = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/family/children/${registrationId}/contacts`,
    headers: { cookie },
    payload: {
      email: '',
      mobile: '',
      parent: { fullName: 'Clara Parent', email: FAMILY, mobile: '+32 470 99 88 77' },
      attendant: { fullName: '', email: '', mobile: '' },
    },
  });
  expect(changed.statusCode, changed.body).toBe(204);
  const absent = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/family/children/${registrationId}/absences`,
    headers: { cookie },
    payload: { round: 3, kind: 'absent', remark: 'dentist' },
  });
  expect(absent.statusCode, absent.body).toBe(200);
  // The mails went out.
  await ctx.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(TEST_NOW) });
  return { ctx, registrationId, reservationId, requestId, paymentPageToken: request!.publicToken };
}

/** The world after the first stage ran at its due time: answers the stage's runs. */
async function erasePersonalData({ ctx }: World) {
  ctx.clock.set(PERSONAL_DUE);
  return runRetention(ctx.db, ctx.clock);
}

/** A world of the test's own, closed when the test ends. */
async function ownWorld(): Promise<World> {
  const world = await familyWorld();
  onTestFinished(() => world.ctx.close());
  return world;
}

// Two worlds the reading tests share: the edition before any stage ran, and after the first stage.
let untouched: World;
let erased: World;
beforeAll(async () => {
  untouched = await familyWorld();
  erased = await familyWorld();
  expect(await erasePersonalData(erased)).toHaveLength(1);
}, 240_000);
afterAll(async () => {
  await untouched?.ctx.close();
  await erased?.ctx.close();
});

const registration = async ({ ctx, registrationId }: World) => (await ctx.db.select().from(registrations).where(eq(registrations.id, registrationId)))[0]!;
const participant = async ({ ctx, registrationId }: World) =>
  (await ctx.db.select().from(participants).where(eq(participants.registrationId, registrationId)))[0]!;
const reservation = async ({ ctx, reservationId }: World) => (await ctx.db.select().from(reservations).where(eq(reservations.id, reservationId)))[0]!;
const request = async ({ ctx, requestId }: World) => (await ctx.db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId)))[0]!;
const invoice = async ({ ctx, requestId }: World) => (await ctx.db.select().from(invoices).where(eq(invoices.requestId, requestId)))[0]!;
/** The personal-data overview of the demo edition, as a manager logged in now sees it (the test clock may have moved past earlier sessions). */
async function personalData({ ctx }: World): Promise<PersonalDataOverview> {
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/v1/family/mgmt/personal-data', headers: await managerHeaders(ctx) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<PersonalDataOverview>();
}
const demoEdition = (overview: PersonalDataOverview) => overview.editions.find((e) => e.endDate === '2027-02-21')!;

describe('the shredder', () => {
  it('erases nothing of an edition before its retention period is over', async () => {
    const { ctx, registrationId } = untouched;
    ctx.clock.set(BEFORE_DUE);
    expect(await runRetention(ctx.db, ctx.clock)).toEqual([]);
    expect((await registration(untouched)).parent.email).toBe(FAMILY);
    expect(await ctx.db.select().from(registrationPhotos).where(eq(registrationPhotos.registrationId, registrationId))).toHaveLength(1);
    expect((await reservation(untouched)).address).toBe(ADDRESS);
  });

  it('is shown to managers per edition before it runs: what is still held and when each stage is due', async () => {
    expect((await untouched.ctx.app.inject({ method: 'GET', url: '/api/v1/family/mgmt/personal-data' })).statusCode).toBe(401);
    const overview = await personalData(untouched);
    const edition = demoEdition(overview);
    // The child (registration and participant: contacts, photos, birth year), the stay (contact, 2 guests, remarks),
    // the payment request (address and payer).
    expect(edition.counts.photos).toBe(2);
    expect(edition.counts.contacts).toBeGreaterThanOrEqual(3);
    expect(edition.counts.birthDates).toBeGreaterThanOrEqual(4);
    expect(edition.counts.accountingNames).toBeGreaterThanOrEqual(1);
    expect(edition.stages).toEqual([
      { stage: 'personal_data', dueAt: new Date(PERSONAL_DUE).toISOString(), ranAt: null, counts: null },
      { stage: 'accounting', dueAt: new Date(ACCOUNTING_DUE).toISOString(), ranAt: null, counts: null },
    ]);
    expect(overview.shared.mails).toBeGreaterThan(0);
  });

  it('after the period erases contacts, photos, birth years, guests, remarks, absences, mails and the family in the audit', async () => {
    const world = await ownWorld();
    const { ctx, registrationId, reservationId } = world;
    const before = { participant: await participant(world), reservation: await reservation(world) };
    const runs = await erasePersonalData(world);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ edition: 'bjk2027', stage: 'personal_data' });
    expect(runs[0]!.counts).toMatchObject({ registrations: 1, registrationPhotos: 1, participants: 1, participantPhotos: 1, reservations: 1, absences: 1 });

    const child = await registration(world);
    expect(child).toMatchObject({ email: '', mobile: '', birthYear: null, gender: null, remarks: '' });
    expect(child.parent).toEqual({ fullName: '', email: '', mobile: '' });
    expect(await ctx.db.select().from(registrationPhotos).where(eq(registrationPhotos.registrationId, registrationId))).toHaveLength(0);
    const player = await participant(world);
    expect(player.id).toBe(before.participant.id);
    expect(player).toMatchObject({ email: '', parentName: '', parentEmail: '', attendantEmail: '', remarks: '' });
    expect(await ctx.db.select().from(participantPhotos).where(eq(participantPhotos.participantId, player.id))).toHaveLength(0);
    expect(await ctx.db.select().from(familyAbsences).where(eq(familyAbsences.registrationId, registrationId))).toHaveLength(0);
    expect(await ctx.db.select().from(familySessions)).toHaveLength(0);
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(0);

    const stay = await reservation(world);
    expect(stay).toMatchObject({ firstName: '', lastName: '', email: '', mobile: '', address: '', remarks: '' });
    // The stay stays as figures: the guests' ages on the first day (46 and 10, so their age groups), not their names
    // or birth dates.
    expect(stay.guests).toEqual([
      { firstName: '', lastName: '', birthDate: '1981-01-01', participates: false },
      { firstName: '', lastName: '', birthDate: '2017-01-01', participates: true },
    ]);
    expect(stay).toMatchObject({ roomType: before.reservation.roomType, arrivalDate: '2027-02-15', departureDate: '2027-02-21', mealPlan: 'half' });

    const audit = await ctx.db
      .select()
      .from(auditEntries)
      .where(
        or(
          and(eq(auditEntries.subjectType, 'registration'), eq(auditEntries.subjectId, registrationId)),
          and(eq(auditEntries.subjectType, 'reservation'), eq(auditEntries.subjectId, reservationId)),
          and(eq(auditEntries.subjectType, 'participant'), eq(auditEntries.subjectId, String(player.id))),
        ),
      );
    expect(audit.length).toBeGreaterThan(0);
    for (const entry of audit) {
      expect(entry.before).toBeNull();
      expect(entry.after).toBeNull();
    }
    expect(
      await ctx.db
        .select()
        .from(auditEntries)
        .where(like(auditEntries.actorEmail, `%${FAMILY}%`)),
    ).toHaveLength(0);
    expect(audit.some((e) => e.actorEmail === 'family:erased')).toBe(true);
  });

  it('keeps who took part and the accounting records: the names on the start list, the payment and its invoice', async () => {
    const { ctx, requestId, paymentPageToken } = erased;
    const player = await participant(erased);
    const child = await registration(erased);
    expect([player.firstName, player.lastName, player.idbel, player.category]).toEqual([child.firstName, child.lastName, 45107, child.category]);
    expect(player.firstName).not.toBe('');
    const pr = await request(erased);
    expect(pr).toMatchObject({ payerEmails: [], status: 'paid' });
    expect(pr.payerName).not.toBe('');
    expect(await invoice(erased)).toMatchObject({ customerName: 'Clara Parent', customerAddress: ADDRESS });
    // Months later: a manager signs in anew.
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr/${requestId}/invoice.pdf`, headers: await managerHeaders(ctx) });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Clara Parent');
    // The payment page's old link opens nothing any more.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/public/${pr.publicToken}` })).statusCode).toBe(200);
    const oldPage = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/public/${paymentPageToken}` });
    expect(oldPage.statusCode).toBe(404);
  });

  it('is shown after the first stage ran: no contacts, photos, birth dates or remarks left, the accounting names kept', async () => {
    const edition = demoEdition(await personalData(erased));
    expect(edition.counts).toMatchObject({ contacts: 0, photos: 0, birthDates: 0, remarks: 0, deskEvents: 0 });
    expect(edition.counts.accountingNames).toBeGreaterThanOrEqual(1);
    expect(edition.stages[0]).toMatchObject({ stage: 'personal_data', ranAt: expect.any(String), counts: expect.objectContaining({ registrations: 1 }) });
    expect(edition.stages[1]!.ranAt).toBeNull();
  });

  it('runs each stage once, even when two instances run it at the same time', async () => {
    const { ctx } = erased;
    ctx.clock.set('2027-09-01T12:00:00Z');
    const [a, b] = await Promise.all([runRetention(ctx.db, ctx.clock), runRetention(ctx.db, ctx.clock)]);
    expect([...a, ...b]).toEqual([]);
    expect(await ctx.db.select().from(retentionRuns)).toHaveLength(1);
  });

  it('ten whole years after the financial year erases the people on the accounting records and keeps the figures', async () => {
    const world = await ownWorld();
    const { ctx } = world;
    expect(await erasePersonalData(world)).toHaveLength(1);
    const figures = await request(world);
    ctx.clock.set(new Date(Date.parse(ACCOUNTING_DUE) - 60_000).toISOString());
    expect(await runRetention(ctx.db, ctx.clock)).toEqual([]);
    ctx.clock.set(ACCOUNTING_DUE);
    const runs = await runRetention(ctx.db, ctx.clock);
    expect(runs.map((r) => r.stage)).toEqual(['accounting']);
    const pr = await request(world);
    expect(pr).toMatchObject({ payerName: '', payerAddress: '', payerEmails: [] });
    expect([pr.totalCents, pr.receivedCents, pr.structuredMessage, pr.lines]).toEqual([
      figures.totalCents,
      figures.receivedCents,
      figures.structuredMessage,
      figures.lines,
    ]);
    expect(await invoice(world)).toMatchObject({ customerName: '', customerAddress: '', totalCents: pr.totalCents });
  });
});

describe('the retention settings', () => {
  it('are saved with the edition, and a period shorter than accounting law allows is refused', async () => {
    const ctx = await createTestApp();
    onTestFinished(() => ctx.close());
    const saved = await changeEditionSettings(ctx, { retention: { personalDataMonths: 12, accountingYears: 11 } });
    expect(saved.retention).toEqual({ personalDataMonths: 12, accountingYears: 11 });
    await expect(changeEditionSettings(ctx, { retention: { personalDataMonths: 12, accountingYears: 7 } })).rejects.toThrow(/400/);
  });
});
