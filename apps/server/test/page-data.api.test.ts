import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { pageDataScript, readPageData } from '../src/platform/page-data.js';
import { loginHeaders, TEST_PASSWORD } from './managers.js';
import { createTestApp, type TestContext } from './test-app.js';
import { systemContext } from '../src/platform/service-context.js';

let ctx: TestContext;
let editor: { authorization: string };

beforeAll(async () => {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'bjk-page-data-'));
  // The built index.html in short: the data goes before </body>, the module script stays in <head>.
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-x.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(webDist, 'routes.json'),
    JSON.stringify({
      patterns: [
        '/',
        '/news',
        '/news/:id',
        '/page/:slug',
        '/games/game/:id',
        '/schedule',
        '/participants_bjk',
        '/payment/:token',
        '/trn_u12',
        '/mgmt',
        '/mgmt/news',
      ],
    }),
  );
  ctx = await createTestApp({ env: { WEB_DIST: webDist } });
  await createAccount(systemContext(ctx), { email: 'editor@page-data.test', displayName: 'Eddie', password: TEST_PASSWORD, roles: ['editor'] });
  editor = await loginHeaders(ctx, 'editor@page-data.test');
}, 60_000);
afterAll(async () => ctx?.close());

/** The page's HTML and the answers it carries, parsed as the browser's JSON.parse reads the block. */
async function openPage(url: string, language = 'en') {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  const block = /<script type="application\/json" id="bjk-page-data">([^<]*)<\/script>/.exec(response.body);
  return { response, html: response.body, data: block ? (JSON.parse(block[1]!) as Record<string, { status: number; body: unknown }>) : null };
}
const api = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json();

describe('a public page carries its first reads', () => {
  it("equal to what the API answers, in the visitor's language, after the app's scripts are declared and before </body>", async () => {
    const { response, html, data } = await openPage('/schedule', 'fr-BE,fr;q=0.9');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(data!).sort()).toEqual(
      [
        '/api/v1/calendar/anon/events',
        '/api/v1/filestore/anon/sponsors',
        '/api/v1/page/anon/menu?lang=fr',
        '/api/v1/page/anon/page/schedule?lang=fr',
        '/api/v1/stay/common',
      ].sort(),
    );
    for (const [url, answer] of Object.entries(data!)) {
      expect(answer.status, url).toBe(200);
      expect(answer.body, url).toEqual(await api(url));
    }
    expect(html.indexOf('id="bjk-page-data"')).toBeLessThan(html.indexOf('</body>'));
  });

  it("shows a write in the next page's data (never a stale kept answer)", async () => {
    const before = (await openPage('/news')).data!['/api/v1/news/anon?lang=en']!.body as { title: string }[];
    expect(before.map((n) => n.title)).not.toContain('Round 1 starts at 14:00');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: editor,
      payload: {
        date: '2026-11-21',
        published: true,
        translations: { nl: { title: 'Ronde 1 om 14:00', body: '' }, en: { title: 'Round 1 starts at 14:00', body: 'Be on time.' } },
      },
    });
    expect(created.statusCode).toBe(201);
    const after = (await openPage('/news')).data!['/api/v1/news/anon?lang=en']!.body as { title: string }[];
    expect(after.map((n) => n.title)).toContain('Round 1 starts at 14:00');
    const id = created.json().id as number;
    const detail = (await openPage(`/news/${id}`)).data![`/api/v1/news/anon/${id}?lang=en`]!;
    expect(detail).toEqual({ status: 200, body: await api(`/api/v1/news/anon/${id}?lang=en`) });
  });

  it('cannot be ended or broken out of by the data: a text with </script> stays text in the block', async () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028 </SCRIPT >';
    const html = `<body>${pageDataScript({ '/api/v1/news/anon?lang=en': { status: 200, body: [{ title: hostile }] } })}</body>`;
    expect(html).not.toMatch(/<script>alert|<!--|<\/script>.*<\/script>/is);
    const block = /<script type="application\/json" id="bjk-page-data">([^<]*)<\/script>/.exec(html)!;
    expect(JSON.parse(block[1]!)).toEqual({ '/api/v1/news/anon?lang=en': { status: 200, body: [{ title: hostile }] } });
    // Data, never run: the policy still allows scripts from the site only (and compiling WebAssembly, no eval).
    const { response } = await openPage('/news');
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  });

  it("carries an unknown thing's coded error, so the page says so without a failed request", async () => {
    const { response, data } = await openPage('/payment/no-such-payment-link-000000');
    expect(response.statusCode).toBe(200);
    const answer = data!['/api/v1/payment/public/no-such-payment-link-000000']!;
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(await api('/api/v1/payment/public/no-such-payment-link-000000'));
    const results = (await openPage('/trn_u12')).data!;
    expect(results['/api/v1/results/anon/U12']).toEqual({ status: 404, body: await api('/api/v1/results/anon/U12') });
    expect(results['/api/v1/results/anon/categories']).toEqual({ status: 200, body: await api('/api/v1/results/anon/categories') });
  });

  it('carries only answers the API marks public: no answer for one visitor, nothing for the back office', async () => {
    // 200, but not a public answer (no `Cache-Control: public`): never carried.
    expect(await readPageData(ctx.app, ['/api/health', '/api/v1/stay/common'], 'nl')).toEqual({
      '/api/v1/stay/common': { status: 200, body: await api('/api/v1/stay/common') },
    });
    expect((await openPage('/mgmt/news')).data).toEqual({});
    const participants = (await openPage('/participants_bjk')).data!['/api/v1/participant/public/bjk']!;
    expect(participants).toEqual({ status: 200, body: await api('/api/v1/participant/public/bjk') });
  });

  it('answers 404 with the app for a news item, a page or a game that does not exist, 200 for one that does', async () => {
    for (const url of ['/news/999999', '/page/nope', '/games/game/99999']) {
      const { response, data } = await openPage(url);
      expect(response.statusCode, url).toBe(404);
      // The app still draws the page, saying what is missing, from the carried coded error.
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(
        Object.values(data!).some((answer) => answer.status === 404),
        url,
      ).toBe(true);
    }
    const news = (await api('/api/v1/news/anon?lang=en')) as { id: number }[];
    expect((await openPage(`/news/${news[0]!.id}`)).response.statusCode).toBe(200);
    expect((await openPage('/page/stay')).response.statusCode).toBe(200);
    // A category without results yet is a page that exists.
    expect((await openPage('/trn_u12')).response.statusCode).toBe(200);
  });

  it('still answers hostile and unknown addresses 404 with the app, their addresses escaped into the reads', async () => {
    for (const url of ['/news/1/2', '/no-such-page', '/payment/a/b']) expect((await openPage(url)).response.statusCode, url).toBe(404);
    const { response, data } = await openPage('/payment/%3Cscript%3E%22');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(data!)).toContain('/api/v1/payment/public/%3Cscript%3E%22');
    expect(response.body).not.toContain('<script>"');
  });
});
