import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgeSummary, ConsentChoices, FamilyOverview, Participant, PublicParticipantList } from '@bjk/domain';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { participants } from '../participants/participants.tables.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { systemContext } from '../../platform/service-context.js';
import { changeEditionSettings } from '../../../test/edition-settings.js';
import { managerHeaders } from '../../../test/managers.js';
import { badgePhoto, confirmChild, draftChild, enrolChild, familySignIn } from '../../../test/families.js';
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
  photo = await badgePhoto();
  children.emma = await enrolChild(ctx, { idbel: 45107, parentEmail: FAMILY_A, photo }, { badgePhoto: true, webPhoto: false, publicName: false });
  children.lucas = await enrolChild(ctx, { idbel: 45108, parentEmail: FAMILY_A, photo }, ALL);
  children.bert = await enrolChild(ctx, { idbel: 45109, parentEmail: FAMILY_B, photo }, ALL);
  cookies.a = await familySignIn(ctx, FAMILY_A);
  cookies.b = await familySignIn(ctx, FAMILY_B);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const overview = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/family/me?language=en', headers: { cookie } })).json<FamilyOverview>();
const childIn = async (cookie: string, id: string) => (await overview(cookie)).children.find((c) => c.registrationId === id)!;
const changeByFamily = (cookie: string, id: string, choices: ConsentChoices) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/family/children/${id}/consents`, headers: { cookie }, payload: choices });
const participantOf = async (registrationId: string) => (await ctx.db.select().from(participants).where(eq(participants.registrationId, registrationId)))[0]!;
const publicList = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/participant/public/bjk' })).json<PublicParticipantList>();
/** How many children of the category the public list counts without naming them (no entry: none). */
const unnamedIn = (list: PublicParticipantList, category: string) => list.unnamed.find((u) => u.category === category)?.count ?? 0;
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
    const before = await publicList();
    const id = await enrolChild(ctx, { idbel: 45111, parentEmail: FAMILY_A, photo }, { badgePhoto: true, webPhoto: false, publicName: false });
    const child = await participantOf(id);
    const list = await publicList();
    expect(list.items.map((p) => p.id)).not.toContain(child.id);
    expect(list.items.map((p) => p.lastName)).not.toContain(child.lastName);
    expect(list.items).toHaveLength(before.items.length);
    expect(unnamedIn(list, child.category)).toBe(unnamedIn(before, child.category) + 1);
  });

  it('is changed by the family (audited as the family’s) and the public list follows at once', async () => {
    const id = await enrolChild(ctx, { idbel: 45112, parentEmail: FAMILY_A, photo }, { badgePhoto: true, webPhoto: false, publicName: false });
    const { category } = await participantOf(id);
    const before = await publicList();
    const changed = await changeByFamily(cookies.a, id, { badgePhoto: true, webPhoto: true, publicName: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ webPhoto: true, publicName: true, changedBy: 'family' });
    const audit = await lastAudit('enrolment.family_consents', id);
    expect(audit!.actorEmail).toBe(`family:${FAMILY_A}`);
    expect(audit!.before).toEqual({ badgePhoto: true, webPhoto: false, publicName: false });
    expect(audit!.after).toEqual({ badgePhoto: true, webPhoto: true, publicName: true });
    const list = await publicList();
    expect(list.items).toHaveLength(before.items.length + 1);
    expect(unnamedIn(list, category)).toBe(unnamedIn(before, category) - 1);
    // A category left with no unnamed child is not listed at all.
    expect(list.unnamed.every((u) => u.count > 0)).toBe(true);
  });

  it('is changed by no other family: the other family’s child answers not found, and nothing changes', async () => {
    const probe = await changeByFamily(cookies.b, children.emma, { badgePhoto: false, webPhoto: false, publicName: false });
    expect(probe.statusCode).toBe(404);
    expect(probe.json().code).toBe('family.not_found');
    expect((await childIn(cookies.a, children.emma)).consents).toMatchObject({ badgePhoto: true, webPhoto: false, publicName: false, changedBy: 'enrolment' });
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
      const id = await draftChild(ctx, { idbel: 45110, parentEmail: FAMILY_A, photo });
      const refusedInWizard = await confirmChild(ctx, id, { badgePhoto: false, webPhoto: false, publicName: false });
      expect(refusedInWizard.statusCode).toBe(422);
      expect(refusedInWizard.json().code).toBe('enrolment.consent_required');
      expect((await confirmChild(ctx, id, { badgePhoto: true, webPhoto: false, publicName: false })).statusCode).toBe(200);
    } finally {
      await changeEditionSettings(ctx, { optionalConsents: ALL });
    }
  });
});
