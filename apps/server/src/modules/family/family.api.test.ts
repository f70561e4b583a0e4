import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyOverview } from '@bjk/domain';
import { familySignInRequests } from './family.tables.js';
import { seedRoomsIfEmpty } from '../lodging/lodging.service.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { participantPhotos, participants } from '../participants/participants.tables.js';
import { badgeFingerprint } from '../print/badge-state.js';
import { badgePrints } from '../print/print.tables.js';
import { paymentRequests } from '../payments/payments.tables.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { systemContext } from '../../platform/service-context.js';
import { multipartFile } from '../../../test/bank-statements.js';
import { changeEditionSettings } from '../../../test/edition-settings.js';
import { deliverOutbox, expectMailLayout } from '../../../test/mail-layout.js';
import { managerHeaders } from '../../../test/managers.js';
import { pdfText } from '../../../test/pdf-files.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { badgePhoto, enrolChild, familySignIn } from '../../../test/families.js';
import { childGuest, makeReservation, stayInput } from '../../../test/family-stays.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../../test/test-app.js';

// "My family" (issue #26): a family signs in by a single-use link mailed to its address and sees, changes and asks
// only what belongs to it.

let ctx: TestContext;
let photo: Buffer;
let smtp: SmtpSink;
let admin: { authorization: string };
const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.parse(TEST_NOW) + ms);

const FAMILY_A = 'anna.parent@example.test';
const FAMILY_B = 'bert.parent@example.test';
const children = { emma: '', lucas: '', bert: '' };
let reservationA = '';

beforeAll(async () => {
  ctx = await createTestApp();
  await seedMembersIfEmpty(systemContext(ctx));
  await seedRoomsIfEmpty(systemContext(ctx));
  admin = await managerHeaders(ctx);
  photo = await badgePhoto();
  smtp = await startSmtpSink();
  children.emma = await enrolChild(ctx, { idbel: 45107, parentEmail: FAMILY_A, parentName: 'Anna Parent', photo });
  children.lucas = await enrolChild(ctx, { idbel: 45108, parentEmail: FAMILY_A, parentName: 'Anna Parent', photo });
  children.bert = await enrolChild(ctx, { idbel: 45109, parentEmail: FAMILY_B, parentName: 'Bert Parent', photo });
  reservationA = await reserve(FAMILY_A.toUpperCase());
}, 120_000);
afterAll(async () => {
  await smtp?.close();
  await ctx?.close();
});

async function reserve(email: string): Promise<string> {
  const stay = stayInput({ firstName: 'Anna', lastName: 'Parent', email }, childGuest('Emma'), { language: 'fr' });
  return (await makeReservation(ctx, stay)).id;
}

const askLink = (email: string, language = 'nl') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/sign-in-link', payload: { email, language }, remoteAddress: '10.0.0.1' });

/** The token of the last sign-in mail queued for an address. */
async function lastToken(email: string): Promise<string> {
  const [row] = await ctx.db
    .select({ text: mailOutbox.text, to: mailOutbox.to })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, 'family.sign_in'))
    .orderBy(desc(mailOutbox.id))
    .limit(20)
    .then((rows) => rows.filter((r) => r.to.includes(email)));
  expect(row, `a sign-in mail to ${email}`).toBeDefined();
  const match = /\/family\/welcome#([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})/.exec(row!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const signInMails = async () =>
  (await ctx.db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.kind, 'family.sign_in'))).map((r) => r.to.join(','));

async function clearRateLimit() {
  await ctx.db.delete(familySignInRequests);
}

/** Signs a family in through its mailed link; answers the session cookie. */
const signIn = (email: string) => familySignIn(ctx, email);

function withCookie<T extends { headers: Record<string, string> }>(request: T, cookie: string): T {
  return { ...request, headers: { ...request.headers, cookie } };
}

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/family/me?language=en', headers: { cookie } });

