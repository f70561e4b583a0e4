import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.js';
import { managerHeaders } from './managers.js';

/** What a hostile or broken client does below the routes: over-long addresses and headers, uploads left half-read. */
let ctx: TestContext;
let port: number;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  headers = await managerHeaders(ctx, ['registrar']);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => ctx?.close());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function request(options: http.RequestOptions, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    // The server may answer and close before the whole upload is written.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(body);
  });
}

describe('requests refused before routing', () => {
  it('answers an over-long address with 414 in the coded format, without echoing it', async () => {
    const long = `/api/v1/news/anon/${'a'.repeat(5_000)}`;
    const answer = await request({ path: long });
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toEqual({ code: 'platform.payload_too_large', message: 'The address is too long' });
    expect(answer.body).not.toContain('aaaa');
  });

  it('answers over-large headers with 431 in the coded format', async () => {
    const answer = await request({ path: '/api/health', headers: { 'x-padding': 'p'.repeat(20_000) } });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 'platform.payload_too_large', message: 'The request headers are too large' });
  });
});

describe('an upload answered before it was read to the end', () => {
  it('ends its connection, so the next request on a keep-alive client is answered at once', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const boundary = '----keepalive';
    // An unknown format: refused before the body is read, while megabytes are still on the wire.
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\nContent-Type: text/csv\r\n\r\nname;year\n`),
      Buffer.alloc(8 * 1024 * 1024, 'x;2010\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const first = await request(
      {
        agent,
        method: 'POST',
        path: '/api/v1/members/import?format=nope',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': payload.length },
      },
      payload,
    );
    expect(first.status).toBe(400);
    expect(first.headers.connection).toBe('close');
    const second = await request({ agent, path: '/api/health' });
    expect(second.status).toBe(200);
    agent.destroy();
  });
});
