import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, type Permission, type Role } from '@bjk/domain';
import { createTestApp, type TestContext } from './test-app.js';
import { managerHeaders } from './managers.js';

/**
 * The routes anyone may call without logging in. Reviewed: none of them exposes personal data of
 * minors or changes anything a manager owns. A new public route fails this test until it is added
 * here, on purpose, after that review.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/v1/stay/common',
  'POST /api/v1/accounts/anon/login',
  // Which identity provider the login page offers: its name, issuer, public client id and authorisation endpoint.
  'GET /api/v1/accounts/anon/providers',
  'GET /api/v1/page/anon/page/:instance',
  // The public menu: the titles, places and addresses of published pages.
  'GET /api/v1/page/anon/menu',
  'GET /api/v1/news/anon',
  'GET /api/v1/news/anon/:id',
  // The programme of the edition and its iCalendar feed: published times and places, no people.
  'GET /api/v1/calendar/anon/events',
  'GET /api/v1/calendar/anon/ics',
  // Files of groups marked public, and the sponsors' names, links and logos.
  'GET /api/v1/filestore/anon/groups',
  'GET /api/v1/filestore/anon/files',
  'GET /api/v1/filestore/anon/file',
  'GET /api/v1/filestore/anon/sponsors',
  // The reservation wizard (specification: anonymous); answers only the requester's own submission.
  'POST /api/v1/stay/cmd/make_reservation',
  // A payer's own payment page and its EPC QR code, addressed by an unguessable token sent to the payer by e-mail.
  'GET /api/v1/payment/public/:token',
  'GET /api/v1/payment/public/:token/qr.png',
  // The enrolment wizard (specification: anonymous): the id lookup answers a player's name and eligibility
  // only, the submission steps act on the caller's own draft (addressed by its unguessable submission id).
  'GET /api/v1/registration/idbel/:idbel',
  'GET /api/v1/registration/idfide/:idfide',
  'POST /api/v1/registration/:kind',
  'POST /api/v1/registration/photo/:idsub',
  'POST /api/v1/registration/confirm/:idsub',
  // A late-entry invitation's signed token, checked without being spent: it tells its holder the player's federation
  // and FIDE ids (public anyway) and when it expires; nothing of the family.
  'POST /api/v1/registration/invitation',
  // "My family": asking for a sign-in link answers the same for every address and mails only a family's own address;
  // the landing page's button spends a link that was mailed (its token is the secret). Nothing else of a family is public.
  'POST /api/v1/family/anon/sign-in-link',
  'POST /api/v1/family/anon/session',
  // The public participant list: enabled players only, with name, ratings, category and club (DOMAIN.md §4).
  'GET /api/v1/participant/public/:kind',
  // Live games, only as far as the category's broadcast delay lets them through; the push is guarded by the
  // category's own push token (the relay has no manager account).
  'GET /api/v1/games/public/:category/:round',
  'GET /api/v1/games/public/:category/:round/pgn',
  'GET /api/v1/games/public/:category/:round/stream',
  'GET /api/v1/games/public/:category/rounds',
  'GET /api/v1/games/public/categories',
  'GET /api/v1/games/public/:category/boards',
  'GET /api/v1/games/public/:category/player/pgn',
  'GET /api/v1/games/public/game/:id',
  'GET /api/v1/games/public/game/:id/pgn',
  'POST /api/v1/games/push/:category',
  // Published results (DOMAIN.md §7b): players' names, titles, federations, FIDE ids, ratings, clubs and games,
  // never birth dates, sex, national ids, contacts or photos; open data as TRF16 and CSV.
  'GET /api/v1/results/anon/categories',
  'GET /api/v1/results/anon/:category',
  'GET /api/v1/results/anon/:category/standings',
  'GET /api/v1/results/anon/:category/pairings/:round',
  'GET /api/v1/results/anon/:category/unofficial/:round',
  'GET /api/v1/results/anon/:category/trf',
  'GET /api/v1/results/anon/:category/standings.csv',
  // Server-sent events: bare change notices ("unofficial:1:4"), no names.
  'GET /api/v1/results/anon/:category/events',
  // Following a player (issue #27): no account by design. Following answers only the follow's own token and the
  // published player name; nobody can list followers; status, confirm and unfollow need a token this site signed.
  'GET /api/v1/follow/vapid-key',
  'POST /api/v1/follow/push',
  'POST /api/v1/follow/email',
  'POST /api/v1/follow/confirm',
  'POST /api/v1/follow/status',
  'POST /api/v1/follow/unfollow',
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => ctx?.close());

/** A concrete URL for a route pattern: the guard answers before parameters are validated. */
function concreteUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');
}

