import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX } from '@bjk/domain';
import { multipartFile } from './bank-statements.js';
import { bookStayInRoom } from './print-stays.js';
import { managerHeaders } from './managers.js';
import { createTestApp, type TestContext } from './test-app.js';
import { seedRoomsIfEmpty } from '../src/modules/lodging/lodging.service.js';
import { systemContext } from '../src/platform/service-context.js';
import { seedMembersIfEmpty } from '../src/modules/members/members.service.js';
import { queueMail } from '../src/modules/mail/mail.service.js';
import { recordAudit } from '../src/platform/audit.js';

/**
 * Every managers' list follows one convention (packages/domain `list-query.ts`): pages count from 1, `pageSize`
 * is bounded, `search` is a substring search in which `%` and `_` match only themselves, and the answer is
 * `{ items, total, page, pageSize }`.
 */
let ctx: TestContext;
let admin: Record<string, string>;

/** Each list, with its largest page size and a search that finds exactly one seeded row through a `_` or `%`. */
const LISTS: { name: string; url: string; maxPageSize: number; literal: string; finds: (row: Record<string, unknown>) => boolean }[] = [
  { name: 'registrations', url: '/api/v1/registration/bjk', maxPageSize: 1000, literal: 'noah_list', finds: (r) => r.email === 'noah_list@example.test' },
  { name: 'participants', url: '/api/v1/participant/bjk', maxPageSize: 1000, literal: '', finds: () => false },
  { name: 'attendees', url: '/api/v1/attendee/bjk', maxPageSize: 1000, literal: '50% Eat', finds: (r) => r.lastName === '50% Eater' },
  { name: 'reservations', url: '/api/v1/stay/reservation', maxPageSize: PAGE_SIZE_MAX, literal: 'Van_Dam', finds: (r) => r.contactName === 'Anna Van_Dam' },
  {
    name: 'payment requests',
    url: '/api/v1/payment/pr',
    maxPageSize: PAGE_SIZE_MAX,
    literal: 'Van_Dam',
    finds: (r) => JSON.stringify(r).toLowerCase().includes('van_dam'),
  },
  { name: 'mail outbox', url: '/api/v1/mail/outbox', maxPageSize: 200, literal: '100% sure', finds: (r) => r.subject === 'Lists: 100% sure' },
  { name: 'audit trail', url: '/api/v1/audit', maxPageSize: 200, literal: 'list_check', finds: (r) => r.subjectId === 'list_check' },
  {
    name: 'news',
    url: '/api/v1/news',
    maxPageSize: PAGE_SIZE_MAX,
    literal: 'Ronde_1',
    finds: (r) => (r as { translations: { nl: { title: string } } }).translations.nl.title === 'Ronde_1 gestart',
  },
];

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin });
const withQuery = (url: string, query: string) => `${url}?${query}`;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await managerHeaders(ctx);
  await seedMembersIfEmpty(systemContext(ctx));
  await seedRoomsIfEmpty(systemContext(ctx));
  const photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();

  // Registrations and participants: two players, one e-mail with `_`, one where the `_` is any other letter.
  const parent = { fullName: 'Greet Peeters', email: 'greet.peeters@example.test', mobile: '+32 470 12 34 56' };
  const none = { fullName: '', email: '', mobile: '' };
  for (const [idbel, email] of [
    [45107, 'noah_list@example.test'],
    [45110, 'noahxlist@example.test'],
  ] as const) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/registration/bjk',
      payload: { idbel, category: idbel === 45107 ? 'U12' : 'U14', email, mobile: '', parent, attendant: none, language: 'nl' },
    });
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
  expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/participant/import/enrollments/bjk', headers: admin, payload: {} })).statusCode).toBe(200);

  // Attendees: "50% Eater" and "500 Eater" (an unescaped `%` would find both).
  for (const lastName of ['50% Eater', '500 Eater']) {
    const body = { firstName: 'Eddy', lastName, category: 'EAT', email: '', mobile: '', mealsCode: 'BO', enabled: true, remarks: '' };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/attendee/bjk', headers: admin, payload: body })).statusCode).toBe(200);
  }

  // Reservations, each with its payment request: "Van_Dam" and "VanXDam".
  for (const lastName of ['Van_Dam', 'VanXDam']) {
    const id = await bookStayInRoom(ctx, admin, lastName, ['Anna', 'Bart']);
    const requested = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stay/${id}`, headers: admin, payload: {} });
    expect(requested.statusCode, requested.body).toBeLessThan(300);
  }

  // Mail, audit entries and news with a `%` or `_` and a near miss each.
  for (const subject of ['Lists: 100% sure', 'Lists: 1000 sure']) {
    await queueMail(ctx.db, { kind: 'test.lists', to: ['lists@example.test'], subject, content: { heading: 'x', blocks: [], footer: 'x' }, language: 'nl' });
  }
  const actor = { accountId: '00000000-0000-4000-8000-000000000003', email: 'lists@test.example', displayName: 'Lists', permissions: new Set<never>() };
  await recordAudit(ctx.db, { actor, action: 'content.check', subjectType: 'page', subjectId: 'list_check' });
  await recordAudit(ctx.db, { actor, action: 'content.check', subjectType: 'page', subjectId: 'listxcheck' });
  for (const title of ['Ronde_1 gestart', 'RondeX1 gestart']) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: admin,
      payload: { date: '2026-11-22', published: true, translations: { nl: { title, body: '' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
  }
}, 120_000);
afterAll(async () => ctx?.close());

describe(`every managers' list follows one convention`, () => {
  for (const list of LISTS) {
    describe(list.name, () => {
      it('counts pages from 1 and bounds page and pageSize with a coded 400', async () => {
        for (const query of ['page=0', 'page=-1', 'page=x', 'pageSize=0', `pageSize=${list.maxPageSize + 1}`, 'page=2147483648']) {
          const response = await get(withQuery(list.url, query));
          expect(response.statusCode, `${list.url}?${query}`).toBe(400);
          expect(response.json().code).toBe('platform.validation');
        }
        expect((await get(withQuery(list.url, `pageSize=${list.maxPageSize}`))).statusCode).toBe(200);
      });

      it('answers { items, total, page, pageSize } and pages through the whole set', async () => {
        const all = (await get(withQuery(list.url, `pageSize=${list.maxPageSize}`))).json();
        expect(Object.keys(all)).toEqual(expect.arrayContaining(['items', 'total', 'page', 'pageSize']));
        expect(all).toMatchObject({ page: 1, pageSize: list.maxPageSize });
        expect(all.total).toBeGreaterThanOrEqual(2);
        expect(all.items).toHaveLength(all.total);

        const first = (await get(withQuery(list.url, 'page=1&pageSize=1'))).json();
        const second = (await get(withQuery(list.url, 'page=2&pageSize=1'))).json();
        expect(first).toMatchObject({ page: 1, pageSize: 1, total: all.total });
        expect(second).toMatchObject({ page: 2, pageSize: 1, total: all.total });
        expect(first.items).toEqual([all.items[0]]);
        expect(second.items).toEqual([all.items[1]]);

        const beyond = (await get(withQuery(list.url, `page=${all.total + 1}&pageSize=1`))).json();
        expect(beyond).toMatchObject({ items: [], total: all.total, page: all.total + 1 });
      });

      it('takes % and _ in `search` literally', async () => {
        // No row contains a lone `%` followed by `_` … : an unescaped pattern would match every row.
        for (const search of ['%', '_', '%_%', '\\']) {
          const response = (await get(withQuery(list.url, `search=${encodeURIComponent(search)}`))).json();
          const matches = (response.items as Record<string, unknown>[]).filter((row) => JSON.stringify(row).includes(search.replace('\\', '\\\\')));
          expect(response.items.length, `${list.url} search=${search}`).toBe(matches.length);
        }
        if (list.literal) {
          const found = (await get(withQuery(list.url, `search=${encodeURIComponent(list.literal)}`))).json();
          expect(found.total, `${list.url} search=${list.literal}`).toBe(1);
          expect(list.finds(found.items[0])).toBe(true);
        }
      });
    });
  }

  it('no longer reads the old names: `q` is ignored like any unknown parameter', async () => {
    const all = (await get('/api/v1/registration/bjk')).json();
    expect((await get('/api/v1/registration/bjk?q=noah_list')).json().total).toBe(all.total);
  });
});
