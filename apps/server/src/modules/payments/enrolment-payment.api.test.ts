import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidStructuredMessageDigits, type ConfirmedRegistration } from '@bjk/domain';
import { mailOutbox } from '../mail/mail.tables.js';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { paymentRequests } from './payments.tables.js';
import { participants } from '../participants/participants.tables.js';
import { multipartFile } from '../../../test/bank-statements.js';
import { changeEditionSettings } from '../../../test/edition-settings.js';
import { deliverOutbox, expectMailLayout } from '../../../test/mail-layout.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { managerHeaders } from '../../../test/managers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { systemContext } from '../../platform/service-context.js';

// The spec's last enrolment step: the payment instructions, at once. Confirming makes the participant's payment
// request through the organisers' path and mails it, once, however often the confirmation is repeated.

let ctx: TestContext;
let photo: Buffer;
let smtp: SmtpSink;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedMembersIfEmpty(systemContext(ctx));
  photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();
  smtp = await startSmtpSink();
}, 60_000);
afterAll(async () => {
  await smtp?.close();
  await ctx?.close();
});

const parentOf = (name: string) => ({ fullName: `${name} Parent`, email: `${name.toLowerCase()}.parent@example.test`, mobile: '+32 470 12 34 56' });
const none = { fullName: '', email: '', mobile: '' };

async function enrol(idbel: number, name: string): Promise<string> {
  const lookup = (await ctx.app.inject({ method: 'GET', url: `/api/v1/registration/idbel/${idbel}` })).json();
  expect(lookup.youth).toBe(true);
  const payload = { idbel, category: lookup.eligibleCategories[0], email: '', mobile: '', parent: parentOf(name), attendant: none, language: 'nl' };
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

const confirm = (id: string) => ctx.app.inject({ method: 'POST', url: `/api/v1/registration/confirm/${id}`, payload: { consent: true } });

async function requestsOf(idsub: string) {
  const [participant] = await ctx.db.select().from(participants).where(eq(participants.registrationId, idsub));
  if (!participant) return [];
  return ctx.db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.kind, 'participant_bjk'), eq(paymentRequests.sourceId, String(participant.id))));
}

async function setPaymentRequestOnConfirmation(on: boolean) {
  expect((await changeEditionSettings(ctx, { paymentRequestOnConfirmation: on })).paymentRequestOnConfirmation).toBe(on);
}

