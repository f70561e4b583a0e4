import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyPrivacyRequest, PrivacyRequestRow } from '@bjk/domain';
import { registrationPhotos, registrations } from '../enrolment/enrolment.tables.js';
import { seedRoomsIfEmpty } from '../lodging/lodging.service.js';
import { reservations } from '../lodging/lodging.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { participantPhotos, participants } from '../participants/participants.tables.js';
import { paymentRequests } from '../payments/payments.tables.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { systemContext } from '../../platform/service-context.js';
import { appWithManager } from '../../../test/managers.js';
import { pdfText } from '../../../test/pdf-files.js';
import { badgePhoto, enrolFamily, familySignIn } from '../../../test/families.js';
import { childGuest, makeReservation, stayInput } from '../../../test/family-stays.js';
import type { TestContext } from '../../../test/test-app.js';

// Erasure and correction requests (issue #26, decision 0021): a family asks, the organisers approve or refuse with a
// reason, an approved erasure runs the shredder's own erasers on the family's rows, the family is mailed its answer.

let ctx: TestContext;
let photo: Buffer;
let registrar: { authorization: string };
// Two families the reading tests share; the tests that ask and answer make families of their own.
const FAMILY_A = 'anna.parent@example.test';
const FAMILY_B = 'bert.parent@example.test';
const children = { emma: '', lucas: '', bert: '' };

beforeAll(async () => {
  ({ ctx, headers: registrar } = await appWithManager(['registrar']));
  await seedMembersIfEmpty(systemContext(ctx));
  await seedRoomsIfEmpty(systemContext(ctx));
  photo = await badgePhoto();
  [children.emma, children.lucas] = (await familyOf(FAMILY_A, 2)) as [string, string];
  [children.bert] = (await familyOf(FAMILY_B, 1)) as [string];
  await reserve(FAMILY_B);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

// Each member's child is enrolled once: every family takes the next ones.
let nextIdbel = 45107;
const familyOf = (email: string, count: number) =>
  enrolFamily(
    ctx,
    email,
    Array.from({ length: count }, () => nextIdbel++),
    { photo, language: 'fr' },
  );
/** A family of the test's own, with its children's registration ids. */
async function newFamily(count: number): Promise<{ email: string; ids: string[] }> {
  const email = `parent.${randomUUID().slice(0, 8)}@example.test`;
  return { email, ids: await familyOf(email, count) };
}

async function reserve(email: string): Promise<string> {
  const stay = stayInput({ firstName: 'Bert', lastName: 'Parent', email, address: 'Hauptstraße 5, 4700 Eupen' }, childGuest('Bertje'), {
    language: 'de',
    remarks: 'Ground floor please',
  });
  return (await makeReservation(ctx, stay)).id;
}

const signIn = (email: string) => familySignIn(ctx, email);

const ask = (cookie: string, payload: Record<string, unknown>, language = 'fr') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/family/privacy-requests?language=${language}`, headers: { cookie }, payload });
const answer = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = registrar) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/family/mgmt/privacy-requests/${id}/answer`, headers, payload });
const registrationOf = async (id: string) => (await ctx.db.select().from(registrations).where(eq(registrations.id, id)))[0]!;
const participantOf = async (id: string) => (await ctx.db.select().from(participants).where(eq(participants.registrationId, id)))[0]!;
const lastMailTo = async (email: string, kind: string) =>
  (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(desc(mailOutbox.id))).find((m) => m.to.includes(email));
const mailsNaming = async (email: string, name: string) =>
  (
    await ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(sql`${mailOutbox.to} ? ${email}`, sql`position(${name} in ${mailOutbox.text}) > 0`, sql`${mailOutbox.kind} <> 'family.privacy_answer'`))
  ).length;