/** The roles that lack `permission`, most powerful first: the closest a manager comes without it. */
function rolesLacking(permission: Permission): Role[] {
  return ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes(permission)).sort((a, b) => ROLE_PERMISSIONS[b].length - ROLE_PERMISSIONS[a].length);
}

describe('deny by default', () => {
  it('lists exactly the reviewed public routes as public', () => {
    const actual = ctx.app.routeCatalogue.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    const unreviewed = actual.filter((route) => !PUBLIC_ROUTES.includes(route));
    expect(
      unreviewed,
      'These routes are public but not in PUBLIC_ROUTES of apps/server/test/access.api.test.ts. If they really must be ' +
        'reachable without login, check that they expose no personal data of minors and change nothing managers own, then add them there.',
    ).toEqual([]);
    const gone = PUBLIC_ROUTES.filter((route) => !actual.includes(route));
    expect(gone, 'PUBLIC_ROUTES lists routes that no longer exist (or are no longer public): remove them from the list.').toEqual([]);
  });

  it('marks every protected route as protected in the OpenAPI document, and no public one', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    for (const route of ctx.app.routeCatalogue.filter((r) => r.url.startsWith('/api/v1'))) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(!!operation!.security?.length, `${route.method} ${route.url}`).toBe(route.access !== 'public');
    }
  });

  it('declares only known permissions', () => {
    for (const route of ctx.app.routeCatalogue) {
      expect(['public', 'authenticated', 'family', ...PERMISSIONS], `${route.method} ${route.url}`).toContain(route.access);
    }
  });

  it('answers 401 without a token and 403 to a manager lacking the permission, on every non-public route', async () => {
    const headersByRoles = new Map<string, { authorization: string }>();
    const headersFor = async (roles: Role[]) => {
      const key = roles.join('+');
      if (!headersByRoles.has(key)) headersByRoles.set(key, await managerHeaders(ctx, roles));
      return headersByRoles.get(key)!;
    };
    const problems: string[] = [];
    const guarded = ctx.app.routeCatalogue.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const url = concreteUrl(route.url);
      const anonymous = await ctx.app.inject({ method, url });
      if (anonymous.statusCode !== 401) problems.push(`${route.method} ${route.url} without a token answered ${anonymous.statusCode}`);
      const forged = await ctx.app.inject({ method, url, headers: { authorization: 'Bearer not-a-session-token-at-all' } });
      if (forged.statusCode !== 401) problems.push(`${route.method} ${route.url} with an unknown token answered ${forged.statusCode}`);
      if (route.access === 'family') {
        // A family's routes open with a family's session only: a manager holding every permission gets nothing.
        const admin = await ctx.app.inject({ method, url, headers: await headersFor(['admin']) });
        if (admin.statusCode !== 401) problems.push(`${route.method} ${route.url} (a family's) answered ${admin.statusCode} to an admin's token`);
        const forgedCookie = await ctx.app.inject({ method, url, headers: { cookie: `bjk_family=${'A'.repeat(43)}` } });
        if (forgedCookie.statusCode !== 401)
          problems.push(`${route.method} ${route.url} (a family's) answered ${forgedCookie.statusCode} to an unknown session`);
        continue;
      }
      if (route.access === 'authenticated' || route.access === 'public') continue;
      const permission = route.access;
      const closest = rolesLacking(permission)[0];
      for (const roles of [[], ...(closest ? [[closest]] : [])] as Role[][]) {
        const response = await ctx.app.inject({ method, url, headers: await headersFor(roles) });
        if (response.statusCode !== 403) {
          problems.push(`${route.method} ${route.url} (needs ${permission}) answered ${response.statusCode} to roles [${roles.join(', ')}]`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
