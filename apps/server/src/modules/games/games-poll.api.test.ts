import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createGamesPoller, type GamesPoller } from './games.poller.js';
import { saveGamesSource } from '../../../test/games-relay.js';
import { createTestAppWithManager, TEST_NOW, testConfig, type TestContext, useTestAppWithManager } from '../../../test/test-app.js';

/**
 * The poller against a relay the test runs on loopback: it serves `games.pgn` with an ETag and Last-Modified,
 * answers 304 to a matching conditional request, and can be told to fail.
 */
type Relay = {
  url: string;
  pgn: string;
  mode: 'ok' | 'fail' | 'hang';
  requests: { ifNoneMatch?: string; ifModifiedSince?: string; status: number }[];
  close(): Promise<void>;
};

async function startRelay(): Promise<Relay> {
  const relay = { pgn: '', mode: 'ok', requests: [] } as unknown as Relay;
  const server = http.createServer((request, response) => {
    const record = (status: number) =>
      relay.requests.push({ ifNoneMatch: request.headers['if-none-match'], ifModifiedSince: request.headers['if-modified-since'], status });
    if (relay.mode === 'fail') {
      record(503);
      response.writeHead(503).end('relay restarting');
      return;
    }
    const etag = `"${Buffer.from(relay.pgn).toString('base64url').slice(-16)}-${relay.pgn.length}"`;
    if (request.headers['if-none-match'] === etag) {
      record(304);
      response.writeHead(304).end();
      return;
    }
    record(200);
    response.writeHead(200, { 'content-type': 'application/x-chess-pgn', etag, 'last-modified': 'Sat, 03 Apr 2027 10:00:00 GMT' }).end(relay.pgn);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/round-1/games.pgn`;
  relay.close = () => new Promise((resolve) => server.close(() => resolve()));
  return relay;
}

let ctx: TestContext;
let arbiter: { authorization: string };
let relay: Relay;
let poller: GamesPoller;

// The test's relay runs on loopback: allowed here the way an admin allows a venue's relay (OUTBOUND_ALLOW).
useTestAppWithManager(['arbiter'], (app) => ({ ctx, headers: arbiter } = app), { env: { OUTBOUND_ALLOW: '127.0.0.1' } });
beforeAll(async () => {
  relay = await startRelay();
  poller = pollerOf(ctx.config, { timeoutMs: 2000 });
});
afterAll(async () => {
  await poller?.stop();
  await relay?.close();
});

const at = (seconds: number) => new Date(new Date(TEST_NOW).getTime() + seconds * 1000);
const game = (moves: string) => `[Event "U14"]\n[White "Peeters, Anna"]\n[Black "Dubois, Lucas"]\n[Round "1"]\n[Board "1"]\n\n${moves} *\n`;

/** A poller of the test's database, as another instance (or one with another configuration) runs it. */
const pollerOf = (config: TestContext['config'], options: { timeoutMs?: number } = {}) =>
  createGamesPoller({ db: ctx.db, clock: ctx.clock, config, bus: ctx.bus, log: { warn: () => undefined, error: () => undefined }, ...options });

/**
 * Sets a category's poll address, as an arbiter does, and takes it away again when the test ends: no other test's
 * poll finds the category due.
 */
async function pollFrom(category: string, pollUrl: string) {
  const put = (url: string | null) => saveGamesSource(ctx, arbiter, category, { pollUrl: url, pollSeconds: 20 });
  onTestFinished(async () => {
    expect((await put(null)).statusCode).toBe(200);
  });
  return put(pollUrl);
}

async function source(category: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/sources', headers: arbiter });
  return response
    .json<
      {
        category: string;
        lastPollSuccessAt: string | null;
        lastPollError: string | null;
        lastPollErrorAt: string | null;
        pollFailures: number;
        nextPollAt: string | null;
      }[]
    >()
    .find((s) => s.category === category)!;
}

async function movesOfBoard1(category: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/${category}/1` });
  return response.json<{ games: { moves: { san: string }[] }[] }>().games[0]?.moves.length ?? 0;
}

