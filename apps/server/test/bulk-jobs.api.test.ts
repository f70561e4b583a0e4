import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InterruptedJob, PrintJob } from '@bjk/domain';
import { bulkJobKinds } from '../src/app.js';
import { seedRoomsIfEmpty } from '../src/modules/lodging/lodging.service.js';
import { systemContext } from '../src/platform/service-context.js';
import { mailOutbox } from '../src/modules/mail/mail.tables.js';
import { paymentJobs } from '../src/modules/payments/payments.tables.js';
import { printJobs } from '../src/modules/print/print.tables.js';
import { BULK_JOB_STALE_AFTER_MS, markInterruptedJobs } from '../src/platform/bulk-jobs.js';
import { finishedPaymentJob } from './payment-jobs.js';
import { bookStayInRoom } from './print-stays.js';
import { managerHeaders } from './managers.js';
import { type TestContext, useTestAppWithManager } from './test-app.js';

/**
 * The platform's rule for bulk jobs a stopped server left "running", for every kind: marked interrupted at
 * start, listed for the managers who may resume them, resumed once, and only what was left is done. The
 * crash is the state it leaves behind: a job row still "running" with part of its work committed.
 */
let ctx: TestContext;
let admin: { authorization: string };

useTestAppWithManager(['admin'], (app) => ({ ctx, headers: admin } = app));
beforeAll(async () => {
  await seedRoomsIfEmpty(systemContext(ctx));
});

const makeStay = (lastName: string) => bookStayInRoom(ctx, admin, lastName, ['An', 'Bo']);

const startAt = () => ctx.clock.now();
const interrupted = async (headers = admin) => (await ctx.app.inject({ method: 'GET', url: '/api/v1/jobs/interrupted', headers })).json<InterruptedJob[]>();
const resume = (kind: string, id: string, headers = admin) => ctx.app.inject({ method: 'POST', url: `/api/v1/jobs/${kind}/${id}/resume`, headers });
const stayRequests = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/pr?kind=stay&pageSize=100', headers: admin })).json();

describe('bulk jobs interrupted by a stopped server', () => {
  it('marks interrupted only the running jobs whose heartbeat stopped (another instance may be running the others)', async () => {
    const now = startAt();
    const [payment] = await ctx.db.insert(paymentJobs).values({ action: 'send', total: 0, updatedAt: now, startedAt: now }).returning();
    const kinds = bulkJobKinds(ctx);
    // Another instance may be running it: a fresh heartbeat is left alone.
    expect(await markInterruptedJobs(ctx.database, kinds, now)).toBe(0);
    const later = new Date(now.getTime() + BULK_JOB_STALE_AFTER_MS + 1000);
    expect(await markInterruptedJobs(ctx.database, kinds, later)).toBe(1);
    const [row] = await ctx.db.select().from(paymentJobs).where(eq(paymentJobs.id, payment!.id));
    expect(row!.state).toBe('interrupted');
    // Finished jobs are never touched; done here so the next tests start clean.
    await ctx.db.update(paymentJobs).set({ state: 'done' }).where(eq(paymentJobs.id, payment!.id));
    expect(await markInterruptedJobs(ctx.database, kinds, later)).toBe(0);
  });

  it('resumes an interrupted bulk create: the requests made before the stop stay, the rest are made, none twice', async () => {
    // The first batch of the job committed before the stop: the first stay got its request.
    const first = await makeStay('Aerts');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay', headers: admin });
    await finishedPaymentJob(ctx, admin, created.json().job.id);
    const before = await stayRequests();
    expect(before.items.map((r: { sourceId: string }) => r.sourceId)).toContain(first);
    const others = [await makeStay('Bosmans'), await makeStay('Claes')];
    const [job] = await ctx.db
      .insert(paymentJobs)
      .values({ action: 'create', kind: 'stay', state: 'running', total: before.total + 2, done: before.total, updatedAt: startAt() })
      .returning();
    expect(await markInterruptedJobs(ctx.database, bulkJobKinds(ctx), new Date(startAt().getTime() + BULK_JOB_STALE_AFTER_MS + 1000))).toBe(1);

    expect(await interrupted()).toEqual([expect.objectContaining({ kind: 'payments', id: job!.id, action: 'create:stay', done: before.total })]);
    // A manager who may not write payments neither sees nor resumes it.
    const printer = await managerHeaders(ctx, ['registrar']);
    expect(await interrupted(printer)).toEqual([]);
    expect((await resume('payments', job!.id, printer)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/jobs/${job!.id}`, headers: admin })).json().state).toBe('interrupted');

    const answers = await Promise.all([resume('payments', job!.id), resume('payments', job!.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('platform.job_not_interrupted');
    const done = await finishedPaymentJob(ctx, admin, job!.id);
    expect(done).toMatchObject({ state: 'done', done: before.total + 2, total: before.total + 2 });
    const after = await stayRequests();
    const sources = after.items.map((r: { sourceId: string }) => r.sourceId);
    expect(sources).toEqual(expect.arrayContaining([first, ...others]));
    expect(new Set(sources).size).toBe(sources.length);
    expect(await interrupted()).toEqual([]);
  });

  it('resumes an interrupted bulk send: what was mailed before the stop is not mailed again', async () => {
    const stay = await makeStay('Dewulf');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay', headers: admin });
    await finishedPaymentJob(ctx, admin, created.json().job.id);
    const requests = (await stayRequests()).items as { id: number; sourceId: string; payer: { emails: string[] } }[];
    // Before the stop, the job had mailed the first request.
    const sentBefore = requests[0]!;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/email_pr/${sentBefore.id}`, headers: admin })).statusCode).toBeLessThan(300);
    const [job] = await ctx.db
      .insert(paymentJobs)
      .values({ action: 'send', state: 'running', total: requests.length, done: 1, updatedAt: startAt() })
      .returning();
    await markInterruptedJobs(ctx.database, bulkJobKinds(ctx), new Date(startAt().getTime() + BULK_JOB_STALE_AFTER_MS + 1000));
    expect((await resume('payments', job!.id)).statusCode).toBe(202);
    expect(await finishedPaymentJob(ctx, admin, job!.id)).toMatchObject({ state: 'done' });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.request'));
    for (const request of requests) {
      const to = request.payer.emails[0]!;
      expect(
        mails.filter((m) => m.to.includes(to)),
        `mails to the payer of ${request.sourceId}`,
      ).toHaveLength(1);
    }
    expect(requests.map((r) => r.sourceId)).toContain(stay);
  });

  it('renders an interrupted print job again from its request, whole', async () => {
    const id = randomUUID();
    const now = startAt();
    await ctx.db.insert(printJobs).values({
      id,
      document: 'meals',
      request: { document: 'meals', kind: 'bjk', selection: { scope: 'all' }, preview: false },
      preview: false,
      status: 'running',
      language: 'fr',
      done: 1,
      total: 3,
      createdAt: now,
      updatedAt: now,
    });
    await markInterruptedJobs(ctx.database, bulkJobKinds(ctx), new Date(now.getTime() + BULK_JOB_STALE_AFTER_MS + 1000));
    expect(await interrupted()).toEqual([expect.objectContaining({ kind: 'print', id, action: 'meals' })]);
    expect((await resume('print', id)).statusCode).toBe(202);
    let job: PrintJob;
    do job = (await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${id}?wait=5`, headers: admin })).json();
    while (job.status === 'running');
    expect(job).toMatchObject({ status: 'done' });
    expect(job.pages).toBeGreaterThan(0);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${id}/pdf`, headers: admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain('%%EOF');
  });
});
