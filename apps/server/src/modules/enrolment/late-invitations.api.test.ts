import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEditionSettings } from '../../../test/edition-settings.js';
import { deliverOutbox, expectMailLayout } from '../../../test/mail-layout.js';
import { managerHeaders } from '../../../test/managers.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../../test/test-app.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { systemContext } from '../../platform/service-context.js';
import { signedLinks } from '../../platform/signed-links.tables.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { seedMembersIfEmpty } from '../members/members.service.js';

let ctx: TestContext;
let smtp: SmtpSink;
let photo: Buffer;

/** After the edition's enrolment closed (see the enrolment test's phases). */
const CLOSED = '2027-02-06T09:00:00+01:00';
const DAY = 24 * 3_600_000;
const FAMILY = 'late.family@example.test';

beforeAll(async () => {
  ctx = await createTestApp();
  smtp = await startSmtpSink();
  await seedMembersIfEmpty(systemContext(ctx));
  await changeEditionSettings(ctx, { paymentRequestOnConfirmation: false });
  photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#aa8866' } })
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const parent = { fullName: 'Late Parent', email: FAMILY, mobile: '+32 470 12 34 56' };
const none = { fullName: '', email: '', mobile: '' };
const draft = (overrides: Record<string, unknown> = {}) => ({
  idbel: 45119,
  category: 'U18',
  email: '',
  mobile: '',
  parent,
  attendant: none,
  language: 'fr',
  ...overrides,
});
const post = (url: string, payload: object, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url, payload, headers });

function uploadPhoto(id: string) {
  const boundary = '----bjklate';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/registration/photo/${id}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

/** Has the manager send an invitation, delivers it over SMTP and answers the token read from the mail as it arrived. */
async function invite(body: Record<string, unknown>, language = 'fr'): Promise<{ token: string; id: string; text: string }> {
  // Signed in at the test clock's instant (a session made before the clock moved would have expired).
  const admin = await managerHeaders(ctx, ['admin']);
  const sent = await post('/api/v1/registration/bjk/invitations', { idfide: null, email: FAMILY, language, ...body }, admin);
  expect(sent.statusCode, sent.body).toBe(200);
  await deliverOutbox(ctx.db, smtp);
  const mail = smtp.received.findLast((m) => m.text?.includes('#invitation='));
  await expectMailLayout(ctx.db, mail, language as 'fr');
  expect(mail!.envelopeTo).toEqual([FAMILY]);
  const token = /\/registration_bjk#invitation=([A-Za-z0-9_.-]+)/.exec(mail!.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return { token: token!, id: sent.json().id, text: mail!.text ?? '' };
}

describe('late entry by a signed invitation', () => {
  it('enrols the invited player after closing, late fee applied, and spends the link once', async () => {
    ctx.clock.set(CLOSED);
    expect((await post('/api/v1/registration/bjk', draft())).json().code).toBe('enrolment.closed');

    const { token, id, text } = await invite({ idbel: 45119 });
    const { settings } = await getCurrentEdition(ctx.db);
    expect(text).toContain('Inscription tardive');
    expect(text).toContain('7 jours');

    const view = await post('/api/v1/registration/invitation', { invitation: token });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({ kind: 'bjk', idbel: 45119, idfide: null, expiresAt: new Date(Date.parse(CLOSED) + 7 * DAY).toISOString() });

    // The invitation opens the wizard for its player only.
    const other = await post('/api/v1/registration/bjk', draft({ idbel: 45107, category: 'U12', invitation: token }));
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('enrolment.invitation_mismatch');

    const created = await post('/api/v1/registration/bjk', draft({ invitation: token }));
    expect(created.statusCode, created.body).toBe(200);
    const idsub = created.json().id as string;
    expect((await uploadPhoto(idsub)).statusCode).toBe(200);
    // Without the invitation the confirmation is refused as before, and the link stays unspent.
    expect((await post(`/api/v1/registration/confirm/${idsub}`, { consent: true })).json().code).toBe('enrolment.closed');
    // A refused confirmation (no consent) leaves it unspent too.
    expect((await post(`/api/v1/registration/confirm/${idsub}`, { consent: false, invitation: token })).statusCode).toBe(400);
    expect((await post('/api/v1/registration/invitation', { invitation: token })).statusCode).toBe(200);

    // A double click: both answer the same confirmation, the link is used once.
    const [first, second] = await Promise.all([
      post(`/api/v1/registration/confirm/${idsub}`, { consent: true, invitation: token }),
      post(`/api/v1/registration/confirm/${idsub}`, { consent: true, invitation: token }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'confirmed', late: true, feeCents: settings.fees.enrolmentCents + settings.fees.lateFeeCents });
    expect(second.json().id).toBe(first.json().id);

    const again = await post('/api/v1/registration/invitation', { invitation: token });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('platform.link_used');

    const [link] = await ctx.db.select().from(signedLinks).where(eq(signedLinks.id, id));
    expect(link).toMatchObject({ purpose: 'enrolment.late_entry', subject: 'bel:45119', useCount: 1 });
    const audit = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, id), inArray(auditEntries.action, ['signed_link.issue', 'signed_link.use'])));
    expect(audit.map((e) => e.action).sort()).toEqual(['signed_link.issue', 'signed_link.use']);
    expect(audit.find((e) => e.action === 'signed_link.issue')!.actorEmail).toBeTruthy();
    const [confirmed] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, idsub), eq(auditEntries.action, 'enrolment.confirm')));
    expect(confirmed!.after).toMatchObject({ late: true, invited: true });

    // Once registered, the player cannot be invited again.
    const twice = await post(
      '/api/v1/registration/bjk/invitations',
      { idbel: 45119, idfide: null, email: FAMILY, language: 'fr' },
      await managerHeaders(ctx, ['admin']),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('enrolment.already_registered');
    ctx.clock.set(TEST_NOW);
  });

  it('expires after its days, and forged or foreign tokens open nothing', async () => {
    ctx.clock.set(CLOSED);
    const { token } = await invite({ idbel: 45125 }, 'nl');
    const forged = `${token.slice(0, 23)}${'A'.repeat(43)}`;
    const forgedDraft = await post('/api/v1/registration/bjk', draft({ idbel: 45125, category: 'U20', invitation: forged }));
    expect(forgedDraft.statusCode).toBe(404);
    expect(forgedDraft.json().code).toBe('platform.link_invalid');

    expect((await post('/api/v1/registration/invitation', { invitation: 'not-a-token' })).json().code).toBe('platform.link_invalid');

    ctx.clock.set(new Date(Date.parse(CLOSED) + 7 * DAY + 1000).toISOString());
    const expired = await post('/api/v1/registration/invitation', { invitation: token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('platform.link_expired');
    const lateDraft = await post('/api/v1/registration/bjk', draft({ idbel: 45125, category: 'U20', invitation: token }));
    expect(lateDraft.json().code).toBe('platform.link_expired');
    ctx.clock.set(TEST_NOW);
  });

  it('is sent by managers with the right only, with a valid address and an id the wizard would look up', async () => {
    ctx.clock.set(TEST_NOW);
    const admin = await managerHeaders(ctx, ['admin']);
    const body = { idbel: 45132, idfide: null, email: FAMILY, language: 'en' };
    expect((await post('/api/v1/registration/bjk/invitations', body)).statusCode).toBe(401);
    const desk = await managerHeaders(ctx, ['lodging_desk']);
    expect((await post('/api/v1/registration/bjk/invitations', body, desk)).statusCode).toBe(403);
    expect((await post('/api/v1/registration/bjk/invitations', { ...body, email: 'nope' }, admin)).statusCode).toBe(400);
    expect((await post('/api/v1/registration/bjk/invitations', { ...body, idbel: null }, admin)).statusCode).toBe(400);
    // What the wizard's lookup refuses is refused here too: no id, zero, past 2 000 000 000, not a number.
    for (const idbel of [0, -4, 2_000_000_001, 1.5, '45132']) {
      expect((await post('/api/v1/registration/bjk/invitations', { ...body, idbel }, admin)).statusCode, String(idbel)).toBe(400);
    }
    const known = await post('/api/v1/registration/bjk/invitations', body, admin);
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json().player).toMatchObject({ firstName: expect.any(String), lastName: expect.any(String) });
  });

  it('invites a player the member registry does not know yet, by federation or FIDE id, named by that id in the mail', async () => {
    ctx.clock.set(TEST_NOW);
    const admin = await managerHeaders(ctx, ['registrar']);
    const byIdbel = await post(
      '/api/v1/registration/bjk/invitations',
      { idbel: 99999999, idfide: null, email: 'new.member@example.test', language: 'nl' },
      admin,
    );
    expect(byIdbel.statusCode, byIdbel.body).toBe(200);
    expect(byIdbel.json().player).toBeNull();
    const byFide = await post(
      '/api/v1/registration/bjk/invitations',
      { idbel: null, idfide: 1_999_999_999, email: 'new.fide@example.test', language: 'en' },
      admin,
    );
    expect(byFide.statusCode, byFide.body).toBe(200);
    await deliverOutbox(ctx.db, smtp);
    const dutch = smtp.received.find((m) => m.envelopeTo.includes('new.member@example.test'));
    expect(dutch?.text).toContain('de speler met stamnummer 99999999 toch in te schrijven');
    const english = smtp.received.find((m) => m.envelopeTo.includes('new.fide@example.test'));
    expect(english?.text).toContain('enrol the player with FIDE id 1999999999 all the same');
    // The link opens the wizard for that id; the wizard finds the player once the registry has them.
    const token = /\/registration_bjk#invitation=([A-Za-z0-9_.-]+)/.exec(english?.text ?? '')?.[1];
    const opened = await post('/api/v1/registration/invitation', { invitation: token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ kind: 'bjk', idbel: null, idfide: 1_999_999_999 });
  });

  it('made for the vk, links to the vk wizard and opens a vk draft after closing, never a BJK one', async () => {
    ctx.clock.set(CLOSED);
    const registrar = await managerHeaders(ctx, ['registrar']);
    const sent = await post('/api/v1/registration/vk/invitations', { idbel: 45119, idfide: null, email: 'vk.family@example.test', language: 'nl' }, registrar);
    expect(sent.statusCode, sent.body).toBe(200);
    await deliverOutbox(ctx.db, smtp);
    const mail = smtp.received.find((m) => m.envelopeTo.includes('vk.family@example.test'));
    expect(mail?.text).not.toContain('/registration_bjk');
    const token = /\/registration_vk#invitation=([A-Za-z0-9_.-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token, 'the mail links to the vk wizard').toBeTruthy();
    expect((await post('/api/v1/registration/invitation', { invitation: token! })).json()).toMatchObject({ kind: 'vk', idbel: 45119 });

    const bjk = await post('/api/v1/registration/bjk', draft({ idbel: 45119, invitation: token }));
    expect(bjk.statusCode).toBe(409);
    expect(bjk.json().code).toBe('enrolment.invitation_mismatch');
    expect((await post('/api/v1/registration/vk', draft({ idbel: 45119, category: 'EXPERTS' }))).json().code).toBe('enrolment.closed');
    const vk = await post('/api/v1/registration/vk', draft({ idbel: 45119, category: 'EXPERTS', invitation: token }));
    expect(vk.statusCode, vk.body).toBe(200);
    ctx.clock.set(TEST_NOW);
  });
});
