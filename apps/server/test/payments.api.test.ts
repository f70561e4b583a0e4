import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentJob, PaymentRequest } from '@bjk/domain';
import { mailOutbox } from '../src/modules/mail/mail.tables.js';
import { startMailWorker } from '../src/modules/mail/mail.worker.js';
import { fixedClock } from '../src/platform/clock.js';
import type { PaymentSource, PaymentSources } from '../src/modules/payments/payment-sources.js';
import { camtStatement, codaStatement, multipartFile } from './bank-statements.js';
import { managerHeaders } from './managers.js';
import { startSmtpSink } from './smtp-sink.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * Stand-in sources until the lodging and enrolment modules export theirs: the same contract (payer + priced lines)
 * over a plain map, so the payment rules are exercised end to end through the real routes and database.
 */
const stays = new Map<string, PaymentSource>();
const participants = new Map<string, PaymentSource>();
const fromMap = (map: Map<string, PaymentSource>) => ({
  find: async (_db: unknown, id: string) => map.get(id),
  listBillableIds: async () => [...map.keys()],
});
const sources: PaymentSources = { stay: fromMap(stays), participant_bjk: fromMap(participants), participant_vk: fromMap(new Map()) };

const stay = (name: string, language: 'nl' | 'fr' | 'de' | 'en' = 'nl'): PaymentSource => ({
  payer: { name, emails: [`${name.toLowerCase().replace(/\W+/g, '.')}@example.test`], address: 'Zeedijk 1, 8420 De Haan', language },
  lines: [
    { kind: 'lodging', description: 'DH 6 nights', quantity: 6, unitPriceCents: 11_000, totalCents: 66_000 },
    { kind: 'meals', description: 'Half board adult', quantity: 12, unitPriceCents: 4_600, totalCents: 55_200 },
    { kind: 'touristTax', description: 'Tourist tax', quantity: 12, unitPriceCents: 200, totalCents: 2_400 },
  ],
});

let ctx: TestContext;
let admin: { authorization: string };
const ACCOUNT = 'BE68539007547034';

