import { parse } from 'csv-parse/sync';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language, PaymentJob, PaymentRequest, Reservation } from '@bjk/domain';
import { seedRoomsIfEmpty } from '../lodging/lodging.service.js';
import { systemContext } from '../../platform/service-context.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { camtStatement, codaStatement, multipartFile } from '../../../test/bank-statements.js';
import { changeEditionSettings } from '../../../test/edition-settings.js';
import { finishedPaymentJob } from '../../../test/payment-jobs.js';
import { managerHeaders } from '../../../test/managers.js';
import { assignFreeRoom, makeReservation, stayInput } from '../../../test/family-stays.js';
import { deliverOutbox, expectMailLayout } from '../../../test/mail-layout.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../../test/test-app.js';

/**
 * Payments over real sources: stays made through the reservation wizard's call and given rooms, players enrolled
 * through the enrolment calls and imported as participants. The lines and payers come from the lodging and
 * participants modules themselves, so a change there that breaks billing fails here.
 *
 * Every test makes the stays and requests it looks at (a family of its own, numbered, with its own e-mail address):
 * a test passes alone (`-t`), in any order, and whatever the others have written. The players enrolled before all
 * tests are only billed (a second bill of a player answers the first), never paid or cancelled, except Victor, whom
 * one test alone pays.
 */
let ctx: TestContext;
let admin: { authorization: string };
const ACCOUNT = 'BE68539007547034';
/** Participant ids of the players enrolled before all tests, by a short name. */
const players: Record<'victor' | 'maxime' | 'pieter' | 'marc' | 'jan', string> = { victor: '', maxime: '', pieter: '', marc: '', jan: '' };
let families = 0;

type Stay = { id: string; email: string };

/** A family's stay made through the wizard's call and given a room: a DH for two adults, six nights, half board. */
async function makeStay(firstName: string, lastName: string, language: Language): Promise<Stay> {
  families += 1;
  const email = `${firstName.normalize('NFD').replace(/[^a-z]/gi, '')}.${families}@example.test`.toLowerCase();
  const { id } = await makeReservation(
    ctx,
    stayInput({ firstName, lastName, email, address: 'Zeedijk 1, 8420 De Haan' }, { firstName: 'Partner' }, { language }),
  );
  await assignFreeRoom(ctx, id, admin);
  return { id, email };
}

/** The stay's payment request, made now (DOMAIN.md §2: 1 236 € for the stay of makeStay). */
async function billStay(stay: Stay): Promise<PaymentRequest> {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stay/${stay.id}`, headers: admin });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PaymentRequest>();
}

/** A player's request: made by this call (201) or by an earlier one (200, the same open request). */
async function billPlayer(kind: 'participant_bjk' | 'participant_vk', id: string) {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/${kind}_pr/${id}`, headers: admin });
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json<PaymentRequest>();
}

async function payByHand(request: PaymentRequest, amountCents: number, paidOn = '2026-11-26') {
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/pr/${request.id}/payments`,
    headers: admin,
    payload: { amountCents, paidOn, remark: 'Cash at the desk' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<PaymentRequest>();
}

async function runJob(url: string): Promise<PaymentJob> {
  const response = await ctx.app.inject({ method: 'POST', url, headers: admin });
  expect(response.statusCode, response.body).toBe(202);
  return finishedPaymentJob(ctx, admin, response.json().job.id);
}

/** Enrols a player the way a parent does (draft, photo, confirmation): the registration is late after the deadline. */
async function enrol(kind: 'bjk' | 'vk', body: Record<string, unknown>, photo: Buffer): Promise<void> {
  const created = await ctx.app.inject({ method: 'POST', url: `/api/v1/registration/${kind}`, payload: body });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json();
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/registration/photo/${id}`,
    ...multipartFile('photo.jpg', photo, 'photo', 'image/jpeg'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const confirmed = await ctx.app.inject({ method: 'POST', url: `/api/v1/registration/confirm/${id}`, payload: { consent: true } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

async function participantIds(kind: 'bjk' | 'vk'): Promise<Map<string, string>> {
  const imported = await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/import/enrollments/${kind}`, headers: admin, payload: {} });
  expect(imported.statusCode, imported.body).toBe(200);
  const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${kind}?pageSize=100`, headers: admin });
  return new Map(list.json().items.map((p: { lastName: string; id: number }) => [p.lastName, String(p.id)]));
}

const digitsOf = (request: PaymentRequest) => request.structuredMessage.replace(/\D/g, '');

/** The open (or paid) requests of a source: at most one that is not cancelled. */
async function requestsOf(kind: string, sourceId: string): Promise<PaymentRequest[]> {
  const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr?source=${kind}:${sourceId}&pageSize=100`, headers: admin });
  return (list.json().items as PaymentRequest[]).filter((r) => r.status !== 'cancelled');
}

async function requestOf(kind: string, sourceId: string): Promise<PaymentRequest> {
  const live = await requestsOf(kind, sourceId);
  expect(live, `${kind}:${sourceId}`).toHaveLength(1);
  return live[0]!;
}

const readRequest = async (id: number | string) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr/${id}`, headers: admin })).json();

