import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { seedEditionIfEmpty } from '../src/modules/edition/edition.service.js';
import { createChangeBus, createLocalChangeBus, type ChangeBus } from '../src/platform/change-bus.js';
import { fixedClock } from '../src/platform/clock.js';
import { systemContext } from '../src/platform/service-context.js';
import { openDatabase, type Database } from '../src/platform/db.js';
import { AppError } from '../src/platform/errors.js';
import { openTestDatabase } from './test-database.js';
import { TEST_NOW, testConfig } from './test-app.js';

let database: Database;
let bus: ChangeBus;
let app: FastifyInstance;
let webDist: string;
let created = 0;
let failNext = false;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'bjk-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await mkdir(path.join(webDist, 'builds'));
  // As large as the real page (over the compression threshold).
  await writeFile(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>BJK</title></head><body><div id="root"></div><noscript>${'JavaScript needed. '.repeat(80)}</noscript></body></html>`,
  );
  // What the build writes from the web's route tables (apps/web/build/route-manifest.ts), in short.
  await writeFile(
    path.join(webDist, 'routes.json'),
    JSON.stringify({
      patterns: ['/', '/rules', '/news/:id', '/mgmt', '/mgmt/participants'],
      pages: [
        { pattern: '/', chunks: [], namespaces: ['content'] },
        { pattern: '/news/:id', chunks: ['/assets/NewsPage-n1.js', '/assets/Alert-a1.js'], styles: ['/assets/plain-p1.css'], namespaces: ['content'] },
      ],
      locales: {
        nl: { common: '/assets/common-nl.js', content: '/assets/content-nl.js' },
        fr: { common: '/assets/common-fr.js', content: '/assets/content-fr.js' },
      },
    }),
  );
  await writeFile(path.join(webDist, 'assets/index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(webDist, 'assets/index-abc123.js.gz'), gzipSync('console.log(1)'));
  await writeFile(path.join(webDist, 'builds/latest.json'), '{"buildId":"b1"}');

  database = await openTestDatabase();
  const config = testConfig({ WEB_DIST: webDist, BODY_LIMIT_BYTES: '2048' });
  await seedEditionIfEmpty(systemContext({ db: database.db, clock: fixedClock(TEST_NOW), config }));
  bus = await createChangeBus(database);
  app = await buildApp({ config, database, db: database.db, clock: fixedClock(TEST_NOW), bus });
  // Probe routes exercising the platform's mechanisms (validation, idempotency, access) through real HTTP handling.
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/v1/probe/things', {
    schema: { body: z.object({ name: z.string().min(2), guests: z.array(z.object({ birthDate: z.iso.date() })).optional() }) },
    config: { access: 'public' },
    handler: async (request, reply) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (failNext) {
        failNext = false;
        throw new Error('boom');
      }
      created += 1;
      return reply.status(201).send({ id: created, name: request.body.name });
    },
  });
  r.get('/api/v1/probe/conflict', {
    config: { access: 'public' },
    handler: async () => {
      throw new AppError(409, 'lodging.room_taken', 'Room 101 is taken', { room: '101' });
    },
  });
  r.get('/api/v1/probe/managers-only', { config: { access: 'lodging:read' }, handler: async () => ({ secret: true }) });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await bus?.close();
  await database?.close();
});

describe('the platform', () => {
  it('reports health with the kind of database it runs on', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'postgres' });
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('publishes the seeded edition settings at the common stay endpoint', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/stay/common' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.settings.code).toBe('bjk2027');
    expect(body.settings.fees.enrolmentCents).toBe(3500);
    expect(body.settings.roomTypes.map((t: { code: string }) => t.code)).toContain('AP4');
  });

  it('answers an unknown API path with a JSON 404, never the web app', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 'platform.not_found' });
  });

  it('rejects invalid input with 400 and the path of every bad field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/probe/things',
      payload: { name: 'x', guests: [{ birthDate: '2020-02-30' }] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('platform.validation');
    const paths = body.details.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.guests.0.birthDate']));
  });

  it('rejects malformed JSON with a coded 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/probe/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('platform.validation');
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/probe/things', payload: { name: 'x'.repeat(5000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('platform.payload_too_large');
  });

  it('passes business errors through with their code, status and details', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'lodging.room_taken', message: 'Room 101 is taken', details: { room: '101' } });
  });

  it('keeps managers-only routes closed without a valid token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/probe/managers-only' })).statusCode).toBe(401);
    const withUnknownToken = await app.inject({
      method: 'GET',
      url: '/api/v1/probe/managers-only',
      headers: { authorization: 'Bearer 0123456789abcdef0123456789abcdef' },
    });
    expect(withUnknownToken.statusCode).toBe(401);
    expect(withUnknownToken.json().code).toBe('platform.unauthenticated');
  });

  it('refuses to start with an API route that declares no access', async () => {
    const config = testConfig();
    const other = await buildApp({ config, database, db: database.db, clock: fixedClock(TEST_NOW), bus });
    expect(() => other.get('/api/v1/forgotten', async () => ({}))).toThrow(/declares no access/);
    await other.close();
  });

  it('lists every route with its declared access', () => {
    expect(app.routeCatalogue).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/health', access: 'public' },
        { method: 'GET', url: '/api/v1/probe/managers-only', access: 'lodging:read' },
      ]),
    );
  });
});

describe('idempotent creation', () => {
  it('answers a retried request with the first answer instead of creating twice', async () => {
    const before = created;
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/probe/things',
        headers: { 'idempotency-key': 'retry-key-0001' },
        payload: { name: 'Alice' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(created - before).toBe(1);
  });

  it('creates once when a double click sends the same key concurrently', async () => {
    const before = created;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/probe/things',
          headers: { 'idempotency-key': 'double-click-0001' },
          payload: { name: 'Bob' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(created - before).toBe(1);
  });

  it('refuses the same key for a different request', async () => {
    await app.inject({ method: 'POST', url: '/api/v1/probe/things', headers: { 'idempotency-key': 'reused-key-0001' }, payload: { name: 'Carl' } });
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/probe/things',
      headers: { 'idempotency-key': 'reused-key-0001' },
      payload: { name: 'Dora' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('platform.idempotency_mismatch');
  });

  it('runs a retry again after a server error', async () => {
    const before = created;
    failNext = true;
    const send = () =>
      app.inject({ method: 'POST', url: '/api/v1/probe/things', headers: { 'idempotency-key': 'after-error-0001' }, payload: { name: 'Eve' } });
    expect((await send()).statusCode).toBe(500);
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(created - before).toBe(1);
  });

  it('rejects a malformed key', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/probe/things', headers: { 'idempotency-key': 'no spaces!' }, payload: { name: 'Fay' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('compressing API answers', () => {
  it('sends large JSON answers brotli- or gzip-compressed to clients that accept it, plain to others', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/v1/stay/common' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ method: 'GET', url: '/api/v1/stay/common', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await app.inject({ method: 'GET', url: '/api/v1/stay/common', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses the app page for browsers', async () => {
    const page = await app.inject({ method: 'GET', url: '/stay', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('leaves small answers alone', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });

  it('replays a compressed first answer intact to a retry with the same idempotency key', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/probe/things',
        headers: { 'idempotency-key': 'compressed-key-0001', 'accept-encoding': 'gzip' },
        payload: { name: 'x'.repeat(1500) },
      });
    const first = await send();
    const second = await send();
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(gunzipSync(second.rawPayload).toString())).toEqual(JSON.parse(gunzipSync(first.rawPayload).toString()));
  });
});

describe('serving the web app', () => {
  it('serves index.html uncached for the home page and every app route', async () => {
    // This app has no news: /news/7 is a page about nothing (404), still the app, uncached.
    for (const url of ['/', '/rules', '/news/7', '/mgmt/participants', '/mgmt/participants?kind=vk']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(url === '/news/7' ? 404 : 200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("names the chunks and texts of the page in the visitor's language as module preloads", async () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const news = await app.inject({ method: 'GET', url: '/news/7', headers: { 'accept-language': 'fr-BE,fr;q=0.9,en;q=0.8' } });
    expect(preloads(news.body)).toEqual(['/assets/NewsPage-n1.js', '/assets/Alert-a1.js', '/assets/common-fr.js', '/assets/content-fr.js']);
    expect(news.body.indexOf('modulepreload')).toBeLessThan(news.body.indexOf('</head>'));
    // Its stylesheets too, as the CORS requests Vite's loader makes for them.
    expect([...news.body.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map((m) => m[1])).toEqual(['/assets/plain-p1.css']);
    // No language the site has: Dutch, as the app itself starts.
    const home = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es-ES,es', 'accept-encoding': 'gzip' } });
    expect(preloads(gunzipSync(home.rawPayload).toString())).toEqual(['/assets/common-nl.js', '/assets/content-nl.js']);
    // Shared caches keep one copy per language and encoding.
    expect(home.headers.vary).toBe('accept-language, accept-encoding');
    const unknown = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(preloads(unknown.body)).toEqual(['/assets/common-nl.js']);
  });

  it("answers an address that is none of the web's routes 404, with the app and its not-found page", async () => {
    for (const url of ['/no-such-page', '/news/7/extra', '/mgmt/no-such-page', '/rules/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(url === '/rules/' ? 200 : 404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and never the build marker', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const marker = await app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(marker.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed asset to a browser that accepts gzip', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing asset so a stale client notices and reloads', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(response.statusCode).toBe(404);
  });

  it('sends a strict content security policy and other security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The older frame header says what frame-ancestors says.
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS over HTTPS only (behind a proxy: as X-Forwarded-Proto says)', async () => {
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildApp({
      config: testConfig({ WEB_DIST: webDist, TRUST_PROXY: 'true' }),
      database,
      db: database.db,
      clock: fixedClock(TEST_NOW),
      bus,
    });
    try {
      const secure = await proxied.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toContain('max-age=');
      const insecure = await proxied.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('keeps answers to managers out of every cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers: { authorization: 'Bearer not-a-session' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('publishes the OpenAPI description generated from the schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/health', '/api/v1/stay/common']));
  });
});

describe('without a database', () => {
  it('answers API calls with 503 when PostgreSQL cannot be reached', async () => {
    const unreachable = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', connectTimeoutMs: 500 });
    const offline = await buildApp({
      config: testConfig(),
      database: unreachable,
      db: unreachable.db,
      clock: fixedClock(TEST_NOW),
      bus: createLocalChangeBus(),
    });
    for (const url of ['/api/health', '/api/v1/stay/common']) {
      const response = await offline.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toMatchObject({ code: 'platform.db_unavailable', message: 'Could not connect to database server' });
    }
    await offline.close();
    await unreachable.close();
  });
});
