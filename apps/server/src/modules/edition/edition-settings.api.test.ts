import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditionSettings } from '@bjk/domain';
import type { TestContext } from '../../../test/test-app.js';
import { appWithManager, managerHeaders } from '../../../test/managers.js';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => ({ ctx, headers: admin } = await appWithManager(['admin'])), 60_000);
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
      settings: {
        ...settings,
        startDate: '2027-02-30',
        endDate: '2027-02-10',
        fees: { ...settings.fees, lateFeeCents: 10.5 },
        organiser: { ...settings.organiser, email: 'nope' },
      },
      updatedAt,
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.settings.startDate', 'body.settings.fees.lateFeeCents', 'body.settings.organiser.email']));
    const reversed = await save({ settings: { ...settings, startDate: '2027-02-20', endDate: '2027-02-10' }, updatedAt });
    expect(reversed.statusCode).toBe(400);
  });

  it('saves the prize table per category (places and special prizes), audited, and refuses an inconsistent one', async () => {
    const { settings, updatedAt } = await current();
    const best = {
      kind: 'youngest' as const,
      minBirthYear: 2018,
      label: { nl: 'Beste -9', fr: 'Meilleur -9', de: 'Beste(r) U9', en: 'Best under 9' },
      amountCents: 2500,
    };
    const prizes = {
      validUntil: '2027-04-30',
      categories: [
        {
          category: 'U8',
          places: [
            { place: 1, amountCents: 6000 },
            { place: 2, amountCents: 3500 },
          ],
          special: [best],
        },
        { category: 'GIRLS', places: [{ place: 1, amountCents: 4000 }], special: [] },
      ],
    };
    const saved = await save({ settings: { ...settings, prizes }, updatedAt });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await current();
    expect(after.settings.prizes).toEqual(prizes);
    const audit = (await ctx.app.inject({ method: 'GET', url: `/api/v1/audit?subjectType=edition&subjectId=${settings.code}`, headers: admin })).json();
    expect(audit.items[0].action).toBe('edition.update_settings');
    expect(JSON.stringify(audit.items[0].after)).toContain('6000');

    const invalid = (prizeCategories: unknown[]) =>
      save({ settings: { ...after.settings, prizes: { validUntil: '2027-04-30', categories: prizeCategories } }, updatedAt: after.updatedAt });
    const refusals = await Promise.all([
      // A staff category has no standings; a category twice; one place twice; best under-N without its year; a negative amount.
      invalid([{ category: 'ARB', places: [], special: [] }]),
      invalid([prizes.categories[0], prizes.categories[0]]),
      invalid([
        {
          category: 'U10',
          places: [
            { place: 1, amountCents: 100 },
            { place: 1, amountCents: 200 },
          ],
          special: [],
        },
      ]),
      invalid([{ category: 'U10', places: [], special: [{ ...best, minBirthYear: undefined }] }]),
      invalid([{ category: 'U10', places: [{ place: 1, amountCents: -5 }], special: [] }]),
    ]);
    expect(refusals.map((r) => [r.statusCode, r.json().code])).toEqual(Array(5).fill([400, 'platform.validation']));
    expect(refusals.map((r) => r.json().details.issues[0].path)).toEqual([
      'body.settings.prizes.categories.0.category',
      'body.settings.prizes.categories.1.category',
      'body.settings.prizes.categories.0.places.1.place',
      'body.settings.prizes.categories.0.special.0.minBirthYear',
      'body.settings.prizes.categories.0.places.0.amountCents',
    ]);
    expect((await current()).settings.prizes).toEqual(prizes);
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