async function importStatement(fileName: string, content: string) {
  const { payload, headers } = multipartFile(fileName, content);
  return ctx.app.inject({ method: 'POST', url: '/api/v1/payment/statements', payload, headers: { ...admin, ...headers } });
}

/** The EPC QR code of a queued payment mail, as banking apps read it. */
function qrOfMail(mail: { attachments: { cid?: string; content: string }[] }): string[] | undefined {
  const qr = mail.attachments.find((a) => a.cid === 'epc-qr@payments');
  const png = PNG.sync.read(Buffer.from(qr!.content, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data.split('\n');
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedRoomsIfEmpty(systemContext(ctx));
  await seedMembersIfEmpty(systemContext(ctx));
  admin = await managerHeaders(ctx);
  // These tests are about the organisers' requests: confirmations here make none of their own.
  await changeEditionSettings(ctx, { paymentRequestOnConfirmation: false });

  const photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();
  const none = { fullName: '', email: '', mobile: '' };
  const parent = { fullName: 'Greet Goossens', email: 'greet.goossens@example.test', mobile: '+32 470 12 34 56' };
  await enrol('bjk', { idbel: 45110, category: 'U14', email: '', mobile: '', parent, attendant: none, language: 'fr' }, photo);
  // Confirmed in the late period (DOMAIN.md §6): the late fee is added to the enrolment fee.
  ctx.clock.set('2027-01-20T12:00:00+01:00');
  await enrol(
    'bjk',
    { idbel: 45118, category: 'U18', email: '', mobile: '', parent: { ...parent, email: 'parent.lefebvre@example.test' }, attendant: none, language: 'nl' },
    photo,
  );
  ctx.clock.set(TEST_NOW);
  const adult = (idbel: number, email: string) => ({
    idbel,
    category: 'EXPERTS',
    email,
    mobile: '+32 471 00 00 01',
    parent: none,
    attendant: none,
    language: 'nl',
  });
  await enrol('vk', adult(45124, 'pieter.claesen@example.test'), photo); // FM: reduced fee
  await enrol('vk', adult(45125, 'marc.verstraete@example.test'), photo); // IM: free
  await enrol('vk', adult(45129, 'jan.debacker@example.test'), photo); // no title: full fee
  const bjk = await participantIds('bjk');
  const vk = await participantIds('vk');
  players.victor = bjk.get('Goossens')!;
  players.maxime = bjk.get('Lefebvre')!;
  players.pieter = vk.get('Claesen')!;
  players.marc = vk.get('Verstraete')!;
  players.jan = vk.get('De Backer')!;
}, 120_000);
afterAll(async () => ctx?.close());

describe('payment requests', () => {
  it('are for managers only', async () => {
    const stay = await makeStay('Jan', 'Peeters', 'nl');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stay/${stay.id}` })).statusCode).toBe(401);
    const editor = await managerHeaders(ctx, ['editor']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr', headers: editor })).statusCode).toBe(403);
    const readonly = await managerHeaders(ctx, ['readonly']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr', headers: readonly })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stay/${stay.id}`, headers: readonly })).statusCode).toBe(403);
    expect(await requestsOf('stay', stay.id)).toEqual([]);
  });

  it('creates a stay’s request from the lodging pricing, with a valid structured message and the stay payment term', async () => {
    const stay = await makeStay('Jan', 'Peeters', 'nl');
    const request = await billStay(stay);
    // DOMAIN.md §2: DH with 2 adults, 6 nights, half board = 660 + 552 + 24 = 1236 €.
    expect(request).toMatchObject({ kind: 'stay', sourceId: stay.id, totalCents: 123_600, status: 'open', receivedCents: 0, sentAt: null });
    expect(request.payer).toMatchObject({ name: 'Jan Peeters', emails: [stay.email], language: 'nl', address: 'Zeedijk 1, 8420 De Haan' });
    expect(request.lines.map((l) => l.kind)).toEqual(['lodging', 'meals', 'meals', 'touristTax']);
    // Base = edition year × 1 000 000 + request number.
    expect(request.structuredMessage).toMatch(/^\+\+\+202\/7\d{3}\/\d{5}\+\+\+$/);
    // TEST_NOW is 2026-11-21; the demo edition gives 14 days for stays.
    expect(request.dueDate).toBe('2026-12-05');
    expect(request.paymentPagePath).toMatch(/^\/payment\/[A-Za-z0-9_-]{32}$/);
  });

  it('answers the existing open request on a second create, also under concurrent clicks', async () => {
    const stay = await makeStay('Marie', 'Lefèvre', 'fr');
    const url = `/api/v1/payment/stay/${stay.id}`;
    // Ten clicks at once (two desks, a double click each, retries): one request, the others answered with it.
    const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.app.inject({ method: 'POST', url, headers: admin })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const [a] = answers as [(typeof answers)[number]];
    const again = await ctx.app.inject({ method: 'POST', url, headers: admin });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(a.json().id);
    expect(await requestsOf('stay', stay.id)).toHaveLength(1);
  });

  it('bills a youth player the enrolment fee in the family’s language, with the enrolment payment term', async () => {
    const request = await billPlayer('participant_bjk', players.victor);
    expect(request).toMatchObject({ kind: 'participant_bjk', totalCents: 3_500, dueDate: '2026-11-28' });
    // The parent pays and is greeted; the line names the child.
    expect(request.payer).toMatchObject({ name: 'Greet Goossens', language: 'fr' });
    expect(request.payer.emails).toContain('greet.goossens@example.test');
    expect(request.lines).toHaveLength(1);
    expect(request.lines[0]!.description).toContain('Victor Goossens');
  });

  it('adds the late fee for a late registration', async () => {
    const request = await billPlayer('participant_bjk', players.maxime);
    // The demo edition: 35 € enrolment + 10 € administrative cost for a late enrolment.
    expect(request.lines.map((l) => l.totalCents)).toEqual([3_500, 1_000]);
    expect(request.totalCents).toBe(4_500);
  });

  it('bills Flemish championship players by FIDE title and refuses free titles and unknown sources', async () => {
    const fm = await billPlayer('participant_vk', players.pieter);
    expect(fm).toMatchObject({ kind: 'participant_vk', totalCents: 2_500, dueDate: '2026-11-28' });
    const im = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/participant_vk_pr/${players.marc}`, headers: admin });
    expect(im.statusCode).toBe(404);
    expect(im.json().code).toBe('payments.source_not_found');
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/participant_vk_pr/999999', headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('payments.source_not_found');
    // A bjk participant is no vk source.
    const wrongKind = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/participant_vk_pr/${players.victor}`, headers: admin });
    expect(wrongKind.json().code).toBe('payments.source_not_found');
  });

  it('creates the missing requests of a kind in bulk as a job with progress, and none twice', async () => {
    const billed = await makeStay('Jan', 'Peeters', 'nl');
    const before = await billStay(billed);
    const missing = [await makeStay('Günther', 'Schäfer', 'de'), await makeStay('Marie', 'Lefèvre', 'fr')];
    const job = await runJob('/api/v1/payment/stay');
    expect(job).toMatchObject({ state: 'done', failed: 0, action: 'create', kind: 'stay' });
    expect(job.done).toBe(job.total);
    expect(job.total).toBeGreaterThanOrEqual(missing.length);
    for (const stay of missing) expect(await requestOf('stay', stay.id)).toMatchObject({ totalCents: 123_600, status: 'open' });
    // The stay that had one keeps it alone.
    expect(await requestsOf('stay', billed.id)).toEqual([expect.objectContaining({ id: before.id })]);
    expect(await runJob('/api/v1/payment/stay')).toMatchObject({ state: 'done', total: 0, done: 0 });

    // vk: Marc (IM) owes nothing; Jan De Backer pays the full fee, Pieter (FM) the reduced one.
    expect(await runJob('/api/v1/payment/participant_vk_pr')).toMatchObject({ state: 'done', failed: 0, kind: 'participant_vk' });
    expect(await requestOf('participant_vk', players.jan)).toMatchObject({ totalCents: 5_000 });
    expect(await requestOf('participant_vk', players.pieter)).toMatchObject({ totalCents: 2_500 });
    expect(await requestsOf('participant_vk', players.marc)).toEqual([]);
    expect(await runJob('/api/v1/payment/participant_vk_pr')).toMatchObject({ state: 'done', total: 0, done: 0 });
    expect(await runJob('/api/v1/payment/participant_bjk_pr')).toMatchObject({ state: 'done', failed: 0 });
    expect(await requestOf('participant_bjk', players.maxime)).toMatchObject({ totalCents: 4_500 });
    expect(await runJob('/api/v1/payment/participant_bjk_pr')).toMatchObject({ state: 'done', total: 0, done: 0 });
  });

  it('recomputes from the changed stay, keeps the discount and audits every change', async () => {
    const stay = await makeStay('Günther', 'Schäfer', 'de');
    const created = await billStay(stay);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/payment/pr/${created.id}`,
      headers: admin,
      payload: {
        discountCents: 2_500,
        discountRemark: 'Organiser family',
        remarks: 'Late arrival',
        dueDate: '2026-12-10',
        payerEmails: [stay.email],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ subtotalCents: 123_600, discountCents: 2_500, totalCents: 121_100, dueDate: '2026-12-10' });

    // The family leaves a night earlier: the lodging module prices the stay anew.
    const reservation = (await ctx.app.inject({ method: 'GET', url: `/api/v1/stay/reservation/${stay.id}`, headers: admin })).json<Reservation>();
    const { language, contact, roomType, arrivalDate, remarks, internalRemarks, discount, enabled } = reservation;
    const guests = reservation.guests.map(({ ageGroup: _ageGroup, ...guest }) => guest);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/stay/reservation/${stay.id}`,
      headers: admin,
      payload: {
        language,
        contact,
        roomType,
        arrivalDate,
        departureDate: '2027-02-20',
        guests,
        mealPlan: reservation.mealPlan,
        remarks,
        internalRemarks,
        discount,
        enabled,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const newTotal = changed.json<Reservation>().price.totalCents;
    expect(newTotal).toBeLessThan(123_600);

    const recomputed = await ctx.app.inject({ method: 'PUT', url: `/api/v1/payment/stay/${stay.id}`, headers: admin });
    expect(recomputed.json()).toMatchObject({ subtotalCents: newTotal, discountCents: 2_500, totalCents: newTotal - 2_500 });
    expect(recomputed.json().lines[0]).toMatchObject({ kind: 'lodging', quantity: 5 });
    const detail = await readRequest(created.id);
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['payments.create', 'payments.update', 'payments.recompute']);
  });

  it('cancels a request, which frees its source for a new one', async () => {
    const stay = await makeStay('Günther', 'Schäfer', 'de');
    await billStay(stay);
    const cancelled = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/payment/stay/${stay.id}`, headers: admin });
    expect(cancelled.json().status).toBe('cancelled');
    const fresh = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stay/${stay.id}`, headers: admin });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(cancelled.json().id);
  });
});