describe('the sign-in link', () => {
  it('answers the same for a known and an unknown address, and mails only the family', async () => {
    ctx.clock.set(TEST_NOW);
    await clearRateLimit();
    const before = (await signInMails()).length;
    const known = await askLink(FAMILY_A);
    const unknown = await askLink('nobody.here@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const mails = await signInMails();
    expect(mails.slice(before)).toEqual([FAMILY_A]);
  });

  it('is asked in any case and mailed in the asked language, arriving with the one layout', async () => {
    ctx.clock.set(TEST_NOW);
    await clearRateLimit();
    expect((await askLink(' Anna.Parent@Example.TEST ', 'fr')).statusCode).toBe(202);
    await deliverOutbox(ctx.db, smtp);
    const mail = smtp.received.findLast((m) => m.subject?.includes('Ma famille'));
    await expectMailLayout(ctx.db, mail, 'fr');
    expect(mail!.envelopeTo).toEqual([FAMILY_A]);
    expect(mail!.text).toMatch(/\/family\/welcome#/);
  });

  it('opens once: the second use of the link is told it was used', async () => {
    ctx.clock.set(TEST_NOW);
    await clearRateLimit();
    await askLink(FAMILY_A);
    const token = await lastToken(FAMILY_A);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/session', payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: FAMILY_A });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^bjk_family=[A-Za-z0-9_-]{43}; Path=\/api\/v1\/family; Max-Age=7200; HttpOnly; SameSite=Strict$/);
    const second = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/session', payload: { token } });
    expect(second.statusCode).toBe(410);
    expect(second.json().code).toBe('platform.link_used');
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('expires after its minutes, and a forged token opens nothing', async () => {
    ctx.clock.set(TEST_NOW);
    await clearRateLimit();
    await askLink(FAMILY_A);
    const token = await lastToken(FAMILY_A);
    ctx.clock.set(at(20 * MINUTE));
    const late = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/session', payload: { token } });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('platform.link_expired');
    const forged = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/session', payload: { token: `${token.slice(0, 23)}${'A'.repeat(43)}` } });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().code).toBe('platform.link_invalid');
    ctx.clock.set(TEST_NOW);
  });

  it('is limited per address, known or not, whatever the client address, and not per client', async () => {
    ctx.clock.set(TEST_NOW);
    await clearRateLimit();
    for (const email of [FAMILY_B, 'stranger@example.test']) {
      for (let i = 0; i < 3; i++) expect((await askLink(email)).statusCode).toBe(202);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/family/anon/sign-in-link',
        payload: { email, language: 'nl' },
        remoteAddress: '192.0.2.77',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('family.too_many_links');
    }
    // Another family behind the same venue address is not locked out.
    expect((await askLink(FAMILY_A)).statusCode).toBe(202);
    // After the window, the address may ask again.
    ctx.clock.set(at(16 * MINUTE));
    expect((await askLink(FAMILY_B)).statusCode).toBe(202);
    ctx.clock.set(TEST_NOW);
  });

  it('gives a session limited in time, ended by signing out', async () => {
    const cookie = await signIn(FAMILY_A);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.set(at(2 * 60 * MINUTE));
    expect((await me(cookie)).statusCode).toBe(401);
    ctx.clock.set(TEST_NOW);
    const other = await signIn(FAMILY_A);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/family/session/sign-out', headers: { cookie: other } })).statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('is sent by a manager from a registration (each contact) and from a reservation', async () => {
    ctx.clock.set(TEST_NOW);
    const before = (await signInMails()).length;
    const fromRegistration = await ctx.app.inject({ method: 'POST', url: `/api/v1/family/mgmt/registration/bjk/${children.bert}/link`, headers: admin });
    expect(fromRegistration.statusCode, fromRegistration.body).toBe(200);
    expect(fromRegistration.json()).toEqual({ sentTo: 1 });
    const fromReservation = await ctx.app.inject({ method: 'POST', url: `/api/v1/family/mgmt/reservation/${reservationA}/link`, headers: admin });
    expect(fromReservation.json()).toEqual({ sentTo: 1 });
    expect((await signInMails()).slice(before)).toEqual([FAMILY_B, FAMILY_A]);
    const [issued] = await ctx.db.select().from(auditEntries).where(eq(auditEntries.action, 'signed_link.issue')).orderBy(desc(auditEntries.id)).limit(1);
    expect(issued!.actorEmail).toBeTruthy();
    // The registrar's link needs the permission: a lodging desk cannot send an enrolment's.
    const desk = await managerHeaders(ctx, ['lodging_desk']);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/family/mgmt/registration/bjk/${children.bert}/link`, headers: desk })).statusCode).toBe(403);
  });

  it('is announced in the enrolment and reservation mails (the family page, not a token)', async () => {
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'enrolment.confirmation.bjk'));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).toContain('/family');
      expect(mail.text).not.toMatch(/welcome#/);
    }
    const [stay] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lodging.reservation_received'));
    expect(stay!.text).toContain('Ma famille');
  });
});

describe('the family page', () => {
  it('shows each child of the family and its reservation, with payments', async () => {
    const cookie = await signIn(FAMILY_A);
    const response = await me(cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const page = response.json<FamilyOverview>();
    expect(page.children.map((c) => c.registrationId).sort()).toEqual([children.emma, children.lucas].sort());
    const emma = page.children.find((c) => c.registrationId === children.emma)!;
    expect(emma).toMatchObject({ status: 'confirmed', relation: ['parent'], consent: true, hasPhoto: true, badge: 'unprinted' });
    expect(emma.payment).toMatchObject({ status: 'open', invoicePath: null });
    expect(emma.payment!.structuredMessage).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    const qr = await ctx.app.inject({ method: 'GET', url: emma.payment!.qrPngPath });
    expect(qr.headers['content-type']).toBe('image/png');
    // The reservation was made with the address in capitals: it is the same family.
    expect(page.reservations).toHaveLength(1);
    expect(page.reservations[0]).toMatchObject({ id: reservationA, roomType: 'DH', nights: 6, mealPlan: 'half', roomTypeLabel: 'Hotel room 2 persons' });
    expect(page.reservations[0]!.guests.map((g) => g.firstName)).toEqual(['Anna', 'Emma']);
  });

  it('replaces a badge photo through sharp, and flags a printed badge for reprint', async () => {
    // A family of its own: the badge it flags is no other test's.
    const family = 'photo.parent@example.test';
    const child = await enrolChild(ctx, { idbel: 45110, parentEmail: family, parentName: 'Pia Parent', photo });
    const cookie = await signIn(family);
    const [participant] = await ctx.db.select().from(participants).where(eq(participants.registrationId, child));
    const [current] = await ctx.db.select().from(participantPhotos).where(eq(participantPhotos.participantId, participant!.id));
    // As the print area stores it when the badge is printed.
    await ctx.db.insert(badgePrints).values({
      editionCode: participant!.editionCode,
      holderType: 'participant',
      holderId: participant!.id,
      fingerprint: badgeFingerprint({ ...participant!, photoVersion: current!.uploadedAt.toISOString() }),
      printedAt: new Date(),
      jobId: randomUUID(),
    });
    expect((await me(cookie)).json<FamilyOverview>().children.find((c) => c.registrationId === child)!.badge).toBe('printed');
    const landscape = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#cc8844' } })
      .png()
      .toBuffer();
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/family/children/${child}/photo`,
      ...withCookie(multipartFile('new.png', landscape, 'photo', 'image/png'), cookie),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ width: 720, height: 900 });
    const stored = await ctx.app.inject({ method: 'GET', url: `/api/v1/family/children/${child}/photo`, headers: { cookie } });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 720, height: 900 });
    expect((await me(cookie)).json<FamilyOverview>().children.find((c) => c.registrationId === child)!.badge).toBe('reprint');
    const [audit] = await ctx.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'participants.replace_photo'))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(audit!.actorEmail).toBe(`family:${family}`);
  });

  it('changes contacts, audited as the family’s change, and keeps a minor’s contact complete', async () => {
    const cookie = await signIn(FAMILY_A);
    const contacts = {
      email: '',
      mobile: '',
      parent: { fullName: 'Anna Parent', email: FAMILY_A, mobile: '+32 470 99 88 77' },
      attendant: { fullName: 'Carl Coach', email: 'carl.coach@example.test', mobile: '+32 471 11 22 33' },
    };
    const changed = await ctx.app.inject({ method: 'PUT', url: `/api/v1/family/children/${children.lucas}/contacts`, headers: { cookie }, payload: contacts });
    expect(changed.statusCode, changed.body).toBe(204);
    const lucas = (await me(cookie)).json<FamilyOverview>().children.find((c) => c.registrationId === children.lucas)!;
    expect(lucas.parent.mobile).toBe('+32470998877');
    expect(lucas.attendant.fullName).toBe('Carl Coach');
    const [audit] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'enrolment.family_contacts'), eq(auditEntries.subjectId, children.lucas)));
    expect(audit!.actorEmail).toBe(`family:${FAMILY_A}`);
    expect(audit!.after).toMatchObject({ attendant: { fullName: 'Carl Coach' } });
    const [participant] = await ctx.db.select().from(participants).where(eq(participants.registrationId, children.lucas));
    expect(participant!.attendantEmail).toBe('carl.coach@example.test');
    // Emptying both contacts of a minor is refused.
    const empty = { fullName: '', email: '', mobile: '' };
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/family/children/${children.lucas}/contacts`,
      headers: { cookie },
      payload: { ...contacts, parent: empty, attendant: empty },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('downloads its own invoice once a paid enrolment is invoiced, and the other family cannot', async () => {
    const a = await signIn(FAMILY_A);
    const payment = (await me(a)).json<FamilyOverview>().children.find((c) => c.registrationId === children.lucas)!.payment!;
    expect(payment.invoicePath).toBeNull();
    const [request] = await ctx.db.select().from(paymentRequests).where(eq(paymentRequests.id, payment.id));
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/pr/${payment.id}/payments`,
      headers: admin,
      payload: { amountCents: request!.totalCents, paidOn: '2026-11-21', remark: 'transfer' },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const invoiced = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/pr/${payment.id}/invoice`,
      headers: admin,
      payload: { customerName: 'Anna Parent', customerAddress: 'Dorpstraat 1, 9000 Gent', customerVatNumber: '', sendEmail: false },
    });
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const listed = (await me(a)).json<FamilyOverview>().children.find((c) => c.registrationId === children.lucas)!.payment!;
    expect(listed.invoicePath).not.toBeNull();
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/v1/family/payments/${payment.id}/invoice.pdf`, headers: { cookie: a } });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Anna Parent');
    expect(text).toContain(String(invoiced.json().number));
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/family/payments/${payment.id}/invoice.pdf`,
      headers: { cookie: await signIn(FAMILY_B) },
    });
    expect(other.statusCode).toBe(404);
  });

  it('sends a change request to the lodging desk, which answers it in the back office', async () => {
    const cookie = await signIn(FAMILY_A);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/family/reservations/${reservationA}/requests`,
      headers: { cookie },
      payload: { kind: 'change', message: 'Could we arrive one day later?' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const desk = await managerHeaders(ctx, ['lodging_desk']);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/family/mgmt/reservation-requests?status=open', headers: desk });
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: asked.json().id, reservationId: reservationA, kind: 'change', requester: 'Anna Parent' }),
    ]);
    const answered = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/family/mgmt/reservation-requests/${asked.json().id}/answer`,
      headers: desk,
      payload: { answer: 'Done: arrival on the 16th.' },
    });
    expect(answered.statusCode).toBe(204);
    const page = (await me(cookie)).json<FamilyOverview>();
    expect(page.reservations[0]!.requests[0]).toMatchObject({ status: 'answered', answer: 'Done: arrival on the 16th.' });
    const history = await ctx.app.inject({ method: 'GET', url: `/api/v1/stay/reservation/${reservationA}`, headers: desk });
    expect(history.json().history.map((h: { action: string }) => h.action)).toContain('family_request.change');
  });
});

describe('two families probing each other', () => {
  it('find nothing of the other: not its children, photos, contacts, absences, reservation or invoices', async () => {
    await changeEditionSettings(ctx, {
      familyAbsences: { rounds: [{ round: 3, deadline: '2027-02-17T12:00:00+01:00', halfPointBye: true }], maxHalfPointByes: 1 },
    });
    const b = await signIn(FAMILY_B);
    const page = (await me(b)).json<FamilyOverview>();
    expect(page.children.map((c) => c.registrationId)).toEqual([children.bert]);
    expect(page.reservations).toEqual([]);
    const probes = [
      { method: 'GET', url: `/api/v1/family/children/${children.emma}/photo` },
      { method: 'POST', url: `/api/v1/family/children/${children.emma}/absences`, payload: { round: 3, kind: 'absent' } },
      {
        method: 'PUT',
        url: `/api/v1/family/children/${children.emma}/contacts`,
        payload: {
          email: '',
          mobile: '',
          parent: { fullName: 'X', email: 'x@example.test', mobile: '+32 470 12 34 56' },
          attendant: { fullName: '', email: '', mobile: '' },
        },
      },
      { method: 'POST', url: `/api/v1/family/reservations/${reservationA}/requests`, payload: { kind: 'cancel', message: 'cancel it' } },
    ] as const;
    for (const probe of probes) {
      const answer = await ctx.app.inject({ ...probe, headers: { cookie: b } });
      expect(answer.statusCode, `${probe.method} ${probe.url}`).toBe(404);
      expect(answer.json().code).toBe('family.not_found');
    }
    // The family's data download holds its own child only, nothing of the other family.
    const data = await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me/data.json', headers: { cookie: b } });
    expect(data.statusCode).toBe(200);
    expect(data.json().children.map((c: { enrolment: { id: string } }) => c.enrolment.id)).toEqual([children.bert]);
    expect(data.body).not.toContain(FAMILY_A);
    const emmaPayment = (await me(await signIn(FAMILY_A))).json<FamilyOverview>().children.find((c) => c.registrationId === children.emma)!.payment!;
    const invoice = await ctx.app.inject({ method: 'GET', url: `/api/v1/family/payments/${emmaPayment.id}/invoice.pdf`, headers: { cookie: b } });
    expect(invoice.statusCode).toBe(404);
  });

  it('a manager’s token and an expired link open no family page', async () => {
    const managerToken = await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me', headers: admin });
    expect(managerToken.statusCode).toBe(401);
    ctx.clock.set(TEST_NOW);
    await clearRateLimit();
    await askLink(FAMILY_B);
    const token = await lastToken(FAMILY_B);
    ctx.clock.set(at(30 * MINUTE));
    const expired = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/session', payload: { token } });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['set-cookie']).toBeUndefined();
    ctx.clock.set(TEST_NOW);
    // A family's cookie opens no back-office route either.
    const b = await signIn(FAMILY_B);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/family/mgmt/absences', headers: { cookie: b } })).statusCode).toBe(401);
  });
});

describe('absences and byes', () => {
  it('are announced before the deadline, confirmed by mail, listed for the arbiters and exported for the pairing program', async () => {
    await changeEditionSettings(ctx, {
      familyAbsences: {
        rounds: [
          { round: 1, deadline: '2026-11-20T12:00:00+01:00', halfPointBye: false },
          { round: 5, deadline: '2027-02-18T12:00:00+01:00', halfPointBye: false },
          { round: 6, deadline: '2027-02-19T12:00:00+01:00', halfPointBye: true },
          { round: 7, deadline: '2027-02-19T18:00:00+01:00', halfPointBye: true },
        ],
        maxHalfPointByes: 1,
      },
    });
    const cookie = await signIn(FAMILY_A);
    const ask = (round: number, kind: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/family/children/${children.emma}/absences`,
        headers: { cookie },
        payload: { round, kind, remark: 'school trip' },
      });
    const absent = await ask(5, 'absent');
    expect(absent.statusCode, absent.body).toBe(200);
    // A double click answers the same request.
    expect((await ask(5, 'absent')).json().id).toBe(absent.json().id);
    expect((await ask(5, 'half_point_bye')).json().code).toBe('family.bye_not_allowed');
    expect((await ask(1, 'absent')).json().code).toBe('family.deadline_passed');
    expect((await ask(2, 'absent')).json().code).toBe('family.round_not_offered');
    expect((await ask(6, 'half_point_bye')).statusCode).toBe(200);
    expect((await ask(7, 'half_point_bye')).json().code).toBe('family.bye_limit_reached');
    const confirmations = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'family.absence'));
    expect(confirmations).toHaveLength(2);
    expect(confirmations[0]!.to).toEqual([FAMILY_A]);

    const arbiter = await managerHeaders(ctx, ['arbiter']);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/family/mgmt/absences?round=5`, headers: arbiter });
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json().items;
    expect(row).toMatchObject({ round: 5, kind: 'absent', status: 'requested', remark: 'school trip' });
    expect(row.playerName).toMatch(/, /);
    const noted = await ctx.app.inject({ method: 'PUT', url: `/api/v1/family/mgmt/absences/${row.id}/noted`, headers: arbiter, payload: { noted: true } });
    expect(noted.json()).toMatchObject({ status: 'noted' });
    expect(noted.json().notedBy).toBeTruthy();
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/v1/family/mgmt/absences.csv?category=${row.category}`, headers: arbiter });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Categorie;Ronde;Startnummer;Naam;Stamnummer;Aanvraag;Status;Opmerking');
    expect(lines.slice(1).map((l) => l.split(';').slice(1, 2).concat(l.split(';').slice(5, 7)))).toEqual([
      ['5', 'Afwezig', 'Verwerkt'],
      ['6', 'Bye van een halve punt', 'Aangevraagd'],
    ]);
    // The family sees it taken into account; after the deadline it can no longer withdraw it.
    const mine = (await me(cookie)).json<FamilyOverview>().children.find((c) => c.registrationId === children.emma)!;
    expect(mine.absences.map((a) => [a.round, a.status])).toEqual([
      [5, 'noted'],
      [6, 'requested'],
    ]);
    const withdrawn = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/family/children/${children.emma}/absences/${mine.absences[1]!.id}`,
      headers: { cookie },
    });
    expect(withdrawn.statusCode).toBe(204);
    ctx.clock.set('2027-02-18T13:00:00+01:00');
    await clearRateLimit();
    await askLink(FAMILY_A);
    const later = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/session', payload: { token: await lastToken(FAMILY_A) } });
    const laterCookie = String(later.headers['set-cookie']).split(';')[0]!;
    const tooLate = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/family/children/${children.emma}/absences/${mine.absences[0]!.id}`,
      headers: { cookie: laterCookie },
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe('family.deadline_passed');
    ctx.clock.set(TEST_NOW);
    // Without the permission the list is closed; the arbiter role reads it, a desk volunteer does not.
    const volunteer = await managerHeaders(ctx, ['desk']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/family/mgmt/absences', headers: volunteer })).statusCode).toBe(403);
  });
});