describe('the readable export', () => {
  it('is a PDF of the family’s data in its language, reopened with pdftotext, and holds nothing of another family', async () => {
    const cookieA = await signIn(FAMILY_A);
    const cookieB = await signIn(FAMILY_B);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me/data.pdf' })).statusCode).toBe(401);
    const pdf = await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me/data.pdf?language=fr', headers: { cookie: cookieA } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    const emma = await registrationOf(children.emma);
    const lucas = await registrationOf(children.lucas);
    const bert = await registrationOf(children.bert);
    expect(text).toContain('Ma famille : nos données vous concernant');
    expect(text).toContain(FAMILY_A);
    expect(text).toContain(`${emma.firstName} ${emma.lastName}`);
    expect(text).toContain(`${lucas.firstName} ${lucas.lastName}`);
    expect(text).toContain(`Parent: A Parent, ${FAMILY_A}, +32470123456`);
    expect(text).toContain('Consentements (photo du badge, site web, nom sur la liste): oui · non · oui');
    // Readable: coded values in words (sex, language), never the codes the JSON download carries.
    expect(text).toMatch(/Genre: (Masculin|Féminin)/);
    expect(text).toMatch(/Langue: (Nederlands|Français|Deutsch|English)/);
    expect(text).not.toMatch(/Genre: [MF]$|Langue: (nl|fr|de|en)$/m);
    expect(text).not.toContain(FAMILY_B);
    expect(text).not.toContain(`${bert.firstName} ${bert.lastName}`);
    const textB = await pdfText(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me/data.pdf?language=de', headers: { cookie: cookieB } })).rawPayload,
    );
    expect(textB).toContain('Meine Familie: unsere Daten über Sie');
    expect(textB).toContain('Hauptstraße 5, 4700 Eupen');
    expect(textB).not.toContain(FAMILY_A);
  });
});