async function waitForJob(job: PaymentJob): Promise<PaymentJob> {
  for (let i = 0; i < 200; i++) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/jobs/${job.id}`, headers: admin });
    const current = response.json() as PaymentJob;
    if (current.state !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job did not finish');
}

const digitsOf = (request: PaymentRequest) => request.structuredMessage.replace(/\D/g, '');

async function importStatement(fileName: string, content: string) {
  const { payload, headers } = multipartFile(fileName, content);
  return ctx.app.inject({ method: 'POST', url: '/api/v1/payment/statements', payload, headers: { ...admin, ...headers } });
}

beforeAll(async () => {
  ctx = await createTestApp({ deps: { paymentSources: sources } });
  admin = await managerHeaders(ctx);
  stays.set('101', stay('Jan Peeters'));
  stays.set('102', stay('Marie Lefèvre', 'fr'));
  stays.set('103', stay('Günther Schäfer', 'de'));
  participants.set('7', {
    payer: { name: 'An Maes', emails: ['an.maes@example.test'], address: '', language: 'nl' },
    lines: [{ kind: 'fee', description: 'Inschrijving U10', quantity: 1, unitPriceCents: 3_500, totalCents: 3_500 }],
  });
});
afterAll(async () => ctx?.close());

describe('payment requests', () => {
  it('are for managers only', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay/101' })).statusCode).toBe(401);
    const editor = await managerHeaders(ctx, ['editor']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr', headers: editor })).statusCode).toBe(403);
    const readonly = await managerHeaders(ctx, ['readonly']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr', headers: readonly })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay/101', headers: readonly })).statusCode).toBe(403);
  });

  it('creates a stay’s request with lines, total, a valid structured message and the stay payment term', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay/101', headers: admin });
    expect(response.statusCode).toBe(201);
    const request = response.json() as PaymentRequest;
    expect(request).toMatchObject({ kind: 'stay', sourceId: '101', totalCents: 123_600, status: 'open', receivedCents: 0, sentAt: null });
    // Base = edition year × 1 000 000 + request number.
    expect(request.structuredMessage).toMatch(/^\+\+\+202\/7\d{3}\/\d{5}\+\+\+$/);
    // TEST_NOW is 2026-11-21; the demo edition gives 14 days for stays.
    expect(request.dueDate).toBe('2026-12-05');
    expect(request.paymentPagePath).toMatch(/^\/payment\/[A-Za-z0-9_-]{32}$/);
  });

  it('answers the existing open request on a second create, also under concurrent clicks', async () => {
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay/102', headers: admin }),
      ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay/102', headers: admin }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay/102', headers: admin });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(a.json().id);
  });

  it('uses the enrolment payment term for participants and refuses unknown sources', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/participant_bjk_pr/7', headers: admin });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'participant_bjk', totalCents: 3_500, dueDate: '2026-11-28' });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/participant_vk_pr/999', headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('payments.source_not_found');
  });

  it('creates the missing requests of a kind in bulk as a job with progress', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay', headers: admin });
    expect(response.statusCode).toBe(202);
    const job = await waitForJob(response.json().job);
    // 101 and 102 had one already: only 103 was missing.
    expect(job).toMatchObject({ state: 'done', total: 1, done: 1, failed: 0, action: 'create', kind: 'stay' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?kind=stay', headers: admin });
    expect(list.json().total).toBe(3);
  });

  it('recomputes from the source, keeps the discount and audits every change', async () => {
    const created = (await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay/103', headers: admin })).json() as PaymentRequest;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/payment/pr/${created.id}`,
      headers: admin,
      payload: { discountCents: 2_500, discountRemark: 'Organiser family', remarks: 'Late arrival', dueDate: '2026-12-10', payerEmails: ['g.schaefer@example.test'] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ subtotalCents: 123_600, discountCents: 2_500, totalCents: 121_100, dueDate: '2026-12-10' });
    stays.set('103', { ...stay('Günther Schäfer', 'de'), lines: stay('x').lines.slice(0, 1) });
    const recomputed = await ctx.app.inject({ method: 'PUT', url: '/api/v1/payment/stay/103', headers: admin });
    expect(recomputed.json()).toMatchObject({ subtotalCents: 66_000, discountCents: 2_500, totalCents: 63_500 });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr/${created.id}`, headers: admin });
    expect(detail.json().history.map((h: { action: string }) => h.action)).toEqual(['payments.create', 'payments.update', 'payments.recompute']);
  });

  it('cancels a request, which frees its source for a new one', async () => {
    const cancelled = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/payment/stay/103', headers: admin });
    expect(cancelled.json().status).toBe('cancelled');
    const fresh = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay/103', headers: admin });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(cancelled.json().id);
  });
});

describe('sending payment requests', () => {
  it('e-mails every unsent request in the payer’s language with an EPC QR code banks can read', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/email_pr', headers: admin });
    expect(response.statusCode).toBe(202);
    const job = await waitForJob(response.json().job);
    expect(job).toMatchObject({ state: 'done', failed: 0 });
    expect(job.done).toBeGreaterThanOrEqual(4);

    const request = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?source=stay:102', headers: admin })).json().items[0] as PaymentRequest;
    expect(request.sentAt).not.toBeNull();
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.request'));
    const mail = mails.find((m) => m.to.includes('marie.lef.vre@example.test'));
    expect(mail).toBeDefined();
    expect(mail!.language).toBe('fr');
    expect(mail!.subject).toContain(`demande de paiement ${request.number}`);
    expect(mail!.html).toContain(request.structuredMessage);
    expect(mail!.html).toContain('BE68 5390 0754 7034');
    expect(mail!.html).toContain('GKCCBEBB');
    expect(mail!.html).toContain('cid:epc-qr@payments');
    expect(mail!.text).toMatch(/Total: 1\s236,00\s€/u);

    const qr = mail!.attachments.find((a) => a.cid === 'epc-qr@payments');
    const png = PNG.sync.read(Buffer.from(qr!.content, 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data.split('\n')).toEqual([
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
  });

  it('delivers the request mails through SMTP with the QR code as an inline image', async () => {
    const smtp = await startSmtpSink();
    const silent = { info() {}, warn() {}, error() {} };
    const worker = startMailWorker({
      db: ctx.db,
      clock: fixedClock(new Date(Date.now() + 60_000)),
      log: silent,
      mail: { smtpUrl: smtp.url, from: 'BJK <noreply@bjk.test>', pollMs: 600_000, maxAttempts: 3, bcc: {} },
    });
    try {
      await worker!.runOnce();
      const queued = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.request'));
      await smtp.waitFor(queued.length);
      const mail = smtp.received.find((m) => m.envelopeTo.includes('jan.peeters@example.test'))!;
      expect(mail.subject).toMatch(/betalingsverzoek \d+/);
      const image = mail.attachments.find((a) => a.contentType === 'image/png')!;
      expect(image.cid).toBe('epc-qr@payments');
      // An inline (related) part: mailparser resolves the cid reference of the HTML into the image itself.
      expect(image.related).toBe(true);
      expect(mail.html).toMatch(/<img src="data:image\/png;base64,/);
      const png = PNG.sync.read(image.content);
      const payload = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data.split('\n');
      expect(payload?.slice(0, 8)).toEqual(['BCD', '002', '1', 'SCT', 'GKCCBEBB', 'vzw Belgisch Jeugdschaakkampioenschap', ACCOUNT, 'EUR1236.00']);
    } finally {
      await worker?.stop();
      await smtp.close();
    }
  });

  it('shows the same details and QR on the public payment page, by token only', async () => {
    const request = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?source=stay:101', headers: admin })).json().items[0] as PaymentRequest;
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
  });
});

describe('bank statements', () => {
  it('marks exact payments paid, short ones partially paid, flags over and duplicate payments and lists the unmatched', async () => {
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?status=open', headers: admin })).json().items as PaymentRequest[];
    const jan = all.find((r) => r.sourceId === '101' && r.kind === 'stay')!;
    const marie = all.find((r) => r.sourceId === '102')!;
    const an = all.find((r) => r.kind === 'participant_bjk')!;
    const coda = codaStatement({
      account: ACCOUNT,
      date: '2026-11-24',
      number: 7,
      movements: [
        { amountCents: 123_600, reference: digitsOf(jan), name: 'Jan Peeters' },
        { amountCents: 50_000, reference: digitsOf(marie), name: 'Marie Lefèvre' },
        { amountCents: 4_000, reference: digitsOf(an), name: 'An Maes' },
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

    const janAfter = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr/${jan.id}`, headers: admin })).json();
    expect(janAfter).toMatchObject({ status: 'paid', receivedCents: 247_200, paidDate: '2026-11-24', flagged: true });
    expect(janAfter.payments).toHaveLength(2);
    const marieAfter = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr/${marie.id}`, headers: admin })).json();
    expect(marieAfter).toMatchObject({ status: 'partially_paid', receivedCents: 50_000, paidDate: null });

    const again = await importStatement('copy-of-2026-11-24.cod', coda);
    expect(again.json()).toMatchObject({ alreadyImported: true, movements: 6 });
    const janAgain = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr/${jan.id}`, headers: admin })).json();
    expect(janAgain.receivedCents).toBe(247_200);
  });

  it('skips movements an overlapping camt.053 statement already booked, and completes a partial payment', async () => {
    const marie = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?source=stay:102', headers: admin })).json().items[0] as PaymentRequest;
    const movements = [{ amountCents: 73_600, reference: digitsOf(marie), name: 'Marie Lefèvre' }];
    const first = await importStatement('camt-1.xml', camtStatement({ account: ACCOUNT, date: '2026-11-25', id: 'S-25', movements }));
    expect(first.json().counts).toEqual({ paid: 1 });
    // The same movements in a differently named and dated file: known by identity, not booked twice.
    const overlap = camtStatement({ account: ACCOUNT, date: '2026-11-25', id: 'S-25', movements }).replace('T18:00:00Z', 'T19:00:00Z');
    const second = await importStatement('camt-2.xml', overlap);
    expect(second.json()).toMatchObject({ alreadyImported: false, movements: 0, skipped: 1 });
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr/${marie.id}`, headers: admin })).json();
    expect(after).toMatchObject({ status: 'paid', receivedCents: 123_600, paidDate: '2026-11-25' });
  });

  it('lets a manager link an unmatched credit to a request by hand', async () => {
    const unmatched = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/movements/unmatched', headers: admin })).json().items;
    const movement = unmatched.find((m: { amountCents: number }) => m.amountCents === 7_300);
    const target = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?source=stay:103', headers: admin })).json().items[0] as PaymentRequest;
    const linked = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/movements/${movement.id}/link`, headers: admin, payload: { requestId: target.id } });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ outcome: 'linked', requestNumber: target.number });
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/movements/${movement.id}/link`, headers: admin, payload: { requestId: target.id } });
    expect(twice.json().code).toBe('payments.movement_not_linkable');
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr/${target.id}`, headers: admin })).json();
    expect(after).toMatchObject({ status: 'partially_paid', receivedCents: 7_300 });
  });

  it('refuses files that are not statements and statements of another account', async () => {
    const garbage = await importStatement('notes.txt', 'hello world');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('payments.statement_unreadable');
    const other = await importStatement('other.xml', camtStatement({ account: 'BE71096123456769', date: '2026-11-25', id: 'X', movements: [] }));
    expect(other.json().code).toBe('payments.wrong_account');
  });
});

