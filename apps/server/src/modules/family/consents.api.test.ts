import sharp from 'sharp';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgeSummary, ConsentChoices, FamilyOverview, Participant, PublicParticipantList } from '@bjk/domain';
import { familySignInRequests } from './family.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { participants } from '../participants/participants.tables.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { systemContext } from '../../platform/service-context.js';
import { multipartFile } from '../../../test/bank-statements.js';
import { changeEditionSettings } from '../../../test/edition-settings.js';
import { managerHeaders } from '../../../test/managers.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../../test/test-app.js';

// Consent per purpose for minors (issue #26, decision 0020): chosen in the wizard, changed by the family or a manager
// (audited with who), honoured by the public participants list and the badges.

let ctx: TestContext;
let photo: Buffer;
let admin: { authorization: string };
const FAMILY_A = 'anna.parent@example.test';
const FAMILY_B = 'bert.parent@example.test';
const ALL: ConsentChoices = { badgePhoto: true, webPhoto: true, publicName: true };
const children = { emma: '', lucas: '', bert: '' };
const cookies = { a: '', b: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedMembersIfEmpty(systemContext(ctx));
  admin = await managerHeaders(ctx);
  photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();
  children.emma = await enrol(45107, FAMILY_A, { badgePhoto: true, webPhoto: false, publicName: false });
  children.lucas = await enrol(45108, FAMILY_A, ALL);
  children.bert = await enrol(45109, FAMILY_B, ALL);
  cookies.a = await signIn(FAMILY_A);
  cookies.b = await signIn(FAMILY_B);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function draft(idbel: number, parentEmail: string): Promise<string> {
  const lookup = (await ctx.app.inject({ method: 'GET', url: `/api/v1/registration/idbel/${idbel}` })).json();
  const payload = {
    idbel,
    category: lookup.eligibleCategories[0],
    email: '',
    mobile: '',
    parent: { fullName: 'A Parent', email: parentEmail, mobile: '+32 470 12 34 56' },
    attendant: { fullName: '', email: '', mobile: '' },
    language: 'nl',
  };
  const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/registration/bjk', payload });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json();
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/registration/photo/${id}`,
    ...multipartFile('photo.jpg', photo, 'photo', 'image/jpeg'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return id as string;
}

const confirm = (id: string, consents?: ConsentChoices) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/registration/confirm/${id}`, payload: { consent: true, ...(consents ? { consents } : {}) } });

async function enrol(idbel: number, parentEmail: string, consents: ConsentChoices): Promise<string> {
  const id = await draft(idbel, parentEmail);
  const confirmed = await confirm(id, consents);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return id;
}

async function signIn(email: string): Promise<string> {
  ctx.clock.set(TEST_NOW);
  await ctx.db.delete(familySignInRequests);
  const asked = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/sign-in-link', payload: { email, language: 'nl' } });
  expect(asked.statusCode).toBe(202);
  const [mail] = (
    await ctx.db.select({ text: mailOutbox.text, to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.kind, 'family.sign_in')).orderBy(desc(mailOutbox.id))
  ).filter((m) => m.to.includes(email));
  const token = /\/family\/welcome#([A-Za-z0-9_.-]+)/.exec(mail!.text)![1]!;
  const session = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/session', payload: { token } });
  expect(session.statusCode, session.body).toBe(200);
  return String(session.headers['set-cookie']).split(';')[0]!;
}

