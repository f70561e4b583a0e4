import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, INLINED_ANSWERS_MS, pageCarriesError, resetInlinedAnswers } from './client';
import { HttpError, NO_RESPONSE, errorMessageKey } from './http-error';

type Call = { url: string; init: RequestInit };

function fakeServer(answers: Array<Response | Error>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const client = (token: string | null = null, onUnauthorized = () => {}) =>
  createHttpClient({ baseUrl: 'http://api.test', getToken: () => token, getLanguage: () => 'fr', onUnauthorized });

afterEach(() => vi.unstubAllGlobals());

describe('the HTTP client', () => {
  it('sends credentials, the language, the bearer token and the query', async () => {
    const calls = fakeServer([json(200, { ok: true })]);
    await client('tok-123').get('/api/v1/x', { query: { group: 'docs', missing: undefined } });
    expect(calls[0]!.url).toBe('http://api.test/api/v1/x?group=docs');
    const headers = calls[0]!.init.headers as Headers;
    expect(calls[0]!.init.credentials).toBe('include');
    expect(headers.get('authorization')).toBe('Bearer tok-123');
    expect(headers.get('accept-language')).toBe('fr');
  });

  it('retries a creating request once on 503 with the same idempotency key', async () => {
    const calls = fakeServer([json(503, { code: 'platform.db_unavailable', message: 'x' }), json(201, { id: 1 })]);
    await expect(client().post('/api/v1/things', { a: 1 })).resolves.toEqual({ id: 1 });
    expect(calls).toHaveLength(2);
    const keys = calls.map((c) => (c.init.headers as Headers).get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('does not retry idempotent requests', async () => {
    const calls = fakeServer([json(503, { code: 'platform.db_unavailable', message: 'x' })]);
    await expect(client().get('/api/v1/x')).rejects.toMatchObject({ status: 503, code: 'platform.db_unavailable' });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a call that opts out (a login), even on 429, and sends it without an idempotency key', async () => {
    const calls = fakeServer([json(429, { code: 'accounts.too_many_attempts', message: 'x', details: { retryAfterSeconds: 900 } })]);
    await expect(client().post('/api/v1/accounts/anon/login', { a: 1 }, { retry: false })).rejects.toMatchObject({
      status: 429,
      code: 'accounts.too_many_attempts',
    });
    expect(calls).toHaveLength(1);
    expect((calls[0]!.init.headers as Headers).get('idempotency-key')).toBeNull();
  });

  it('retries other creating requests once on 429, as the specification says', async () => {
    const calls = fakeServer([json(429, { code: 'platform.rate_limited', message: 'x' }), json(201, { id: 2 })]);
    await expect(client().post('/api/v1/things', { a: 1 })).resolves.toEqual({ id: 2 });
    expect(calls).toHaveLength(2);
  });

  it('does not retry a creating request on a business error', async () => {
    const calls = fakeServer([
      json(400, { code: 'platform.validation', message: 'bad', details: { issues: [{ path: 'body.name', code: 'x', message: 'Too short' }] } }),
    ]);
    const error = (await client()
      .post('/api/v1/x', {})
      .catch((e: unknown) => e)) as HttpError;
    expect(calls).toHaveLength(1);
    expect(error.issues.map((i) => i.path)).toEqual(['body.name']);
  });

  it('reports an unreachable server as status 600', async () => {
    fakeServer([new TypeError('Failed to fetch')]);
    await expect(client().get('/api/v1/x')).rejects.toMatchObject({ status: NO_RESPONSE });
  });

  it('tells the session holder about a 401 so the login page shows', async () => {
    fakeServer([json(401, { code: 'platform.unauthenticated', message: 'x' })]);
    const onUnauthorized = vi.fn();
    await expect(client('expired', onUnauthorized).get('/api/v1/x')).rejects.toBeInstanceOf(HttpError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe('the error catalogue', () => {
  const none = () => false;
  it.each([
    [401, 'status.401'],
    [403, 'status.403'],
    [404, 'status.404'],
    [500, 'status.500'],
    [503, 'status.503'],
    [600, 'status.600'],
    [700, 'status.700'],
    [418, 'unknown'],
  ])('maps status %i to %s', (status, key) => {
    expect(errorMessageKey(new HttpError(status, undefined, ''), none)).toBe(key);
  });

  it('maps the wrong-credentials detail and Forbidden detail', () => {
    expect(errorMessageKey(new HttpError(401, 'accounts.wrong_credentials', '', { detail: 'WrongUsernamePasswordCombination' }), none)).toBe(
      'wrongCredentials',
    );
    expect(errorMessageKey(new HttpError(400, 'x', '', { detail: 'Forbidden' }), none)).toBe('status.403');
  });

  it('prefers a translated business code', () => {
    expect(errorMessageKey(new HttpError(409, 'lodging.room_taken', ''), (code) => code === 'lodging.room_taken')).toBe('codes.lodging.room_taken');
  });

  it('suspects a firewall when a foreign answer refuses a submitted form', () => {
    expect(errorMessageKey(new HttpError(403, undefined, '', undefined, true), none, true)).toBe('firewall');
    expect(errorMessageKey(new HttpError(407, undefined, '', undefined, true), none, true)).toBe('firewall');
  });

  it('calls anything else unknown', () => {
    expect(errorMessageKey(new Error('boom'), none)).toBe('unknown');
  });
});

describe('answers the page carries', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    resetInlinedAnswers();
  });

  const carry = (answers: Record<string, { status: number; body: unknown }>) => {
    // As the server writes it (apps/server/src/platform/page-data.ts), `<` escaped.
    document.body.innerHTML = `<script type="application/json" id="bjk-page-data">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;
    resetInlinedAnswers();
  };

  it('answers the first GET of a carried address without the network, and the next one from the network', async () => {
    carry({ 'http://api.test/api/v1/news/anon?lang=fr': { status: 200, body: [{ title: '</script><b>' }] } });
    const calls = fakeServer([json(200, [{ title: 'fresh' }])]);
    expect(await client().get('/api/v1/news/anon', { query: { lang: 'fr' } })).toEqual([{ title: '</script><b>' }]);
    expect(calls).toHaveLength(0);
    expect(await client().get('/api/v1/news/anon', { query: { lang: 'fr' } })).toEqual([{ title: 'fresh' }]);
    expect(calls).toHaveLength(1);
  });

  it('tells whether the page carries a coded error (its texts then load at start-up)', () => {
    carry({ 'http://api.test/api/v1/stay/common': { status: 200, body: {} } });
    expect(pageCarriesError()).toBe(false);
    carry({
      'http://api.test/api/v1/stay/common': { status: 200, body: {} },
      'http://api.test/api/v1/payment/public/nope': { status: 404, body: { code: 'payments.not_found' } },
    });
    expect(pageCarriesError()).toBe(true);
    document.body.innerHTML = '';
    resetInlinedAnswers();
    expect(pageCarriesError()).toBe(false);
  });

  it("throws a carried coded error as the API's own", async () => {
    carry({ 'http://api.test/api/v1/payment/public/nope': { status: 404, body: { code: 'payments.not_found', message: 'Unknown payment link' } } });
    const calls = fakeServer([]);
    const error = await client()
      .get('/api/v1/payment/public/nope')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, code: 'payments.not_found' });
    expect(calls).toHaveLength(0);
  });

  it("serves none of them once the first page's seconds are over: the data may have changed since", async () => {
    carry({ 'http://api.test/api/v1/page/anon/menu?lang=nl': { status: 200, body: ['carried'] } });
    vi.spyOn(performance, 'now').mockReturnValue(INLINED_ANSWERS_MS + 1);
    const calls = fakeServer([json(200, ['fresh'])]);
    expect(await client().get('/api/v1/page/anon/menu', { query: { lang: 'nl' } })).toEqual(['fresh']);
    expect(calls).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('never answers another address or a write from the page', async () => {
    carry({ 'http://api.test/api/v1/x': { status: 200, body: { carried: true } } });
    const calls = fakeServer([json(200, { other: true }), json(200, { posted: true }), json(200, { fetched: true })]);
    expect(await client().get('/api/v1/x', { query: { page: 2 } })).toEqual({ other: true });
    expect(await client().post('/api/v1/x', {})).toEqual({ posted: true });
    expect(await client().get('/api/v1/x')).toEqual({ carried: true });
    expect(calls).toHaveLength(2);
  });
});