describe('manual payments, invoices and figures', () => {
  it('registers a payment by hand and turns the paid request into an invoice PDF', async () => {
    const target = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?source=stay:103', headers: admin })).json().items[0] as PaymentRequest;
    const notPaid = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/pr/${target.id}/invoice`, headers: admin, payload: { customerName: 'X', customerAddress: 'Y', customerVatNumber: '', sendEmail: false } });
    expect(notPaid.json().code).toBe('payments.not_paid');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/pr/${target.id}/payments`,
      headers: admin,
      payload: { amountCents: target.totalCents - 7_300, paidOn: '2026-11-26', remark: 'Cash at the desk' },
    });
    expect(paid.json()).toMatchObject({ status: 'paid', paidDate: '2026-11-26' });

    const invoice = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/pr/${target.id}/invoice`,
      headers: admin,
      payload: { customerName: 'Schäfer GmbH', customerAddress: 'Hauptstraße 1, 4700 Eupen', customerVatNumber: 'BE 0123.456.789', sendEmail: true },
    });
    expect(invoice.statusCode).toBe(201);
    const { number, pdfPath } = invoice.json();
    const pdf = await ctx.app.inject({ method: 'GET', url: pdfPath, headers: admin });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(`(Rechnung ${number})`);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.invoice'));
    expect(mails.at(-1)?.attachments[0]?.contentType).toBe('application/pdf');
    const again = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/pr/${target.id}/invoice`, headers: admin, payload: { customerName: 'X', customerAddress: 'Y', customerVatNumber: '', sendEmail: false } });
    expect(again.json().code).toBe('payments.invoice_exists');
  });

  it('refuses to cancel a request that received money', async () => {
    const jan = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?source=stay:101', headers: admin })).json().items[0] as PaymentRequest;
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/pr/${jan.id}/cancel`, headers: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payments.has_payments');
  });

  it('sums due, received and outstanding in the list, the figures and the CSV export', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?pageSize=2', headers: admin })).json();
    expect(list.items).toHaveLength(2);
    expect(list.totals.dueCents).toBe(list.totals.outstandingCents + list.totals.receivedCents - 123_600 - 500);
    const figures = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/figures', headers: admin })).json();
    expect(figures).toMatchObject({ dueCents: list.totals.dueCents, receivedCents: list.totals.receivedCents, overdueCents: 0 });
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr.csv?kind=stay', headers: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toContain('number,kind,source,payer');
    expect(rows).toHaveLength(1 + 4);
    expect(csv.body).toContain('Marie Lefèvre');
  });
});
