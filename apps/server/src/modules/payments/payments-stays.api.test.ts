import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MakeReservationInput, PaymentJob } from '@bjk/domain';
import { seedRoomsIfEmpty } from '../lodging/lodging.service.js';
import { systemContext } from '../../platform/service-context.js';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { finishedPaymentJob } from '../../../test/payment-jobs.js';
import { managerHeaders } from '../../../test/managers.js';
import { assignFreeRoom, makeReservation, stayInput } from '../../../test/family-stays.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedRoomsIfEmpty(systemContext(ctx));
  await seedMembersIfEmpty(systemContext(ctx));
  admin = await managerHeaders(ctx);
});
afterAll(async () => ctx?.close());

async function reservationWithRoom(language: MakeReservationInput['language'], assign = true): Promise<string> {
  const contact = { firstName: 'Claire', lastName: 'Dubois', email: `claire.${randomUUID().slice(0, 8)}@example.be` };
  const { id } = await makeReservation(ctx, stayInput(contact, { firstName: 'Paul' }, { language }));
  if (assign) await assignFreeRoom(ctx, id, admin);
  return id;
}

describe('payment requests of stays', () => {
  it('bill a stay with the lodging module’s priced lines in the family’s language', async () => {
    const id = await reservationWithRoom('fr');
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stay/${id}`, headers: admin });
    expect(response.statusCode).toBe(201);
    const request = response.json();
    // DOMAIN.md §2: DH with 2 adults, 6 nights, half board = 660 + 552 + 24 = 1236 €.
    expect(request.totalCents).toBe(123_600);
    expect(request.payer).toMatchObject({ name: 'Claire Dubois', language: 'fr', address: 'Rue Haute 5, 1000 Bruxelles' });
    expect(request.lines.map((l: { kind: string }) => l.kind)).toEqual(['lodging', 'meals', 'meals', 'touristTax']);
    expect(request.lines.reduce((s: number, l: { totalCents: number }) => s + l.totalCents, 0)).toBe(123_600);
  });

  it('do not bill a stay without rooms, and bulk creation takes every stay that holds rooms', async () => {
    const waiting = await reservationWithRoom('nl', false);
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stay/${waiting}`, headers: admin });
    expect(refused.json().code).toBe('payments.source_not_found');
    const other = await reservationWithRoom('en');
    const bulk = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stay', headers: admin });
    const job = await finishedPaymentJob(ctx, admin, (bulk.json().job as PaymentJob).id);
    expect(job).toMatchObject({ state: 'done', total: 1, done: 1 });
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/pr?source=stay:${other}`, headers: admin });
    expect(mine.json().items[0]).toMatchObject({ sourceId: other, totalCents: 123_600, status: 'open' });
  });
});

describe('payment requests of participants', () => {
  it('bill the enrolment fee and the late fee of a late participant, in bulk and singly', async () => {
    const added = await ctx.app.inject({ method: 'POST', url: '/api/v1/participant/bjk/45101/U8', headers: admin });
    expect(added.statusCode, added.body).toBe(200);
    const participant = added.json();
    const bulk = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/participant_bjk_pr', headers: admin });
    const job = await finishedPaymentJob(ctx, admin, (bulk.json().job as PaymentJob).id);
    expect(job).toMatchObject({ state: 'done', failed: 0 });
    expect(job.done).toBeGreaterThanOrEqual(1);
    const single = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/participant_bjk_pr/${participant.id}`, headers: admin });
    expect(single.statusCode).toBe(200);
    const request = single.json();
    // The demo edition: 35 € enrolment + 10 € administrative cost for a late enrolment; 7 days to pay.
    expect(request).toMatchObject({ kind: 'participant_bjk', totalCents: 4_500, dueDate: '2026-11-28' });
    expect(request.lines.map((l: { totalCents: number }) => l.totalCents)).toEqual([3_500, 1_000]);
    expect(request.lines[0].description).toContain('Peeters');
  });
});
