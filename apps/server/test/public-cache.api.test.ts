import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { insertNews } from '../src/modules/content/content.repository.js';
import type { Pairing } from '@bjk/domain';
import { pairingPlayerKey } from '../src/modules/results/tournament-views.js';
import { ALL_PUBLIC_ANSWERS, scopedChange } from '../src/platform/public-cache.js';
import { newPushToken, pushPgn } from './games-relay.js';
import { managerHeaders } from './managers.js';
import { enterUnofficialResult, publishTournament, swarFixture } from './results-publishing.js';
import { createSecondInstance, createTestApp, testConfig, type TestContext } from './test-app.js';

let first: TestContext;
let second: TestContext;
let editor: { authorization: string };
let admin: { authorization: string };

beforeAll(async () => {
  first = await createTestApp();
  second = await createSecondInstance(first);
  editor = await managerHeaders(first, ['editor']);
  admin = await managerHeaders(first, ['admin']);
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

const newsTitles = async (ctx: TestContext) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/news/anon?lang=nl' })).json<{ title: string }[]>().map((n) => n.title);
/** A day after every news entry so far: an entry of that day comes first in the news list. */
const nextNewsDate = async (ctx: TestContext) =>
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
  ((await ctx.db.execute(sql`select to_char(max(date) + 1, 'YYYY-MM-DD') as date from content_news`)) as unknown as { rows: { date: string }[] }).rows[0]!.date;
/** Both instances drop their kept news: the test starts from the database, whatever an earlier one wrote behind the app's back. */
const fromTheDatabase = () => first.bus.publish('content');
const fees = async (ctx: TestContext) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/common' })).json<{ settings: { fees: { enrolmentCents: number } } }>().settings.fees.enrolmentCents;

describe('public answers kept per data version, two instances on one database', () => {
  it('shows a manager’s change on the next request on every instance, whichever instance took the write', async () => {
    await fromTheDatabase();
    // Both instances have answered (and kept) the news list before the change.
    const before = await newsTitles(first);
    expect(await newsTitles(second)).toEqual(before);

    const created = await first.app.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: editor,
      payload: { date: await nextNewsDate(first), published: true, translations: { nl: { title: 'Ronde 1 gestart', body: '' } } },
    });
    expect(created.statusCode).toBe(201);
    expect(await newsTitles(first)).toEqual(['Ronde 1 gestart', ...before]);
    expect(await newsTitles(second)).toEqual(['Ronde 1 gestart', ...before]);

    // The other way round, on another area's answer (the edition settings).
    const { settings, updatedAt } = (await second.app.inject({ method: 'GET', url: '/api/v1/stay/common' })).json();
    expect(await fees(first)).toBe(settings.fees.enrolmentCents);
    const saved = await second.app.inject({
      method: 'PUT',
      url: '/api/v1/edition/settings',
      headers: admin,
      payload: { settings: { ...settings, fees: { ...settings.fees, enrolmentCents: settings.fees.enrolmentCents + 500 } }, updatedAt },
    });
    expect(saved.statusCode).toBe(200);
    expect(await fees(second)).toBe(settings.fees.enrolmentCents + 500);
    expect(await fees(first)).toBe(settings.fees.enrolmentCents + 500);
  });

  it('answers from the kept answer until its topic is published (not from the database on every request)', async () => {
    await fromTheDatabase();
    const before = await newsTitles(first);
    // Written behind the app's back: no write route, so nothing is published.
    await insertNews(first.db, { date: await nextNewsDate(first), published: true, translations: { nl: { title: 'Stil toegevoegd', body: '' } } });
    expect(await newsTitles(first)).toEqual(before);

    await first.bus.publish('files');
    expect(await newsTitles(first)).toEqual(before);

    await first.bus.publish('content');
    expect(await newsTitles(first)).toEqual(['Stil toegevoegd', ...before]);
    expect(await newsTitles(second)).toEqual(['Stil toegevoegd', ...before]);
  });

  it('keeps one answer per address, and a write that declares no topic drops them all', async () => {
    const dutch = await first.app.inject({ method: 'GET', url: '/api/v1/page/anon/page/home?lang=nl' });
    const french = await first.app.inject({ method: 'GET', url: '/api/v1/page/anon/page/home?lang=fr' });
    expect(dutch.json().title).not.toBe(french.json().title);
    expect((await first.app.inject({ method: 'GET', url: '/api/v1/page/anon/page/home?lang=nl' })).json().title).toBe(dutch.json().title);

    await first.db.execute(sql`update content_news set published = false`);
    await first.bus.publish(ALL_PUBLIC_ANSWERS);
    expect(await newsTitles(second)).toEqual([]);
  });

  it('sends each kept answer compressed once, with an ETag that turns a repeated request into a 304', async () => {
    const plain = await first.app.inject({ method: 'GET', url: '/api/v1/stay/common' });
    const br = await first.app.inject({ method: 'GET', url: '/api/v1/stay/common', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await first.app.inject({ method: 'GET', url: '/api/v1/stay/common', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    // Security headers and the request id are on kept answers too.
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    expect(br.headers['x-request-id']).toBeTruthy();

    const etag = String(plain.headers.etag);
    expect(br.headers.etag).toBe(etag);
    // Both instances compute the same ETag for the same data: a browser's revalidation works behind a load balancer.
    const again = await second.app.inject({ method: 'GET', url: '/api/v1/stay/common', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends a kept answer exactly as the first one was computed: status, headers and body, in every encoding, over HTTP and HTTPS', async () => {
    const proxied = await buildApp({ config: testConfig({ TRUST_PROXY: 'true' }), database: first.database, db: first.db, clock: first.clock, bus: first.bus });
    try {
      const variants: { app: FastifyInstance; headers: Record<string, string> }[] = [
        { app: first.app, headers: {} },
        { app: first.app, headers: { 'accept-encoding': 'gzip, deflate, br' } },
        { app: first.app, headers: { 'accept-encoding': 'gzip' } },
        { app: proxied, headers: { 'accept-encoding': 'br', 'x-forwarded-proto': 'https' } },
        { app: proxied, headers: { 'x-forwarded-proto': 'http' } },
      ];
      const seen = new Set<string>();
      for (const [i, variant] of variants.entries()) {
        // A fresh address each time: the first request computes the answer, the second is served from the kept one.
        const url = `/api/v1/page/anon/page/home?lang=${['nl', 'fr', 'de', 'en', 'nl&x'][i]}`;
        const computed = await variant.app.inject({ method: 'GET', url, headers: variant.headers });
        const kept = await variant.app.inject({ method: 'GET', url, headers: variant.headers });
        expect(computed.statusCode).toBe(200);
        expect(kept.statusCode).toBe(200);
        expect(kept.rawPayload.equals(computed.rawPayload)).toBe(true);
        const { 'x-request-id': computedId, date: _d1, ...computedHeaders } = computed.headers;
        const { 'x-request-id': keptId, date: _d2, ...keptHeaders } = kept.headers;
        expect(keptHeaders).toEqual(computedHeaders);
        expect(keptId).toBeTruthy();
        expect(keptId).not.toBe(computedId);
        seen.add(String(kept.headers['content-encoding'] ?? 'identity') + (kept.headers['strict-transport-security'] ? ' hsts' : ''));

        const notModified = await variant.app.inject({ method: 'GET', url, headers: { ...variant.headers, 'if-none-match': String(computed.headers.etag) } });
        expect(notModified.statusCode).toBe(304);
        expect(notModified.body).toBe('');
        const { 'x-request-id': _id, date: _d3, ...notModifiedHeaders } = notModified.headers;
        const { 'content-length': _l, 'content-encoding': _e, ...withoutBody } = keptHeaders;
        expect(notModifiedHeaders).toEqual(withoutBody);
      }
      expect([...seen].sort()).toEqual(['br', 'br hsts', 'gzip', 'identity']);
    } finally {
      await proxied.close();
    }
  });

  it('shows a published results version and an arbiter’s unofficial result on the next request on every instance', async () => {
    const arbiter = await managerHeaders(first, ['arbiter']);
    const get = async (ctx: TestContext, url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const categories = async (ctx: TestContext) => ((await get(ctx, '/api/v1/results/anon/categories')) as { category: string }[]).map((c) => c.category);
    const board4 = async (ctx: TestContext) =>
      ((await get(ctx, '/api/v1/results/anon/U20/pairings/1')) as { pairings: { board: number; unofficialResult: string | null }[] }).pairings.find(
        (p) => p.board === 4,
      )!.unofficialResult;
    const provisional = async (ctx: TestContext) => ((await get(ctx, '/api/v1/results/anon/U20/standings')) as { provisional: boolean }).provisional;

    // Both instances keep the list of categories before the first version of U20.
    expect(await categories(first)).not.toContain('U20');
    expect(await categories(second)).not.toContain('U20');
    await publishTournament(first, arbiter, 'trn_u20', swarFixture('bycco_bjk2019_u20bg_round1_paired.json'));
    expect(await categories(second)).toContain('U20');
    expect(await categories(first)).toContain('U20');

    // Both keep the round's pairings and the standings; the arbiter's result goes in through the other instance.
    for (const ctx of [first, second]) {
      expect(await board4(ctx)).toBeNull();
      expect(await provisional(ctx)).toBe(false);
    }
    const entered = await enterUnofficialResult(second, arbiter, { name: 'trn_u20', round: 1, boardnr: 4, unofficial_result: '½-½' });
    expect(entered.statusCode, entered.body).toBe(200);
    for (const ctx of [first, second]) {
      expect(await board4(ctx)).toBe('½-½');
      expect(await provisional(ctx)).toBe(true);
    }
  });

  it('drops only the changed category’s kept results on an arbiter’s write: the other categories’ answers stay', async () => {
    const arbiter = await managerHeaders(first, ['arbiter']);
    // Categories of its own: U16 (with U20 2019's round 1) and U8.
    await publishTournament(first, arbiter, 'trn_u16', swarFixture('bycco_bjk2019_u20bg_round1_paired.json'));
    await publishTournament(first, arbiter, 'trn_u8', swarFixture('bycco_test_bjk_1_paired.json'));
    const boardResult = async (ctx: TestContext, url: string, board: number) =>
      (await ctx.app.inject({ method: 'GET', url }))
        .json<{ pairings: { board: number; unofficialResult: string | null }[] }>()
        .pairings.find((p) => p.board === board)!.unofficialResult;
    const u16 = (ctx: TestContext) => boardResult(ctx, '/api/v1/results/anon/u16/pairings/1', 5);
    const u8 = (ctx: TestContext) => boardResult(ctx, '/api/v1/results/anon/U8/pairings/1', 1);
    for (const ctx of [first, second]) {
      expect(await u16(ctx)).toBeNull();
      expect(await u8(ctx)).toBeNull();
    }
    // U16's board 5 changes behind the app's back: only a publication of U16 (or of everything) may show it.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
    const { rows } = (await first.db.execute(sql`select edition from tournament_current where category = 'U16'`)) as unknown as { rows: { edition: string }[] };
    const board5 = (await second.app.inject({ method: 'GET', url: '/api/v1/results/anon/U16/pairings/1' }))
      .json<{ pairings: Pairing[] }>()
      .pairings.find((p) => p.board === 5)!;
    await first.db.execute(
      sql`insert into unofficial_results (edition, category, round, board, white, black, result) values (${rows[0]!.edition}, 'U16', 1, 5, ${pairingPlayerKey(board5.white)}, ${pairingPlayerKey(board5.black!)}, '1-0')`,
    );

    const entered = await enterUnofficialResult(second, arbiter, { name: 'U8', round: 1, boardnr: 1, unofficial_result: '0-1' });
    expect(entered.statusCode, entered.body).toBe(200);
    for (const ctx of [first, second]) {
      expect(await u8(ctx)).toBe('0-1');
      expect(await u16(ctx)).toBeNull();
    }
    await first.bus.publish('results', scopedChange('U16'));
    for (const ctx of [first, second]) expect(await u16(ctx)).toBe('1-0');
  });

  it('keeps every kept answer through the relay’s pushes of live games (games are not kept answers)', async () => {
    const arbiter = await managerHeaders(first, ['arbiter']);
    await fromTheDatabase();
    const before = await newsTitles(second);
    await insertNews(first.db, { date: '2026-11-20', published: true, translations: { nl: { title: 'Tijdens ronde 3', body: '' } } });
    const token = await newPushToken(first, arbiter, 'U12');
    const pgn = '[Event "U12"]\n[Round "3.1"]\n[White "Peeters, Anna"]\n[Black "Dubois, Lucas"]\n[Result "*"]\n\n1. e4 e5 *\n';
    const pushed = await pushPgn(first, 'U12', token, pgn, 'application/x-chess-pgn');
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json()).toMatchObject({ added: 1 });
    expect(await newsTitles(second)).toEqual(before);
    await first.bus.publish('content');
    expect((await newsTitles(second)).sort()).toEqual(['Tijdens ronde 3', ...before].sort());
  });

  it('keeps no failed answer: a news entry missing at first shows once it exists', async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
    const next = ((await first.db.execute(sql`select coalesce(max(id), 0) + 1 as id from content_news`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    expect((await first.app.inject({ method: 'GET', url: `/api/v1/news/anon/${next}?lang=nl` })).statusCode).toBe(404);
    const created = await insertNews(first.db, { date: '2026-11-24', published: true, translations: { nl: { title: 'Later', body: '' } } });
    expect(created.id).toBe(Number(next));
    const found = await first.app.inject({ method: 'GET', url: `/api/v1/news/anon/${next}?lang=nl` });
    expect(found.statusCode).toBe(200);
    expect(found.json().title).toBe('Later');
  });
});

describe('public answers when the change bus lost its connection', () => {
  it('drops every kept answer once the connection is back (changes may have been missed meanwhile)', async () => {
    await fromTheDatabase();
    const before = await newsTitles(second);
    await insertNews(first.db, { date: await nextNewsDate(first), published: true, translations: { nl: { title: 'Tijdens de onderbreking', body: '' } } });
    expect(await newsTitles(second)).toEqual(before);
    const resynced = new Promise<void>((resolve) => {
      const off = second.bus.subscribe('content', () => {
        off();
        resolve();
      });
    });
    await first.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query = 'LISTEN bjk_changes'`,
    );
    await resynced;
    expect(await newsTitles(second)).toEqual(['Tijdens de onderbreking', ...before]);
  });
});