describe('payment instructions at confirmation', () => {
  it('is on by default: one request with the fee and a valid structured message, mailed once, however often confirmed', async () => {
    const id = await enrol(45107, 'Emma');
    // A double click and a retry at once, then one more later: one request, one mail.
    const [first, second] = await Promise.all([confirm(id), confirm(id)]);
    const third = await confirm(id);
    for (const answer of [first, second, third]) expect(answer.statusCode, answer.body).toBe(200);
    const payment = first.json<ConfirmedRegistration>().payment!;
    expect(payment).toMatchObject({ totalCents: first.json().feeCents, outstandingCents: first.json().feeCents, status: 'open', language: 'nl' });
    expect(payment.totalCents).toBeGreaterThan(0);
    expect(payment.structuredMessage).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(isValidStructuredMessageDigits(payment.structuredMessage.replace(/\D/g, ''))).toBe(true);
    expect(payment.iban).toMatch(/^BE\d{2}( \d{4}){3}$/);
    expect(payment.beneficiary).not.toBe('');
    expect(payment.pagePath).toMatch(/^\/payment\/[A-Za-z0-9_-]{20,}$/);
    expect(second.json().payment).toEqual(payment);
    expect(third.json().payment).toEqual(payment);

    const requests = await requestsOf(id);
    expect(requests).toHaveLength(1);
    // The parent pays: the request is in the parent's name, its line names the child.
    expect(requests[0]).toMatchObject({ totalCents: payment.totalCents, payerName: 'Emma Parent', payerEmails: ['emma.parent@example.test'] });
    const [child] = await ctx.db.select().from(participants).where(eq(participants.registrationId, id));
    expect(requests[0]!.lines[0]!.description).toContain(child!.lastName);
    // The back office still finds it by the child's name.
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payment/pr?${new URLSearchParams({ search: child!.lastName })}`,
      headers: await managerHeaders(ctx, ['admin']),
    });
    expect(found.json().items.map((r: { number: number }) => r.number)).toContain(requests[0]!.number);
    expect(requests[0]!.sentAt).not.toBeNull();

    // The public payment page's own call answers the same instructions, and its QR code is there.
    const token = payment.pagePath.split('/').pop()!;
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/public/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().structuredMessage).toBe(payment.structuredMessage);
    expect((await ctx.app.inject({ method: 'GET', url: payment.qrPngPath })).headers['content-type']).toBe('image/png');

    const queued = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.request'));
    expect(queued.filter((m) => m.to.includes('emma.parent@example.test'))).toHaveLength(1);
    await deliverOutbox(ctx.db, smtp);
    const all = await ctx.db.select().from(mailOutbox);
    await smtp.waitFor(all.length);
    const toParent = smtp.received.filter((m) => m.envelopeTo.includes('emma.parent@example.test'));
    // The confirmation and the payment instructions, nothing twice.
    expect(toParent).toHaveLength(2);
    // Both in the one layout: the confirmation and the payment request.
    for (const mail of toParent) await expectMailLayout(ctx.db, mail, 'nl');
    const instructions = toParent.filter((m) => m.attachments.some((a) => a.contentType === 'image/png'));
    expect(instructions).toHaveLength(1);
    expect(instructions[0]!.text).toContain(payment.structuredMessage);
    // It greets the parent it goes to, not the child.
    expect(instructions[0]!.text).toContain('Beste Emma Parent,');
    expect(instructions[0]!.text).not.toContain(`Beste ${child!.firstName} ${child!.lastName}`);
  });

  it('greets the parent of participants imported before parent names were kept: migration 0021, else "ouder van …"', async () => {
    const id = await enrol(45108, 'Noor');
    expect((await confirm(id)).statusCode).toBe(200);
    const [request] = await requestsOf(id);
    const [child] = await ctx.db.select().from(participants).where(eq(participants.registrationId, id));
    // As imported before migration 0020: no parent name. The backfill takes it from the registration.
    await ctx.db.update(participants).set({ parentName: '' }).where(eq(participants.id, child!.id));
    const backfill = readFileSync(new URL('../../db/migrations/0021_participant-parent-name-backfill.sql', import.meta.url), 'utf8');
    await ctx.db.execute(sql.raw(backfill));
    const [filled] = await ctx.db.select().from(participants).where(eq(participants.id, child!.id));
    expect(filled!.parentName).toBe('Noor Parent');
    // A participant with a parent's address but no name (added late): the request greets "the parent of" the child.
    await ctx.db.update(participants).set({ parentName: '' }).where(eq(participants.id, child!.id));
    const admin = await managerHeaders(ctx, ['admin']);
    const recomputed = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/pr/${request!.id}/recompute`, headers: admin });
    expect(recomputed.statusCode, recomputed.body).toBe(200);
    expect(recomputed.json().payer.name).toBe(`ouder van ${child!.firstName} ${child!.lastName}`);
  });

  it('makes no request and sends no instructions when the edition turns it off', async () => {
    await setPaymentRequestOnConfirmation(false);
    try {
      const id = await enrol(45119, 'Lucas');
      const confirmed = await confirm(id);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().payment).toBeNull();
      expect(await requestsOf(id)).toHaveLength(0);
      const queued = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.request'));
      expect(queued.filter((m) => m.to.includes('lucas.parent@example.test'))).toHaveLength(0);
    } finally {
      await setPaymentRequestOnConfirmation(true);
    }
  });
});
