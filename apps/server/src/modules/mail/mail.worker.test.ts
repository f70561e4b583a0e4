import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerHeaders } from '../../../test/managers.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { fixedClock } from '../../platform/clock.js';
import { paragraphs } from './mail-layout.js';
import { queueMail } from './mail.service.js';
import { retryDelayMs, startMailWorker, type MailWorker } from './mail.worker.js';

const silent = { info() {}, warn() {}, error() {} };
let ctx: TestContext;
let smtp: SmtpSink;

beforeAll(async () => {
  ctx = await createTestApp();
  smtp = await startSmtpSink();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

function workerAt(clock: ReturnType<typeof fixedClock>, overrides: Partial<TestContext['config']['mail']> = {}): MailWorker {
  const worker = startMailWorker({
    db: ctx.db,
    clock,
    log: silent,
    // A long poll: the test drives rounds itself with runOnce.
    mail: { smtpUrl: smtp.url, from: 'BJK <noreply@bjk.test>', pollMs: 600_000, maxAttempts: 3, bcc: { enrolment: ['archive@bjk.test'] }, ...overrides },
  });
  if (!worker) throw new Error('worker did not start');
  return worker;
}

async function queue(subject: string, kind = 'enrolment.confirmation') {
  const content = {
    heading: subject,
    blocks: [...paragraphs('Hello <Anna> & co'), { kind: 'facts' as const, facts: [{ label: 'Category', value: 'U12' }] }],
    footer: 'BJK',
  };
  return queueMail(ctx.db, { kind, to: ['parent@example.test', 'player@example.test'], language: 'en', subject, content });
}

describe('the e-mail outbox', () => {
  it('delivers a queued mail over SMTP with its HTML and text parts and the BCC of its kind', async () => {
    const clock = fixedClock(new Date(Date.now() + 1000));
    const worker = workerAt(clock);
    const before = smtp.received.length;
    const id = await queue('Enrolment confirmed');
    await worker.runOnce();
    await worker.stop();
    await smtp.waitFor(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.subject).toBe('Enrolment confirmed');
    expect(mail.text).toContain('Hello <Anna> & co');
    expect(mail.html).toContain('Hello &lt;Anna&gt; &amp; co');
    expect(mail.text).toContain('Category:');
    expect(mail.envelopeTo.sort()).toEqual(['archive@bjk.test', 'parent@example.test', 'player@example.test']);
    expect(mail.headers.get('x-outbox-id')).toBe(String(id));

    const headers = await managerHeaders(ctx, ['readonly']);
    const entry = (await ctx.app.inject({ method: 'GET', url: `/api/v1/mail/outbox/${id}`, headers })).json();
    expect(entry.status).toBe('sent');
    expect(entry.html).toContain('<h1');
  });

  it('retries a failed delivery with growing delays and then marks it failed with the last error', async () => {
    const clock = fixedClock(new Date(Date.now() + 1000));
    const worker = workerAt(clock);
    smtp.failNext(3);
    const id = await queue('Will fail');
    await worker.runOnce();
    const headers = await managerHeaders(ctx);
    const get = async () => (await ctx.app.inject({ method: 'GET', url: `/api/v1/mail/outbox/${id}`, headers })).json();
    let entry = await get();
    expect(entry.status).toBe('queued');
    expect(entry.attempts).toBe(1);
    expect(entry.lastError).toMatch(/mailbox busy/);
    expect(Date.parse(entry.nextAttemptAt) - clock.now().getTime()).toBe(retryDelayMs(1));

    // Not due yet: nothing happens.
    expect(await worker.runOnce()).toBe(0);
    clock.set(new Date(clock.now().getTime() + retryDelayMs(1)));
    await worker.runOnce();
    clock.set(new Date(clock.now().getTime() + retryDelayMs(2)));
    await worker.runOnce();
    entry = await get();
    expect(entry.status).toBe('failed');
    expect(entry.attempts).toBe(3);

    const failedList = (await ctx.app.inject({ method: 'GET', url: '/api/v1/mail/outbox?status=failed', headers })).json();
    expect(failedList.items.map((m: { id: number }) => m.id)).toContain(id);

    const before = smtp.received.length;
    const resent = await ctx.app.inject({ method: 'POST', url: `/api/v1/mail/outbox/${id}/resend`, headers });
    expect(resent.json().status).toBe('queued');
    clock.set(new Date(Date.now() + 2000));
    await worker.runOnce();
    await worker.stop();
    await smtp.waitFor(before + 1);
    expect((await get()).status).toBe('sent');
  });

  it('gives up at once when the server refuses permanently', async () => {
    const clock = fixedClock(new Date(Date.now() + 1000));
    const worker = workerAt(clock);
    smtp.failNext(1, 550);
    const id = await queue('Refused');
    await worker.runOnce();
    await worker.stop();
    const headers = await managerHeaders(ctx);
    const entry = (await ctx.app.inject({ method: 'GET', url: `/api/v1/mail/outbox/${id}`, headers })).json();
    expect(entry.status).toBe('failed');
    expect(entry.attempts).toBe(1);
  });

  it('never sends one mail twice when several workers run at once', async () => {
    const clock = fixedClock(new Date(Date.now() + 1000));
    const workers = [workerAt(clock), workerAt(clock), workerAt(clock)];
    const before = smtp.received.length;
    const subjects = Array.from({ length: 12 }, (_, i) => `Parallel ${i}`);
    for (const s of subjects) await queue(s, 'lodging.confirmation');
    await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
    // Stopped workers have finished every delivery they claimed, and the sink records a mail before it accepts it:
    // what arrived now is all that will ever arrive.
    await Promise.all(workers.map((w) => w.stop()));
    const got = smtp.received.slice(before).map((m) => m.subject);
    expect(got.sort()).toEqual([...subjects].sort());
  });

  it('keeps mails queued when no SMTP server is configured', async () => {
    expect(
      startMailWorker({
        db: ctx.db,
        clock: fixedClock(new Date()),
        log: silent,
        mail: { smtpUrl: undefined, from: 'x <x@y.z>', pollMs: 1000, maxAttempts: 3, bcc: {} },
      }),
    ).toBeNull();
  });

  it('shows the outbox to managers only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/mail/outbox' })).statusCode).toBe(401);
    const arbiter = await managerHeaders(ctx, ['arbiter']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/mail/outbox', headers: arbiter })).statusCode).toBe(403);
  });
});
