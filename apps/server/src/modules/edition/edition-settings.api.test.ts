import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditionSettings } from '@bjk/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { managerHeaders } from '../../../test/managers.js';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await managerHeaders(ctx, ['admin']);
}, 60_000);
afterAll(async () => ctx?.close());

async function current(): Promise<{ settings: EditionSettings; updatedAt: string }> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/common' })).json();
}
const save = (body: unknown, headers = admin) => ctx.app.inject({ method: 'PUT', url: '/api/v1/edition/settings', payload: body as never, headers });

describe('the edition settings page', () => {
  it('saves new fees and contact details, which the public site reads at once, and audits only what changed', async () => {
    const { settings, updatedAt } = await current();
    const changed = { ...settings, fees: { ...settings.fees, enrolmentCents: 4000 }, organiser: { ...settings.organiser, email: 'new-contact@bjk.example' } };
    const response = await save({ settings: changed, updatedAt });
    expect(response.statusCode).toBe(200);
    const after = await current();
    expect(after.settings.fees.enrolmentCents).toBe(4000);
    expect(after.settings.organiser.email).toBe('new-contact@bjk.example');
    expect(after.updatedAt).not.toBe(updatedAt);

    const audit = (await ctx.app.inject({ method: 'GET', url: `/api/v1/audit?subjectType=edition&subjectId=${settings.code}`, headers: admin })).json();
    expect(audit.items[0]).toMatchObject({
      action: 'edition.update_settings',
      before: { 'fees.enrolmentCents': 3500, 'organiser.email': settings.organiser.email },
      after: { 'fees.enrolmentCents': 4000, 'organiser.email': 'new-contact@bjk.example' },
    });
  });

  it('refuses a save over someone else’s newer change', async () => {
    const { settings, updatedAt } = await current();
    expect((await save({ settings: { ...settings, touristTaxCents: 250 }, updatedAt })).statusCode).toBe(200);
    const stale = await save({ settings: { ...settings, touristTaxCents: 300 }, updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('edition.changed_meanwhile');
    expect((await current()).settings.touristTaxCents).toBe(250);
  });

  it('validates with the shared schema: real dates in order, money in whole cents, a valid e-mail', async () => {
    const { settings, updatedAt } = await current();
    const response = await save({
      settings: { ...settings, startDate: '2027-02-30', endDate: '2027-02-10', fees: { ...settings.fees, lateFeeCents: 10.5 }, organiser: { ...settings.organiser, email: 'nope' } },
      updatedAt,
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.settings.startDate', 'body.settings.fees.lateFeeCents', 'body.settings.organiser.email']));
    const reversed = await save({ settings: { ...settings, startDate: '2027-02-20', endDate: '2027-02-10' }, updatedAt });
    expect(reversed.statusCode).toBe(400);
  });

  it('keeps the edition’s code', async () => {
    const { settings, updatedAt } = await current();
    const response = await save({ settings: { ...settings, code: 'another-one' }, updatedAt });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('edition.code_fixed');
  });

  it('is for admins only', async () => {
    const { settings, updatedAt } = await current();
    expect((await save({ settings, updatedAt }, await managerHeaders(ctx, ['treasurer']))).statusCode).toBe(403);
  });
});
