import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLATFORM_ERRORS } from '@bjk/domain';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * The caps on live streams, over real HTTP: clients come from distinct loopback addresses (127.0.0.x are all this
 * machine), as families behind one NAT and others would. Caps of 3 per address and 5 in all stand for 2 000 and
 * half the open files.
 */
let ctx: TestContext;
let base = '';

beforeAll(async () => {
  ctx = await createTestApp({ env: { STREAMS_PER_ADDRESS: '3', STREAMS_MAX: '5' } });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => ctx?.close());

type Opened = { status: number; headers: http.IncomingHttpHeaders; body: Promise<string>; firstChunk: Promise<string>; close(): void };

/** Opens a stream from `from` (a loopback address); resolves at the answer's headers. */
function open(path: string, from: string, headers: Record<string, string> = {}): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { localAddress: from, headers, agent: false }, (response) => {
      let text = '';
      let gotFirst: (chunk: string) => void = () => undefined;
      const firstChunk = new Promise<string>((r) => (gotFirst = r));
      const body = new Promise<string>((r) => {
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          gotFirst(text);
        });
        response.on('end', () => r(text));
        response.on('close', () => r(text));
      });
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body, firstChunk, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

const results = '/api/v1/results/anon/U10/events';
const games = '/api/v1/games/public/U10/1/stream';

describe('live streams', () => {
  it('are capped per address and in all with a coded 503 and Retry-After; other requests and addresses go on', async () => {
    const opened: Opened[] = [];
    for (let i = 0; i < 3; i++) opened.push(await open(i === 1 ? games : results, '127.0.0.2'));
    expect(opened.map((o) => o.status)).toEqual([200, 200, 200]);

    // The fourth from the same address is refused, coded, with a time to come back; no stream was opened for it.
    const refused = await open(results, '127.0.0.2');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(JSON.parse(await refused.body)).toMatchObject({ code: PLATFORM_ERRORS.streamsFull });

    // Another address still gets one, up to the instance's cap of 5.
    opened.push(await open(results, '127.0.0.3'), await open(results, '127.0.0.4'));
    expect(opened.slice(3).map((o) => o.status)).toEqual([200, 200]);
    const full = await open(results, '127.0.0.5');
    expect(full.status).toBe(503);
    expect(JSON.parse(await full.body)).toMatchObject({ code: PLATFORM_ERRORS.streamsFull });

    // Plain requests are answered meanwhile, from any address.
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const categories = await fetch(`${base}/api/v1/results/anon/categories`);
    expect(categories.status).toBe(200);

    // A client that goes away frees its place: the next one from that address is let in.
    opened.shift()!.close();
    await vi.waitFor(
      async () => {
        const next = await open(results, '127.0.0.5');
        next.close();
        expect(next.status).toBe(200);
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const o of opened) o.close();
  });

  it('answer with the security headers and the request id, and say how soon to reconnect', async () => {
    const stream = await open(results, '127.0.0.6', { 'x-request-id': 'stream-probe-1' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['x-request-id']).toBe('stream-probe-1');
      expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      expect(await stream.firstChunk).toMatch(/^retry: 5000\n/);
    } finally {
      stream.close();
    }
  });

  it('are ended when the server closes, so a graceful shutdown does not wait for them', async () => {
    const other = await createTestApp({ env: { STREAMS_PER_ADDRESS: '3', STREAMS_MAX: '5' } });
    const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const saved = base;
    base = otherBase;
    try {
      const stream = await open(results, '127.0.0.7');
      expect(stream.status).toBe(200);
      await other.close();
      await expect(stream.body).resolves.toMatch(/^retry: 5000/);
    } finally {
      base = saved;
    }
  }, 60_000);
});
