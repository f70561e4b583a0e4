import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { managerHeaders } from '../../../test/managers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => ctx?.close());

const dashboard = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers });

describe('the back office dashboard', () => {
  it('shows an admin the figures of every area', async () => {
    const response = await dashboard(await managerHeaders(ctx, ['admin']));
    expect(response.statusCode).toBe(200);
    const groups = response.json().groups as { area: string; figures: { key: string; value: number }[] }[];
    const accounts = groups.find((g) => g.area === 'accounts');
    expect(accounts?.figures.find((f) => f.key === 'enabledManagers')?.value).toBeGreaterThanOrEqual(1);
    expect(accounts?.figures.find((f) => f.key === 'managersWithSession')?.value).toBeGreaterThanOrEqual(1);
    expect(groups.map((g) => g.area)).toContain('audit');
  });

  it('leaves out the figures of areas the manager may not read', async () => {
    const response = await dashboard(await managerHeaders(ctx, ['editor']));
    expect(response.statusCode).toBe(200);
    expect(response.json().groups).toEqual([]);
    const readonly = await dashboard(await managerHeaders(ctx, ['readonly']));
    expect(readonly.json().groups.map((g: { area: string }) => g.area)).toEqual(['audit', 'enrolment', 'lodging', 'payments']);
  });

  it('needs a logged-in manager', async () => {
    expect((await dashboard({})).statusCode).toBe(401);
  });
});
