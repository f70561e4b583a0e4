import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createManager, managerHeaders } from '../../../test/managers.js';
import { changedFields, recordAudit } from '../../platform/audit.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => ctx?.close());

const list = async (query: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/v1/audit?${query}`, headers });

describe('the audit trail', () => {
  it('shows the history of one record, newest first', async () => {
    const admin = await managerHeaders(ctx);
    const actor = { accountId: '00000000-0000-4000-8000-000000000001', email: 'desk@test.example', displayName: 'Desk', permissions: new Set<never>() };
    await recordAudit(ctx.db, { actor, action: 'lodging.assign_room', subjectType: 'reservation', subjectId: 4711, after: { room: '101' } });
    await recordAudit(ctx.db, { actor, action: 'lodging.unassign_room', subjectType: 'reservation', subjectId: 4711, before: { room: '101' } });
    await recordAudit(ctx.db, { actor, action: 'lodging.assign_room', subjectType: 'reservation', subjectId: 4712, after: { room: '102' } });
    const response = await list('subjectType=reservation&subjectId=4711', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.items.map((e: { action: string }) => e.action)).toEqual(['lodging.unassign_room', 'lodging.assign_room']);
    expect(body.items[1]).toMatchObject({ actorEmail: 'desk@test.example', subjectId: '4711', after: { room: '101' } });
  });

  it('filters by actor, area and day, and pages', async () => {
    const admin = await managerHeaders(ctx);
    const { email } = await createManager(ctx, ['admin']);
    const actor = { accountId: '00000000-0000-4000-8000-000000000002', email, displayName: 'X', permissions: new Set<never>() };
    for (let i = 0; i < 5; i++) {
      await recordAudit(ctx.db, { actor, action: 'payments.mark_paid', subjectType: 'payment_request', subjectId: i });
    }
    await recordAudit(ctx.db, { actor, action: 'content.publish', subjectType: 'page', subjectId: 'home' });

    const byActor = (await list(`actor=${email.slice(0, 14)}`, admin)).json();
    expect(byActor.total).toBe(6);
    const byArea = (await list(`actor=${email}&area=payments&pageSize=2&page=2`, admin)).json();
    expect(byArea).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(byArea.items).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`actor=${email}&from=2000-01-01&to=2000-12-31`, admin)).json().total).toBe(0);
    expect((await list(`actor=${email}&from=2000-01-01`, admin)).json().total).toBe(6);
    expect((await list(`from=${today}&to=2000-01-01`, admin)).statusCode).toBe(400);
  });

  it('is readable only with the audit permission', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('', await managerHeaders(ctx, ['editor']))).statusCode).toBe(403);
    expect((await list('', await managerHeaders(ctx, ['readonly']))).statusCode).toBe(200);
  });

  it('keeps only the fields that changed', () => {
    expect(changedFields({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2] })).toEqual({ before: { b: 'x', c: [1] }, after: { b: 'y', c: [1, 2] } });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
  });
});