describe('privacy requests', () => {
  it('are asked by a family about its own children only, and listed for managers with a token only', async () => {
    const family = await newFamily(1);
    const [child] = family.ids;
    const cookieA = await signIn(family.email);
    const cookieB = await signIn(FAMILY_B);
    const probe = await ask(cookieB, { kind: 'erasure', registrationId: child });
    expect(probe.statusCode).toBe(404);
    expect(probe.json().code).toBe('family.not_found');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/family/privacy-requests', payload: { kind: 'erasure', registrationId: null } })).statusCode,
    ).toBe(401);
    const invalid = await ask(cookieA, { kind: 'correction', registrationId: child, correction: {} });
    expect(invalid.statusCode).toBe(400);
    const asked = await ask(cookieA, { kind: 'correction', registrationId: child, correction: { lastName: 'Peeters-Dubois' }, message: 'Double name' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json<FamilyPrivacyRequest>()).toMatchObject({ kind: 'correction', status: 'open', correction: { lastName: 'Peeters-Dubois', firstName: '' } });
    const overviewA = (await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me', headers: { cookie: cookieA } })).json();
    expect(overviewA.privacyRequests.map((r: FamilyPrivacyRequest) => r.id)).toEqual([asked.json().id]);
    const overviewB = (await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me', headers: { cookie: cookieB } })).json();
    expect(overviewB.privacyRequests).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/family/mgmt/privacy-requests' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/family/mgmt/privacy-requests', headers: { cookie: cookieA } })).statusCode).toBe(401);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/family/mgmt/privacy-requests?status=open', headers: registrar });
    expect(list.json<{ items: PrivacyRequestRow[] }>().items.filter((r) => r.requester === family.email)).toMatchObject([
      { requester: family.email, kind: 'correction', registrationKind: 'bjk', childName: expect.stringMatching(/\S+ \S+/) },
    ]);
    expect((await answer(asked.json().id, { approve: true }, { cookie: cookieA })).statusCode).toBe(401);
  });

  it('are refused only with a reason, which the family is mailed in its language; nothing is erased', async () => {
    const family = await newFamily(1);
    const [child] = family.ids;
    const asked = await ask(await signIn(family.email), { kind: 'erasure', registrationId: child });
    expect(asked.statusCode, asked.body).toBe(201);
    const noReason = await answer(asked.json().id, { approve: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details.issues[0].path).toBe('body.reason');
    const refused = await answer(asked.json().id, { approve: false, reason: 'Le paiement est encore ouvert.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<PrivacyRequestRow>()).toMatchObject({
      status: 'refused',
      reason: 'Le paiement est encore ouvert.',
      answeredBy: expect.stringMatching(/^manager-/),
    });
    const mail = await lastMailTo(family.email, 'family.privacy_answer');
    expect(mail!.language).toBe('fr');
    expect(mail!.subject).toMatch(/réponse à votre demande/);
    expect(mail!.text).toContain('Motif : Le paiement est encore ouvert.');
    expect((await registrationOf(child!)).parent.email).toBe(family.email);
    const again = await answer(asked.json().id, { approve: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('family.request_answered');
  });

  it('erase one child on approval with the shredder’s erasers: contacts, photos, birth year, remarks, mails naming the child; results names and the payment stay', async () => {
    const family = await newFamily(2);
    const [emma, lucas] = family.ids as [string, string];
    const cookieA = await signIn(family.email);
    const before = await registrationOf(emma);
    const name = `${before.firstName} ${before.lastName}`;
    expect(await mailsNaming(family.email, name)).toBeGreaterThan(0);
    const participant = await participantOf(emma);
    const [payment] = await ctx.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.sourceId, String(participant.id)));
    expect(payment).toBeDefined();
    const asked = await ask(cookieA, { kind: 'erasure', registrationId: emma, message: 'Merci' });
    const approved = await answer(asked.json().id, { approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await registrationOf(emma);
    expect(after).toMatchObject({ email: '', mobile: '', birthYear: null, remarks: '', parent: { fullName: '', email: '', mobile: '' } });
    expect([after.firstName, after.lastName]).toEqual([before.firstName, before.lastName]);
    expect(await ctx.db.select().from(registrationPhotos).where(eq(registrationPhotos.registrationId, emma))).toEqual([]);
    expect(await ctx.db.select().from(participantPhotos).where(eq(participantPhotos.participantId, participant.id))).toEqual([]);
    expect(await participantOf(emma)).toMatchObject({ parentEmail: '', birthYear: null, firstName: participant.firstName });
    const [kept] = await ctx.db.select().from(paymentRequests).where(eq(paymentRequests.id, payment!.id));
    expect(kept).toMatchObject({ payerName: payment!.payerName, totalCents: payment!.totalCents, payerEmails: [] });
    expect(await mailsNaming(family.email, name)).toBe(0);
    // The other child of the family keeps everything.
    expect((await registrationOf(lucas)).parent.email).toBe(family.email);
    const [audit] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'family.privacy_request_approved'), eq(auditEntries.subjectId, asked.json().id)));
    expect(audit!.after).toMatchObject({ kind: 'erasure', whole: false, erased: { registrations: 1, participants: 1, photos: 2, paymentRequests: 1 } });
    expect(JSON.stringify(audit!.after)).not.toContain(family.email);
    const mail = await lastMailTo(family.email, 'family.privacy_answer');
    expect(mail!.text).toContain(`Les données personnelles de ${name} sont effacées`);
    // The family's page no longer holds the child; the session stays (one child only).
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me', headers: { cookie: cookieA } });
    expect(page.json().children.map((c: { registrationId: string }) => c.registrationId)).toEqual([lucas]);
  });

  it('erase the whole family on approval: children, the reservation’s people, mails and sessions; mailed in German', async () => {
    const family = await newFamily(1);
    const [child] = family.ids;
    const reservation = await reserve(family.email);
    const cookieB = await signIn(family.email);
    const asked = await ask(cookieB, { kind: 'erasure', registrationId: null }, 'de');
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await answer(asked.json().id, { approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await registrationOf(child!)).parent.email).toBe('');
    const [stay] = await ctx.db.select().from(reservations).where(eq(reservations.id, reservation));
    expect(stay).toMatchObject({ email: '', firstName: '', address: '', remarks: '' });
    expect(stay!.guests.map((g) => g.firstName)).toEqual(['', '']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me', headers: { cookie: cookieB } })).statusCode).toBe(401);
    const toB = (
      await ctx.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.to} ? ${family.email}`)
    ).map((m) => m.kind);
    expect(toB).toEqual(['family.privacy_answer']);
    const mail = await lastMailTo(family.email, 'family.privacy_answer');
    expect(mail!.language).toBe('de');
    expect(mail!.text).toContain('Die personenbezogenen Daten Ihrer Familie sind gelöscht');
    // Family A's rows are untouched.
    expect((await registrationOf(children.lucas)).parent.email).toBe(FAMILY_A);
  });
});
