import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES_ERRORS } from '@bjk/domain';
import { managerHeaders } from './managers.js';
import { createTestApp, type TestContext } from './test-app.js';

/** Games matched to the pairings a real Swar export publishes (round 1 paired, no results yet). */
let ctx: TestContext;
let arbiter: { authorization: string };
let token: string;
type Side = { name: string; fideId: number | null };
let pairings: { board: number; white: Side; black: Side | null }[];

beforeAll(async () => {
  ctx = await createTestApp();
  arbiter = await managerHeaders(ctx, ['arbiter']);
  const swar = readFileSync(path.resolve(import.meta.dirname, '../../../packages/domain/fixtures/swar/bycco_bjk2019_u20bg_round1_paired.json'));
  const published = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tournament/json',
    headers: arbiter,
    payload: { name: 'trn_u16', jsoncontent: `data:application/json;base64,${swar.toString('base64')}` },
  });
  expect(published.statusCode, published.body).toBeLessThan(300);
  pairings = (await ctx.app.inject({ method: 'GET', url: '/api/v1/results/anon/U16/pairings/1' })).json().pairings;
  token = (await ctx.app.inject({ method: 'POST', url: '/api/v1/games/sources/U16/token', headers: arbiter })).json().token;
}, 60_000);
afterAll(async () => ctx?.close());

/** The venue types "Surname, I": the initial of the first given name. */
const asTyped = (name: string) => {
  const [surname, given = ''] = name.split(',').map((p) => p.trim());
  return given ? `${surname}, ${given[0]}` : surname!;
};
const game = (board: number, white: string, black: string) => `[Round "1.${board}"]\n[White "${white}"]\n[Black "${black}"]\n\n1. e4 *\n`;

async function managed() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/manage/U16/1', headers: arbiter });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; board: number | null; pairingBoard: number | null; linkedByHand: boolean; unmatchedReason: string | null; white: { name: string } }[];
}

describe('games matched to the published pairings', () => {
  it('matches games by the players’ names as the venue typed them, even on a renumbered board, and lists the rest', async () => {
    const [first, second] = pairings.filter((p) => p.black !== null);
    const pgn = [
      game(1, asTyped(first!.white.name), asTyped(first!.black!.name)),
      // The venue put the second pairing on board 7.
      game(7, asTyped(second!.white.name), asTyped(second!.black!.name)),
      game(2, 'Nobody, N', 'Someone, S'),
    ].join('\n');
    const pushed = await ctx.app.inject({ method: 'POST', url: '/api/v1/games/push/U16', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, payload: pgn });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const games = await managed();
    expect(games.map((g) => [g.pairingBoard, g.unmatchedReason])).toEqual([
      [first!.board, null],
      [second!.board, null],
      [null, 'players_differ'],
    ]);
    // Visitors see the pairing's board.
    const publicGames = (await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U16/1' })).json().games as { board: number; pairingBoard: number | null }[];
    expect(publicGames.map((g) => g.pairingBoard)).toEqual([first!.board, second!.board, null]);
    // The pairings link each matched board to its game; the unmatched game has no board to link from.
    const links = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U16/boards' });
    expect(links.statusCode, links.body).toBe(200);
    expect(links.json().games).toEqual([
      { id: games[0]!.id, round: 1, pairingBoard: first!.board },
      { id: games[1]!.id, round: 1, pairingBoard: second!.board },
    ]);
  });

  it('lets a manager link an unmatched game to a board by hand, and give it back to the matching', async () => {
    const third = pairings.filter((p) => p.black !== null)[2]!;
    const stray = (await managed()).find((g) => g.unmatchedReason !== null)!;
    const linked = await ctx.app.inject({ method: 'PUT', url: `/api/v1/games/manage/game/${stray.id}/pairing`, headers: arbiter, payload: { pairingBoard: third.board } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ pairingBoard: third.board, linkedByHand: true, unmatchedReason: null });
    // A later push of the same game keeps the link.
    await ctx.app.inject({ method: 'POST', url: '/api/v1/games/push/U16', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, payload: game(2, 'Nobody, N', 'Someone, S').replace('1. e4', '1. e4 e5') });
    expect((await managed()).find((g) => g.id === stray.id)).toMatchObject({ pairingBoard: third.board, linkedByHand: true });

    const missing = await ctx.app.inject({ method: 'PUT', url: `/api/v1/games/manage/game/${stray.id}/pairing`, headers: arbiter, payload: { pairingBoard: 499 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(GAMES_ERRORS.pairingNotFound);

    const unlinked = await ctx.app.inject({ method: 'PUT', url: `/api/v1/games/manage/game/${stray.id}/pairing`, headers: arbiter, payload: { pairingBoard: null } });
    expect(unlinked.json()).toMatchObject({ pairingBoard: null, linkedByHand: false, unmatchedReason: 'players_differ' });
  });

  it('says when a round has no published pairings to match against', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/v1/games/push/U16', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, payload: game(1, 'A, B', 'C, D').replace('"1.1"', '"4.1"') });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/manage/U16/4', headers: arbiter });
    expect(response.json().map((g: { unmatchedReason: string }) => g.unmatchedReason)).toEqual(['no_pairings']);
    const rounds = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U16/rounds' });
    expect(rounds.json()).toEqual({ category: 'U16', rounds: [1, 4] });
  });
});