describe('sending payment requests', () => {
  it('e-mails every unsent request in the payer’s language with an EPC QR code banks can read', async () => {
    const stay = await makeStay('Marie', 'Lefèvre', 'fr');
    const request = await billStay(stay);
    await billPlayer('participant_bjk', players.maxime);
    const job = await runJob('/api/v1/payment/email_pr');
    expect(job).toMatchObject({ state: 'done', failed: 0 });
    expect(job.done).toBe(job.total);

    expect((await readRequest(request.id)).sentAt).not.toBeNull();
    const mails = (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.request'))).filter((m) => m.to.includes(stay.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.language).toBe('fr');
    expect(mail.subject).toContain(`demande de paiement ${request.number}`);
    expect(mail.html).toContain(request.structuredMessage);
    expect(mail.html).toContain('BE68 5390 0754 7034');
    expect(mail.html).toContain('GKCCBEBB');
    expect(mail.html).toContain('cid:epc-qr@payments');
    expect(mail.text).toMatch(/Total:\s+1\s236,00\s€/u);
    expect(qrOfMail(mail)).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'GKCCBEBB',
      'vzw Belgisch Jeugdschaakkampioenschap',
      ACCOUNT,
      'EUR1236.00',
      '',
      digitsOf(request),
    ]);
    // A participant's request: the enrolment fee and the late fee, to the parent.
    const fee = (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.request'))).find((m) =>
      m.to.includes('parent.lefebvre@example.test'),
    );
    expect(qrOfMail(fee!)?.[7]).toBe('EUR45.00');

    expect(await runJob('/api/v1/payment/email_pr')).toMatchObject({ state: 'done', total: 0 });
  });

  it('delivers the request mails through SMTP with the QR code as an inline image', async () => {
    const stay = await makeStay('Jan', 'Peeters', 'nl');
    await billStay(stay);
    await runJob('/api/v1/payment/email_pr');
    const smtp = await startSmtpSink();
    try {
      await deliverOutbox(ctx.db, smtp);
      const mail = smtp.received.find((m) => m.envelopeTo.includes(stay.email) && /betalingsverzoek/.test(m.subject ?? ''))!;
      expect(mail.subject).toMatch(/betalingsverzoek \d+/);
      await expectMailLayout(ctx.db, mail, 'nl');
      const image = mail.attachments.find((a) => a.contentType === 'image/png')!;
      expect(image.cid).toBe('epc-qr@payments');
      // An inline (related) part: mailparser resolves the cid reference of the HTML into the image itself.
      expect(image.related).toBe(true);
      expect(mail.html).toMatch(/<img src="data:image\/png;base64,/);
      const png = PNG.sync.read(image.content);
      const payload = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data.split('\n');
      expect(payload?.slice(0, 8)).toEqual(['BCD', '002', '1', 'SCT', 'GKCCBEBB', 'vzw Belgisch Jeugdschaakkampioenschap', ACCOUNT, 'EUR1236.00']);
    } finally {
      await smtp.close();
    }
  });

  it('shows the same details and QR on the public payment page, by token only', async () => {
    const stay = await makeStay('Jan', 'Peeters', 'nl');
    const request = await billStay(stay);
    const token = request.paymentPagePath.split('/').pop();
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/public/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ totalCents: 123_600, structuredMessage: request.structuredMessage, iban: 'BE68 5390 0754 7034', bic: 'GKCCBEBB' });
    expect(JSON.stringify(page.json())).not.toContain('@example.test');
    const image = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/public/${token}/qr.png` });
    expect(image.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(image.rawPayload);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toContain(digitsOf(request));
    const guessed = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/public/${'A'.repeat(32)}` });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json().code).toBe('payments.link_unknown');
  });

  it('calls a mistyped or cut-off payment link unknown, not invalid', async () => {
    for (const token of ['abc', 'not-a-token!', `${'A'.repeat(32)}.png`]) {
      const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/public/${encodeURIComponent(token)}` });
      expect(page.statusCode, token).toBe(404);
      expect(page.json().code).toBe('payments.link_unknown');
      const qr = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/public/${encodeURIComponent(token)}/qr.png` });
      expect(qr.statusCode).toBe(404);
    }
  });
});