describe('polling the relay’s games.pgn', () => {
  it('polls a new address at once, then at its interval with validators, takes the grown file, backs off while the relay fails, and records an unreachable relay and refused games', async () => {
    // One relay's life, step by step on the test's clock: each step starts where the one before left the source.
    const own = await startRelay();
    try {
      // Polled at once: its games taken, its validators kept.
      ctx.clock.set(at(0));
      own.pgn = game('1. e4 e5');
      const put = await pollFrom('U14', own.url);
      expect(put.statusCode, put.body).toBe(200);
      expect(await poller.runOnce()).toBe(1);
      expect(await movesOfBoard1('U14')).toBe(2);
      expect(await source('U14')).toMatchObject({
        lastPollSuccessAt: at(0).toISOString(),
        lastPollError: null,
        pollFailures: 0,
        nextPollAt: at(20).toISOString(),
      });

      // It waits for the interval, then asks with If-None-Match and If-Modified-Since.
      ctx.clock.set(at(19));
      expect(await poller.runOnce()).toBe(0);
      ctx.clock.set(at(20));
      expect(await poller.runOnce()).toBe(1);
      const last = own.requests.at(-1)!;
      expect(last).toMatchObject({ status: 304, ifModifiedSince: 'Sat, 03 Apr 2027 10:00:00 GMT' });
      expect(last.ifNoneMatch).toMatch(/^"/);
      expect(await source('U14')).toMatchObject({ lastPollSuccessAt: at(20).toISOString(), nextPollAt: at(40).toISOString() });

      // It takes the grown file on the next poll.
      own.pgn = game('1. e4 e5 2. Nf3');
      ctx.clock.set(at(40));
      await poller.runOnce();
      expect(own.requests.at(-1)!.status).toBe(200);
      expect(await movesOfBoard1('U14')).toBe(3);

      // A failing relay: its error shown, the wait doubled, until it answers again.
      own.mode = 'fail';
      ctx.clock.set(at(60));
      await poller.runOnce();
      expect(await source('U14')).toMatchObject({
        pollFailures: 1,
        lastPollError: 'http.503',
        lastPollErrorAt: at(60).toISOString(),
        nextPollAt: at(80).toISOString(),
      });
      ctx.clock.set(at(80));
      await poller.runOnce();
      expect(await source('U14')).toMatchObject({ pollFailures: 2, nextPollAt: at(120).toISOString() });
      ctx.clock.set(at(119));
      expect(await poller.runOnce()).toBe(0);

      own.mode = 'ok';
      own.pgn = game('1. e4 e5 2. Nf3 Nc6');
      ctx.clock.set(at(120));
      await poller.runOnce();
      expect(await source('U14')).toMatchObject({
        pollFailures: 0,
        lastPollError: null,
        lastPollSuccessAt: at(120).toISOString(),
        nextPollAt: at(140).toISOString(),
      });
      expect(await movesOfBoard1('U14')).toBe(4);

      // An unreachable relay, then a file with refused games.
      await own.close();
      ctx.clock.set(at(140));
      await poller.runOnce();
      const down = await source('U14');
      expect(down.pollFailures).toBe(1);
      expect(down.lastPollError).toBe('outbound.connect');

      const back = await startRelay();
      try {
        back.pgn = `${game('1. e4 e5 2. Nf3 Nc6 3. Bb5')}\n[Round "1.2"]\n[White "A"]\n[Black "B"]\n\n1. e4 Ke7 *\n`;
        expect((await pollFrom('U14', back.url)).statusCode).toBe(200);
        await poller.runOnce();
        expect(await movesOfBoard1('U14')).toBe(5);
        expect((await source('U14')).lastPollError).toBe('pgn.refused.1');
      } finally {
        await back.close();
      }
    } finally {
      await own.close().catch(() => undefined);
    }
  });

  it('polls a source once when several instances poll at the same moment', async () => {
    const other = pollerOf(ctx.config);
    relay.mode = 'ok';
    relay.pgn = game('1. d4 d5');
    ctx.clock.set(at(300));
    expect((await pollFrom('U12', relay.url)).statusCode).toBe(200);
    const before = relay.requests.length;
    const counts = await Promise.all([poller.runOnce(), other.runOnce()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(relay.requests.length - before, JSON.stringify(await source('U12'))).toBe(1);
  });
});

describe('the poll address cannot reach inside the network', () => {
  const secret = `[Event "internal"]\n[White "SECRET-DB-PASSWORD=hunter2"]\n[Black "x"]\n[Round "1"]\n[Board "1"]\n\n1. SECRET-TOKEN-abc123 *\n`;

  it('refuses a loopback, private or local-name address when an arbiter saves it', async () => {
    const { ctx: strict, headers: arbiterHere } = await createTestAppWithManager(['arbiter']);
    try {
      for (const pollUrl of [
        'http://127.0.0.1:5432/games.pgn',
        'http://[::ffff:127.0.0.1]/x',
        'http://10.1.2.3/games.pgn',
        'http://169.254.169.254/latest/meta-data',
        'http://localhost:9/x',
        'http://db/x',
      ]) {
        const put = await saveGamesSource(strict, arbiterHere, 'U10', { pollUrl, pollSeconds: 20 });
        expect(put.statusCode, pollUrl).toBe(400);
        expect(put.json(), pollUrl).toMatchObject({ code: 'results.games_poll_url_not_public', details: { failure: 'blocked_address' } });
      }
    } finally {
      await strict.close();
    }
  });

  it('does not fetch an internal service once the admin’s permission is gone, and quotes nothing of it', async () => {
    relay.mode = 'ok';
    relay.pgn = secret;
    ctx.clock.set(at(1000));
    const put = await pollFrom('U16', relay.url);
    expect(put.statusCode, put.body).toBe(200);
    // The same database polled by an instance started without OUTBOUND_ALLOW.
    const strictPoller = pollerOf(testConfig(), { timeoutMs: 2000 });
    const before = relay.requests.length;
    await strictPoller.runOnce();
    expect(relay.requests.length).toBe(before);
    const refused = await source('U16');
    expect(refused).toMatchObject({ pollFailures: 1, lastPollError: 'outbound.blocked_address' });
    const games = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U16/1' });
    expect(games.body).not.toContain('SECRET');
  });
});
