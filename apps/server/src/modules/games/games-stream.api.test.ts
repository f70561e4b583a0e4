import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicGame } from '@bjk/domain';
import { systemClock } from '../../platform/clock.js';
import { uploadAndWait } from '../../../test/game-uploads.js';
import { newPushToken, pushPgn, saveGamesSource } from '../../../test/games-relay.js';
import { managerHeaders } from '../../../test/managers.js';
import { createSecondInstance, createTestApp, type TestContext } from '../../../test/test-app.js';

/**
 * The live stream over real HTTP: viewers connect to a listening server and read server-sent events as a browser's
 * EventSource would. The clock is the system's, so the broadcast delay is waited out for real (one second).
 */
let first: TestContext;
let second: TestContext;
let arbiter: { authorization: string };
const base: Record<string, string> = {};

beforeAll(async () => {
  first = await createTestApp({ deps: { clock: systemClock } });
  second = await createSecondInstance(first, { deps: { clock: systemClock } });
  base.first = await first.app.listen({ port: 0, host: '127.0.0.1' });
  base.second = await second.app.listen({ port: 0, host: '127.0.0.1' });
  arbiter = await managerHeaders(first, ['arbiter']);
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

type Viewer = { next(): Promise<{ games: PublicGame[]; at: number }>; close(): void };

/** A viewer of a round: each `next()` is the next `games` event, with the instant it arrived. */
async function watch(server: string, category: string, round: number): Promise<Viewer> {
  const events: { games: PublicGame[]; at: number }[] = [];
  const waiting: ((e: { games: PublicGame[]; at: number }) => void)[] = [];
  const request = http.get(`${server}/api/v1/games/public/${category}/${round}/stream`);
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject));
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/event-stream');
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (!block.includes('event: games') || !data) continue;
      const event = { games: (JSON.parse(data.slice(6)) as { games: PublicGame[] }).games, at: Date.now() };
      const waiter = waiting.shift();
      if (waiter) waiter(event);
      else events.push(event);
    }
  });
  response.on('error', () => undefined);
  return {
    next: () => new Promise((resolve) => (events.length > 0 ? resolve(events.shift()!) : waiting.push(resolve))),
    // Like a browser's EventSource.close(): the connection goes.
    close: () => request.destroy(),
  };
}

async function tokenFor(category: string, delaySeconds: number): Promise<string> {
  const put = await saveGamesSource(first, arbiter, category, { delaySeconds });
  expect(put.statusCode, put.body).toBe(200);
  return newPushToken(first, arbiter, category);
}

async function push(server: TestContext, category: string, token: string, moves: string) {
  const response = await pushPgn(server, category, token, `[Round "1.1"]\n[White "Peeters, Anna"]\n[Black "Dubois, Lucas"]\n\n${moves} *\n`);
  expect(response.statusCode, response.body).toBe(200);
}

describe('moves pushed live to the viewers of a round', () => {
  it('sends the whole round first, then each new move, to viewers of every instance', async () => {
    const token = await tokenFor('U8', 0);
    await push(first, 'U8', token, '1. e4');
    const here = await watch(base.first!, 'U8', 1);
    const there = await watch(base.second!, 'U8', 1);
    expect((await here.next()).games.map((g) => g.moves.length)).toEqual([1]);
    expect((await there.next()).games.map((g) => g.moves.length)).toEqual([1]);

    await push(first, 'U8', token, '1. e4 e5');
    expect((await here.next()).games[0]!.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect((await there.next()).games[0]!.moves.map((m) => m.san)).toEqual(['e4', 'e5']);

    // Pushed to the other instance: the bus brings it back here.
    await push(second, 'U8', token, '1. e4 e5 2. Nf3');
    expect((await here.next()).games[0]!.moves).toHaveLength(3);
    here.close();
    there.close();
  });

  it('tells the viewers of every instance the games a manager’s upload job stored, after its answer', async () => {
    await tokenFor('U20', 0);
    const here = await watch(base.first!, 'U20', 2);
    const there = await watch(base.second!, 'U20', 2);
    expect((await here.next()).games).toEqual([]);
    expect((await there.next()).games).toEqual([]);
    const report = await uploadAndWait(first, arbiter, 'U20', '[Round "2.1"]\n[White "Claes, Noah"]\n[Black "Maes, Louise"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n');
    expect(report).toMatchObject({ added: 1 });
    expect((await here.next()).games.map((g) => [g.white.name, g.moves.length])).toEqual([['Claes, Noah', 4]]);
    expect((await there.next()).games.map((g) => [g.white.name, g.moves.length])).toEqual([['Claes, Noah', 4]]);
    here.close();
    there.close();
  });

  it('sends no event when the same PGN is pushed again', async () => {
    const token = await tokenFor('U10', 0);
    await push(first, 'U10', token, '1. d4');
    const viewer = await watch(base.first!, 'U10', 1);
    await viewer.next();
    await push(first, 'U10', token, '1. d4');
    await push(first, 'U10', token, '1. d4 d5');
    // The next event is the grown game: the replay in between sent nothing.
    expect((await viewer.next()).games[0]!.moves).toHaveLength(2);
    viewer.close();
  });

  it('sends a move only once the category’s delay has passed since it arrived', async () => {
    const token = await tokenFor('U12', 1);
    const viewer = await watch(base.second!, 'U12', 1);
    expect((await viewer.next()).games).toEqual([]);
    const pushedAt = Date.now();
    await push(first, 'U12', token, '1. c4');
    const { games, at } = await viewer.next();
    expect(games[0]!.moves.map((m) => m.san)).toEqual(['c4']);
    expect(at - pushedAt).toBeGreaterThanOrEqual(1000);
    viewer.close();
  });

  it('sends only the game that moved, and a viewer who joins later the whole round as it is', async () => {
    const token = await tokenFor('U14', 0);
    const board = (n: number, moves: string) => `[Round "1.${n}"]\n[White "White ${n}"]\n[Black "Black ${n}"]\n\n${moves} *\n`;
    const response = await pushPgn(first, 'U14', token, `${board(1, '1. e4')}\n${board(2, '1. d4')}\n${board(3, '1. c4')}`);
    expect(response.statusCode, response.body).toBe(200);
    const early = await watch(base.first!, 'U14', 1);
    expect((await early.next()).games.map((g) => g.board)).toEqual([1, 2, 3]);

    const grow = await pushPgn(first, 'U14', token, board(2, '1. d4 d5'));
    expect(grow.statusCode, grow.body).toBe(200);
    const moved = await early.next();
    expect(moved.games.map((g) => [g.board, g.moves.length])).toEqual([[2, 2]]);

    const late = await watch(base.first!, 'U14', 1);
    expect((await late.next()).games.map((g) => [g.board, g.moves.length])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    early.close();
    late.close();
  });

  it('shows the moves held back at once when a manager shortens the delay', async () => {
    const token = await tokenFor('U16', 600);
    await push(first, 'U16', token, '1. e4 e5');
    const viewer = await watch(base.second!, 'U16', 1);
    expect((await viewer.next()).games[0]!.moves).toEqual([]);
    const put = await saveGamesSource(first, arbiter, 'U16', { delaySeconds: 0 });
    expect(put.statusCode, put.body).toBe(200);
    expect((await viewer.next()).games[0]!.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    viewer.close();
  });

  it('answers an unknown category with a coded 404, not a stream', async () => {
    const response = await fetch(`${base.first}/api/v1/games/public/ORG/1/stream`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('results.games_unknown_category');
  });
});