describe('bank statements', () => {
  it('marks exact payments paid, short ones partially paid, flags over and duplicate payments and lists the unmatched', async () => {
    const jan = await billStay(await makeStay('Jan', 'Peeters', 'nl'));
    const marie = await billStay(await makeStay('Marie', 'Lefèvre', 'fr'));
    const victor = await billPlayer('participant_bjk', players.victor);
    const coda = codaStatement({
      account: ACCOUNT,
      date: '2026-11-24',
      number: 7,
      movements: [
        { amountCents: 123_600, reference: digitsOf(jan), name: 'Jan Peeters' },
        { amountCents: 50_000, reference: digitsOf(marie), name: 'Marie Lefèvre' },
        { amountCents: 4_000, reference: digitsOf(victor), name: 'Greet Goossens' },
        { amountCents: 123_600, reference: digitsOf(jan), name: 'Jan Peeters' },
        { amountCents: 7_300, text: 'voor de kampioenschappen', name: 'Onbekend' },
        { amountCents: -1_250, text: 'Bankkosten' },
      ],
    });
    const response = await importStatement('2026-11-24.cod', coda);
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({ format: 'coda', alreadyImported: false, movements: 6, skipped: 0 });
    expect(summary.counts).toEqual({ paid: 1, partially_paid: 1, overpaid: 1, duplicate: 1, unmatched: 1, ignored: 1 });
    expect(summary.unmatched.map((m: { amountCents: number }) => m.amountCents)).toEqual([7_300]);
    expect(summary.flagged).toHaveLength(2);

    const janAfter = await readRequest(jan.id);
    expect(janAfter).toMatchObject({ status: 'paid', receivedCents: 247_200, paidDate: '2026-11-24', flagged: true });
    expect(janAfter.payments).toHaveLength(2);
    expect(await readRequest(marie.id)).toMatchObject({ status: 'partially_paid', receivedCents: 50_000, paidDate: null });
    expect(await readRequest(victor.id)).toMatchObject({ status: 'paid', receivedCents: 4_000, flagged: true });

    const again = await importStatement('copy-of-2026-11-24.cod', coda);
    expect(again.json()).toMatchObject({ alreadyImported: true, movements: 6 });
    expect((await readRequest(jan.id)).receivedCents).toBe(247_200);
  });

  it('skips movements an overlapping camt.053 statement already booked, and completes a partial payment', async () => {
    const marie = await billStay(await makeStay('Marie', 'Lefèvre', 'fr'));
    await payByHand(marie, 50_000, '2026-11-24');
    const movements = [{ amountCents: 73_600, reference: digitsOf(marie), name: 'Marie Lefèvre' }];
    const first = await importStatement('camt-1.xml', camtStatement({ account: ACCOUNT, date: '2026-11-25', id: 'S-25', movements }));
    expect(first.json().counts).toEqual({ paid: 1 });
    // The same movements in a differently named and dated file: known by identity, not booked twice.
    const overlap = camtStatement({ account: ACCOUNT, date: '2026-11-25', id: 'S-25', movements }).replace('T18:00:00Z', 'T19:00:00Z');
    const second = await importStatement('camt-2.xml', overlap);
    expect(second.json()).toMatchObject({ alreadyImported: false, movements: 0, skipped: 1 });
    expect(await readRequest(marie.id)).toMatchObject({ status: 'paid', receivedCents: 123_600, paidDate: '2026-11-25' });
  });

  it('lets a manager link an unmatched credit to a request by hand', async () => {
    const target = await billStay(await makeStay('Günther', 'Schäfer', 'de'));
    const coda = codaStatement({
      account: ACCOUNT,
      date: '2026-11-26',
      number: 9,
      movements: [{ amountCents: 7_301, text: 'Schäfer Zimmer', name: 'G. Schäfer' }],
    });
    expect((await importStatement('2026-11-26.cod', coda)).json().counts).toEqual({ unmatched: 1 });
    const unmatched = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/movements/unmatched', headers: admin })).json().items;
    const movement = unmatched.find((m: { amountCents: number }) => m.amountCents === 7_301);
    const link = () =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/payment/movements/${movement.id}/link`, headers: admin, payload: { requestId: target.id } });
    const linked = await link();
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ outcome: 'linked', requestNumber: target.number });
    expect((await link()).json().code).toBe('payments.movement_not_linkable');
    expect(await readRequest(target.id)).toMatchObject({ status: 'partially_paid', receivedCents: 7_301 });
  });

  it('refuses files that are not statements and statements of another account', async () => {
    const garbage = await importStatement('notes.txt', 'hello world');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('payments.statement_unreadable');
    const other = await importStatement('other.xml', camtStatement({ account: 'BE71096123456769', date: '2026-11-25', id: 'X', movements: [] }));
    expect(other.json().code).toBe('payments.wrong_account');
    const francs = await importStatement(
      'chf.xml',
      camtStatement({ account: ACCOUNT, date: '2026-11-25', id: 'CHF', movements: [{ amountCents: 3_500 }] }).replace('Ccy="EUR"', 'Ccy="CHF"'),
    );
    expect(francs.statusCode).toBe(400);
    expect(francs.json()).toMatchObject({ code: 'payments.statement_currency', details: { currency: 'CHF' } });
  });
});

describe('manual payments, invoices and figures', () => {
  it('registers a payment by hand and turns the paid request into an invoice PDF', async () => {
    const stay = await makeStay('Günther', 'Schäfer', 'de');
    const target = await billStay(stay);
    const invoiceOf = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/payment/pr/${target.id}/invoice`, headers: admin, payload });
    const notPaid = await invoiceOf({ customerName: 'X', customerAddress: 'Y', customerVatNumber: '', sendEmail: false });
    expect(notPaid.json().code).toBe('payments.not_paid');
    expect(await payByHand(target, target.totalCents)).toMatchObject({ status: 'paid', paidDate: '2026-11-26' });

    const invoice = await invoiceOf({
      customerName: 'Schäfer GmbH',
      customerAddress: 'Hauptstraße 1, 4700 Eupen',
      customerVatNumber: 'BE 0123.456.789',
      sendEmail: true,
    });
    expect(invoice.statusCode).toBe(201);
    const { number, pdfPath } = invoice.json();
    const pdf = await ctx.app.inject({ method: 'GET', url: pdfPath, headers: admin });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(`(Rechnung ${number})`);
    const mails = (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.invoice'))).filter((m) => m.to.includes(stay.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([stay.email]);
    expect(mails[0]!.attachments[0]?.contentType).toBe('application/pdf');
    const smtp = await startSmtpSink();
    try {
      await deliverOutbox(ctx.db, smtp);
      const mail = smtp.received.find((m) => m.subject?.endsWith(`Rechnung ${number}`));
      await expectMailLayout(ctx.db, mail, 'de');
      expect(mail!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    } finally {
      await smtp.close();
    }
    const again = await invoiceOf({ customerName: 'X', customerAddress: 'Y', customerVatNumber: '', sendEmail: false });
    expect(again.json().code).toBe('payments.invoice_exists');
  });

  it('refuses to cancel a request that received money', async () => {
    const request = await billStay(await makeStay('Jan', 'Peeters', 'nl'));
    await payByHand(request, 10_000);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/pr/${request.id}/cancel`, headers: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payments.has_payments');
  });

  it('sums due, received and outstanding in the list, the figures and the CSV export', async () => {
    const stay = await makeStay('Marie', 'Lefèvre', 'fr');
    // Overpaid by 100 €: what came in too much is received, but owes nothing back to "outstanding".
    await payByHand(await billStay(stay), 133_600);
    const cancelled = await billStay(await makeStay('Jan', 'Peeters', 'nl'));
    await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/pr/${cancelled.id}/cancel`, headers: admin });

    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?pageSize=100', headers: admin })).json();
    expect(all.total).toBeLessThanOrEqual(100);
    const items = all.items as PaymentRequest[];
    const live = items.filter((r) => r.status !== 'cancelled');
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const expected = {
      dueCents: sum(live.map((r) => r.totalCents)),
      receivedCents: sum(items.map((r) => r.receivedCents)),
      outstandingCents: sum(live.map((r) => Math.max(r.totalCents - r.receivedCents, 0))),
    };
    expect(expected.receivedCents - expected.dueCents + expected.outstandingCents).toBeGreaterThanOrEqual(10_000);
    // The totals cover every row, not the page.
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?pageSize=2', headers: admin })).json();
    expect(page.items).toHaveLength(2);
    expect(page.totals).toEqual(expected);
    const figures = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/figures', headers: admin })).json();
    expect(figures).toMatchObject(expected);

    // The treasurer's spreadsheet in their language: a Belgian Excel needs `;` and decimal commas, an English one commas.
    const csvIn = async (language: string, delimiter: string) => {
      const csv = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr.csv?kind=stay', headers: { ...admin, 'accept-language': language } });
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      return parse(csv.body, { bom: true, delimiter });
    };
    const stays = items.filter((r) => r.kind === 'stay');
    const nl = await csvIn('nl', ';');
    expect(nl[0]!.slice(0, 8)).toEqual(['Nummer', 'Soort', 'Bron', 'Betaler', 'E-mailadressen', 'Totaal (€)', 'Ontvangen (€)', 'Openstaand (€)']);
    expect(nl).toHaveLength(1 + stays.length);
    expect(nl.map((row) => row[3])).toContain('Marie Lefèvre');
    const first = stays[0]!;
    const line = nl.find((row) => row[0] === String(first.number))!;
    expect(line[5]).toBe((first.totalCents / 100).toFixed(2).replace('.', ','));
    // Kind and status in words, as the list shows them.
    expect(line[1]).toBe('Verblijf');
    expect(['Open', 'Deels betaald', 'Betaald', 'Geannuleerd']).toContain(line[8]);
    const en = await csvIn('en-GB,en;q=0.8', ',');
    expect(en[0]!.slice(0, 4)).toEqual(['Number', 'Kind', 'Source', 'Payer']);
    expect(en.find((row) => row[0] === String(first.number))![5]).toBe((first.totalCents / 100).toFixed(2));
    expect((await csvIn('fr', ';'))[0]!.slice(0, 4)).toEqual(['Numéro', 'Type', 'Source', 'Payeur']);
  });

  it('shows due, received, outstanding and overdue on the dashboard once due dates have passed', async () => {
    const late = await billStay(await makeStay('Jan', 'Peeters', 'nl'));
    await payByHand(late, 20_000);
    ctx.clock.set('2026-12-20T10:00:00+01:00');
    try {
      // A month later the morning's session has expired: log in again.
      const treasurer = await managerHeaders(ctx, ['treasurer']);
      const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?pageSize=100', headers: treasurer })).json();
      const overdue = (all.items as PaymentRequest[]).filter((r) => r.status !== 'cancelled' && r.receivedCents < r.totalCents && r.dueDate < '2026-12-20');
      // Due on 5 December, 200 € of 1 236 € paid.
      expect(overdue.map((r) => r.id)).toContain(late.id);
      const overdueCents = overdue.reduce((sum, r) => sum + r.totalCents - r.receivedCents, 0);
      expect(overdueCents).toBeGreaterThanOrEqual(103_600);
      const dashboard = (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: treasurer })).json();
      const payments = dashboard.groups.find((g: { area: string }) => g.area === 'payments');
      const value = (key: string) => payments.figures.find((f: { key: string }) => f.key === key)?.value;
      expect(value('due')).toBe(all.totals.dueCents);
      expect(value('received')).toBe(all.totals.receivedCents);
      expect(value('outstanding')).toBe(all.totals.outstandingCents);
      expect(value('overdue')).toBe(overdueCents);
      expect(value('overdueRequests')).toBe(overdue.length);
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });
});
