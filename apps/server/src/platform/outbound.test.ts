import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, fetchOutbound, isPublicAddress, NO_OUTBOUND_EXCEPTIONS, OutboundError, parseOutboundPolicy, type Resolver } from './outbound.js';

/** An "internal" service on loopback that must stay unreachable until an admin allows it. */
let internal: http.Server;
let port: number;
const SECRET = 'SECRET-TOKEN-abc123';

beforeAll(async () => {
  internal = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/big') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('x'.repeat(5000));
      return;
    }
    if (url.pathname === '/big-chunked') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 50; i++) response.write('y'.repeat(100));
      response.end();
      return;
    }
    if (url.pathname === '/elsewhere') return void response.writeHead(302, { location: 'http://203.0.113.7/games.pgn' }).end();
    if (url.pathname === '/here') return void response.writeHead(301, { location: '/games.pgn' }).end();
    if (url.pathname === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
    response.writeHead(200, { 'content-type': 'application/x-chess-pgn' }).end(`1. ${SECRET} *`);
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  port = (internal.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));

const allowLoopback = parseOutboundPolicy('127.0.0.1');
const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'none';
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError);
    expect(String((error as Error).message)).not.toContain('SECRET');
    return (error as OutboundError).failure;
  }
};
const get = (url: string, options: Partial<Parameters<typeof fetchOutbound>[1]> = {}) =>
  fetchOutbound(url, { timeoutMs: 2000, maxBytes: 1000, policy: NO_OUTBOUND_EXCEPTIONS, ...options });

describe('which addresses are public', () => {
  it('refuses loopback, private, link-local, carrier-grade NAT, this-network, unique-local and link-local IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('sees through every IPv6 form of a private IPv4 address', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:10.0.0.1',
      '::ffff:0:192.168.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '::127.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes public addresses of both families', () => {
    for (const address of ['8.8.8.8', '100.63.255.255', '100.128.0.1', '172.32.0.1', '193.191.1.1', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('reads the admin’s exceptions and refuses what is neither a host nor a network', () => {
    const policy = parseOutboundPolicy('relay.venue.lan, 192.168.1.0/24,[fd00::]/8');
    expect([...policy.hosts]).toEqual(['relay.venue.lan']);
    expect(checkOutboundUrl('http://192.168.1.77/games.pgn', policy)).toBeNull();
    expect(checkOutboundUrl('http://192.168.2.77/games.pgn', policy)).toBe('blocked_address');
    expect(checkOutboundUrl('http://[fd00::5]/games.pgn', policy)).toBeNull();
    expect(() => parseOutboundPolicy('10.0.0.0/33')).toThrow(/10.0.0.0\/33/);
    expect(() => parseOutboundPolicy('http://x')).toThrow();
  });

  it('refuses other schemes, credentials in the address and local names before any connection', () => {
    expect(checkOutboundUrl('file:///etc/passwd', NO_OUTBOUND_EXCEPTIONS)).toBe('scheme');
    expect(checkOutboundUrl('gopher://example.org/', NO_OUTBOUND_EXCEPTIONS)).toBe('scheme');
    expect(checkOutboundUrl('http://user:pw@example.org/', NO_OUTBOUND_EXCEPTIONS)).toBe('scheme');
    expect(checkOutboundUrl('http://localhost/', NO_OUTBOUND_EXCEPTIONS)).toBe('blocked_address');
    expect(checkOutboundUrl('http://api.localhost/', NO_OUTBOUND_EXCEPTIONS)).toBe('blocked_address');
    expect(checkOutboundUrl('http://postgres:5432/', NO_OUTBOUND_EXCEPTIONS)).toBe('blocked_address');
    expect(checkOutboundUrl('https://lichess.org/api/broadcast/x.pgn', NO_OUTBOUND_EXCEPTIONS)).toBeNull();
  });
});

describe('fetching under the outbound rules', () => {
  it('does not reach a loopback service by its address, in any spelling', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://localhost:${port}/`,
    ]) {
      expect(await failureOf(get(url)), url).toBe('blocked_address');
    }
  });

  it('checks the addresses a name resolves to when it connects: a name that turns internal is refused', async () => {
    // DNS rebinding: the name looked public when the arbiter saved it; now one of its addresses is loopback.
    const rebound: Resolver = async () => [
      { address: '203.0.113.10', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect(await failureOf(get(`http://relay.example.org:${port}/`, { resolve: rebound }))).toBe('blocked_address');
    const mapped: Resolver = async () => [{ address: '::ffff:127.0.0.1', family: 6 }];
    expect(await failureOf(get(`http://relay.example.org:${port}/`, { resolve: mapped }))).toBe('blocked_address');
    const none: Resolver = async () => {
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await failureOf(get(`http://relay.example.org:${port}/`, { resolve: none }))).toBe('dns');
  });

  it('reaches the internal service once an admin allowed its network or its host name', async () => {
    const answer = await get(`http://127.0.0.1:${port}/games.pgn`, { policy: allowLoopback });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain(SECRET);
    const venue: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const byName = await get(`http://relay.venue.lan:${port}/games.pgn`, { policy: parseOutboundPolicy('relay.venue.lan'), resolve: venue });
    expect(byName.status).toBe(200);
  });

  it('caps the body, whether its length is declared or streamed', async () => {
    expect(await failureOf(get(`http://127.0.0.1:${port}/big`, { policy: allowLoopback }))).toBe('too_large');
    expect(await failureOf(get(`http://127.0.0.1:${port}/big-chunked`, { policy: allowLoopback }))).toBe('too_large');
  });

  it('caps the time of the whole exchange', async () => {
    expect(await failureOf(get(`http://127.0.0.1:${port}/hang`, { policy: allowLoopback, timeoutMs: 300 }))).toBe('timeout');
  });

  it('follows a redirect on the same host only, and not for ever', async () => {
    const same = await get(`http://127.0.0.1:${port}/here`, { policy: allowLoopback, maxRedirects: 3 });
    expect(same.status).toBe(200);
    expect(await failureOf(get(`http://127.0.0.1:${port}/elsewhere`, { policy: allowLoopback, maxRedirects: 3 }))).toBe('redirect');
    expect(await failureOf(get(`http://127.0.0.1:${port}/loop`, { policy: allowLoopback, maxRedirects: 3 }))).toBe('redirect');
    expect(await failureOf(get(`http://127.0.0.1:${port}/here`, { policy: allowLoopback }))).toBe('redirect');
  });

  it('names a closed port as a connection failure, not by what is or is not there', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failureOf(get(`http://127.0.0.1:${closedPort}/`, { policy: allowLoopback }))).toBe('connect');
  });
});
