import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createLocalChangeBus } from '../src/platform/change-bus.js';
import { fixedClock } from '../src/platform/clock.js';
import type { Database } from '../src/platform/db.js';
import { redactPersonalData } from '../src/platform/log.js';
import { openTestDatabase } from './test-database.js';
import { TEST_NOW, testConfig } from './test-app.js';

/** Log lines carry no personal data: not the values of a failed query, not a searched name, not an address. */
let database: Database;
let app: FastifyInstance;
const lines: string[] = [];
/** Waiters for a log line: each gets every line written after it started waiting. */
const lineWaiters = new Set<(line: string) => void>();
function nextLine(matches: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const waiter = (line: string) => {
      for (const text of line.trim().split('\n')) {
        const entry = JSON.parse(text) as Record<string, unknown>;
        if (matches(entry)) {
          lineWaiters.delete(waiter);
          resolve(entry);
        }
      }
    };
    lineWaiters.add(waiter);
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  // A built web app in short, so pages are served with their inlined first reads (platform/page-data.ts).
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'bjk-log-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(path.join(webDist, 'routes.json'), JSON.stringify({ patterns: ['/', '/news'] }));
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', WEB_DIST: webDist }),
    database,
    db: database.db,
    clock: fixedClock(TEST_NOW),
    bus: createLocalChangeBus(),
    logStream: {
      write: (line: string) => {
        lines.push(line);
        for (const waiter of lineWaiters) waiter(line);
      },
    },
  });
  // A route whose query fails in the database with a contact's data among its parameters (what an unforeseen bug does).
  app.get('/api/v1/probe/failing-query', { config: { access: 'public' } }, async () => {
    await database.db.execute(sql`select ${'ann.peeters@example.com'}::int, ${'Kerkstraat 12, 2000 Antwerpen'}::text, ${'2015-03-04'}::date`);
    return { ok: true };
  });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the log', () => {
  it('records a failed query without its parameters, and requests by route without their address or query', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/v1/probe/failing-query?search=Janssens', remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('/api/v1/probe/failing-query');
    for (const personal of ['ann.peeters', 'Kerkstraat', '2015-03-04', 'Janssens', '203.0.113.7']) expect(log).not.toContain(personal);
  });

  it('writes one line per request, with method, route, status and time; a kept public answer too', async () => {
    for (const attempt of ['computed', 'kept']) {
      lines.length = 0;
      const response = await app.inject({ method: 'GET', url: '/api/v1/news/anon?lang=nl' });
      expect(response.statusCode, attempt).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const logged = lines
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(logged, attempt).toHaveLength(1);
      expect(logged[0], attempt).toMatchObject({ msg: 'request completed', req: { method: 'GET', route: '/api/v1/news/anon' }, res: { statusCode: 200 } });
      expect(logged[0].reqId, attempt).toBe(response.headers['x-request-id']);
      expect(typeof logged[0].responseTime, attempt).toBe('number');
    }
  });

  it('writes one line for a page view: the reads the server makes for its HTML write none, a client cannot ask for that', async () => {
    const logged = async (headers: Record<string, string> = {}) => {
      lines.length = 0;
      const response = await app.inject({ method: 'GET', url: '/news', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('id="bjk-page-data"');
      await new Promise((resolve) => setImmediate(resolve));
      return lines
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; req?: { route: string } });
    };
    // (This database has no edition: its reads also warn so; only request lines are counted.)
    const page = (await logged()).filter((line) => line.msg === 'request completed');
    expect(page).toHaveLength(1);
    expect(page[0]!.req?.route).not.toMatch(/^\/api\//);
    // A made-up marker is logged as any request (the server's token is made at start and never sent out).
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/v1/news/anon?lang=nl', headers: { 'x-bjk-internal-read': 'guess' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.join('')).toContain('request completed');
  });

  it('logs a client that went away before its request arrived as its own doing, below warning, not as the database', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    lines.length = 0;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const logged = nextLine((entry) => typeof entry.reqId === 'string');
    // The server has the headers once it opened the request's body: then the client goes.
    const received = once(app.server, 'request');
    // Half of a JSON body, then the connection closes (a phone leaving the venue's Wi-Fi).
    socket.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"a');
    await received;
    socket.destroy();
    const entry = await logged;
    expect(entry.msg).toBe('client closed the connection before its request was read');
    expect(entry.level).toBeLessThan(40);
    expect(lines.join('')).not.toContain('database unavailable');
  });

  it('takes quoted input values and e-mail addresses out of any error text', () => {
    expect(redactPersonalData('invalid input syntax for type integer: "ann@example.com"')).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(redactPersonalData('Key (email)=(ann@example.com) already exists.')).toBe('Key (email)=([redacted]) already exists.');
    expect(redactPersonalData('550 <bob@example.org>: recipient rejected')).toBe('550 <[e-mail]>: recipient rejected');
  });
});
