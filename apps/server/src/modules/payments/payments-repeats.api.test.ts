import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRequest } from '@bjk/domain';
import { seedRoomsIfEmpty } from '../lodging/lodging.service.js';
import { systemContext } from '../../platform/service-context.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { REPEAT_WINDOW_MS } from './payment-requests.service.js';
import { paymentRecords } from './payments.tables.js';
import { managerHeaders } from '../../../test/managers.js';
import { assignFreeRoom, makeReservation, stayInput } from '../../../test/family-stays.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';

/**
 * Sending a request and registering a payment are safe without an Idempotency-Key (API clients, scripts and
 * retries do not send one): the same call repeated within seconds is the same intention, done once.
 */
let ctx: TestContext;
let treasurer: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedRoomsIfEmpty(systemContext(ctx));
  treasurer = await managerHeaders(ctx, ['admin']);
}, 60_000);
afterAll(async () => ctx?.close());

async function openRequest(): Promise<PaymentRequest & { payer: { emails: string[] } }> {
  const lastName = `Peeters${randomUUID().slice(0, 6)}`;
  const contact = { firstName: 'Jan', lastName, email: `${lastName.toLowerCase()}@example.test`, address: 'Zeedijk 1, 8420 De Haan' };
  const { id } = await makeReservation(ctx, stayInput(contact, { firstName: 'Els' }));
  await assignFreeRoom(ctx, id, treasurer);
  const created = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stay/${id}`, headers: treasurer });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

const advance = (ms: number) => ctx.clock.set(new Date(ctx.clock.now().getTime() + ms));

describe('payment calls repeated without an Idempotency-Key', () => {
  it('sends one mail for ten concurrent e-mail calls of one request, and a reminder once the moment has passed', async () => {
    const request = await openRequest();
    const send = () => ctx.app.inject({ method: 'POST', url: `/api/v1/payment/email_pr/${request.id}`, headers: treasurer });
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const mailsTo = async () =>
      (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payments.request'))).filter((m) => m.to.includes(request.payer.emails[0]!));
    expect(await mailsTo()).toHaveLength(1);
    advance(REPEAT_WINDOW_MS + 1000);
    expect((await send()).statusCode).toBe(200);
    expect(await mailsTo()).toHaveLength(2);
  });

  it('records one payment for ten concurrent identical registrations, and a second payment once the moment has passed', async () => {
    const request = await openRequest();
    const pay = (remark = 'Cash at the desk') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/payment/pr/${request.id}/payments`,
        headers: treasurer,
        payload: { amountCents: 1_000, paidOn: '2026-11-21', remark },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay()));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const records = () => ctx.db.select().from(paymentRecords).where(eq(paymentRecords.requestId, request.id));
    expect(await records()).toHaveLength(1);
    expect(answers[9]!.json().receivedCents).toBe(1_000);
    // Another remark is another payment, even at once.
    expect((await pay('Second envelope')).statusCode).toBe(200);
    expect(await records()).toHaveLength(2);
    advance(REPEAT_WINDOW_MS + 1000);
    expect((await pay()).json().receivedCents).toBe(3_000);
    expect(await records()).toHaveLength(3);
  });
});