const overview = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me?language=en', headers: { cookie } })).json<FamilyOverview>();
const childIn = async (cookie: string, id: string) => (await overview(cookie)).children.find((c) => c.registrationId === id)!;
const changeByFamily = (cookie: string, id: string, choices: ConsentChoices) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/family/children/${id}/consents`, headers: { cookie }, payload: choices });
const participantOf = async (registrationId: string) => (await ctx.db.select().from(participants).where(eq(participants.registrationId, registrationId)))[0]!;
const publicList = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/participant/public/bjk' })).json<PublicParticipantList>();
async function badgeSummary(): Promise<BadgeSummary> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/print/badges/summary?scope=all', headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BadgeSummary>();
}
const lastAudit = async (action: string, subjectId: string) =>
  (
    await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, action), eq(auditEntries.subjectId, subjectId)))
      .orderBy(desc(auditEntries.id))
      .limit(1)
  )[0];

describe('consent per purpose', () => {
  it('is stored per child as chosen in the wizard, with when and by whom, and copied to the start list', async () => {
    const emma = await childIn(cookies.a, children.emma);
    expect(emma.consents).toEqual({
      badgePhoto: true,
      webPhoto: false,
      publicName: false,
      changedAt: new Date(TEST_NOW).toISOString(),
      changedBy: 'enrolment',
    });
    expect((await overview(cookies.a)).optionalConsents).toEqual(ALL);
    const participant = await participantOf(children.emma);
    expect([participant.consentBadgePhoto, participant.consentWebPhoto, participant.consentPublicName]).toEqual([true, false, false]);
  });

  it('keeps a child without the name consent off the public list: counted per category, not named', async () => {
    const emma = await participantOf(children.emma);
    const list = await publicList();
    expect(list.items.map((p) => p.id)).not.toContain(emma.id);
    expect(list.items.map((p) => p.lastName)).not.toContain(emma.lastName);
    expect(list.items).toHaveLength(2);
    expect(list.unnamed).toEqual([{ category: emma.category, count: 1 }]);
  });

  it('is changed by the family (audited as the family’s) and the public list follows at once', async () => {
    const changed = await changeByFamily(cookies.a, children.emma, { badgePhoto: true, webPhoto: true, publicName: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ webPhoto: true, publicName: true, changedBy: 'family' });
    const audit = await lastAudit('enrolment.family_consents', children.emma);
    expect(audit!.actorEmail).toBe(`family:${FAMILY_A}`);
    expect(audit!.before).toEqual({ badgePhoto: true, webPhoto: false, publicName: false });
    expect(audit!.after).toEqual({ badgePhoto: true, webPhoto: true, publicName: true });
    const list = await publicList();
    expect(list.items).toHaveLength(3);
    expect(list.unnamed).toEqual([]);
  });

  it('is changed by no other family: the other family’s child answers not found, and nothing changes', async () => {
    const probe = await changeByFamily(cookies.b, children.emma, { badgePhoto: false, webPhoto: false, publicName: false });
    expect(probe.statusCode).toBe(404);
    expect(probe.json().code).toBe('family.not_found');
    expect((await childIn(cookies.a, children.emma)).consents.publicName).toBe(true);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/v1/family/children/${children.emma}/consents`, payload: ALL })).statusCode).toBe(401);
    const withManagerToken = await ctx.app.inject({ method: 'PUT', url: `/api/v1/family/children/${children.emma}/consents`, headers: admin, payload: ALL });
    expect(withManagerToken.statusCode).toBe(401);
  });

  it('prints the badge without the photo once the badge-photo consent is withdrawn', async () => {
    const lucas = await participantOf(children.lucas);
    const name = `${lucas.firstName} ${lucas.lastName}`;
    const full = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
    expect((await badgeSummary()).withoutPhoto.map(full)).not.toContain(name);
    expect((await changeByFamily(cookies.a, children.lucas, { badgePhoto: false, webPhoto: false, publicName: true })).statusCode).toBe(200);
    expect((await badgeSummary()).withoutPhoto.map(full)).toContain(name);
    expect((await childIn(cookies.a, children.lucas)).hasPhoto).toBe(true);
  });

  it('is seen and changed by a manager on the participant (audited with the manager), and the family sees who changed it', async () => {
    const bert = await participantOf(children.bert);
    const url = `/api/v1/participant/bjk/${bert.id}/consents`;
    expect((await ctx.app.inject({ method: 'PUT', url, payload: ALL })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url, headers: { cookie: cookies.b }, payload: ALL })).statusCode).toBe(401);
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/bjk/${bert.id}`, headers: admin });
    expect(seen.json<Participant>().consents).toMatchObject(ALL);
    const changed = await ctx.app.inject({ method: 'PUT', url, headers: admin, payload: { badgePhoto: true, webPhoto: false, publicName: false } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Participant>().consents).toMatchObject({ webPhoto: false, publicName: false, changedBy: 'manager' });
    const audit = await lastAudit('participants.consents', String(bert.id));
    expect(audit!.actorEmail).toMatch(/^manager-/);
    expect(audit!.after).toEqual({ badgePhoto: true, webPhoto: false, publicName: false });
    expect((await childIn(cookies.b, children.bert)).consents).toMatchObject({ publicName: false, changedBy: 'manager' });
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/v1/participant/bjk/999999/consents`, headers: admin, payload: ALL })).json().code).toBe(
      'participants.not_found',
    );
  });

  it('cannot be refused for a purpose the edition makes a condition of taking part, in the wizard or on the family page', async () => {
    await changeEditionSettings(ctx, { optionalConsents: { badgePhoto: false, webPhoto: true, publicName: true } });
    try {
      const refusedOnPage = await changeByFamily(cookies.a, children.emma, { badgePhoto: false, webPhoto: true, publicName: true });
      expect(refusedOnPage.statusCode).toBe(422);
      expect(refusedOnPage.json()).toMatchObject({ code: 'enrolment.consent_required', details: { purposes: ['badgePhoto'] } });
      expect((await childIn(cookies.a, children.emma)).consents.badgePhoto).toBe(true);
      const id = await draft(45110, FAMILY_A);
      const refusedInWizard = await confirm(id, { badgePhoto: false, webPhoto: false, publicName: false });
      expect(refusedInWizard.statusCode).toBe(422);
      expect(refusedInWizard.json().code).toBe('enrolment.consent_required');
      expect((await confirm(id, { badgePhoto: true, webPhoto: false, publicName: false })).statusCode).toBe(200);
    } finally {
      await changeEditionSettings(ctx, { optionalConsents: ALL });
    }
  });
});
