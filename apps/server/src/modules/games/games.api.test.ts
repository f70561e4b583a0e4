import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES_ERRORS } from '@bjk/domain';
import { INLINE_PGN_BYTES, SLICE_GAMES } from './games-pgn-workers.js';
import { uploadAndWait } from '../../../test/game-uploads.js';
import { newPushToken, pushPgn, saveGamesSource } from '../../../test/games-relay.js';
import { TEST_NOW, type TestContext, useTestAppWithManager } from '../../../test/test-app.js';

const fixture = (name: string) => readFileSync(new URL(`./games-fixtures/${name}`, import.meta.url), 'utf8');

let ctx: TestContext;
let arbiter: { authorization: string };

useTestAppWithManager(['arbiter'], (app) => ({ ctx, headers: arbiter } = app));
beforeAll(async () => {
  await pushDelayedRound();
});

const at = (secondsAfterStart: number) => new Date(new Date(TEST_NOW).getTime() + secondsAfterStart * 1000);

const newToken = (category: string) => newPushToken(ctx, arbiter, category);
const push = (category: string, token: string | null, pgn: string, contentType = 'application/x-chess-pgn') => pushPgn(ctx, category, token, pgn, contentType);

async function publicRound(category: string, round: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/${category}/${round}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    delaySeconds: number;
    games: { id: number; board: number; result: string; moves: { san: string; clock?: number }[]; white: { name: string } }[];
  }>();
}

const growing = (moves: string, result = '*') =>
  `[Event "U10"]\n[Round "2.1"]\n[White "Peeters, Anna"]\n[Black "Dubois, Lucas"]\n[Result "${result}"]\n\n${moves} ${result}\n`;

describe('the relay pushes a round with the category’s token', () => {
  it('refuses a push without a token, with a wrong one, and with one replaced by a new one', async () => {
    expect((await push('U10', null, growing('1. e4'))).json().code).toBe(GAMES_ERRORS.badToken);
    const first = await newToken('U10');
    expect((await push('U10', 'u10_not-the-token', growing('1. e4'))).statusCode).toBe(401);
    const second = await newToken('U10');
    expect(second).not.toBe(first);
    expect((await push('U10', first, growing('1. e4'))).statusCode).toBe(401);
    expect((await push('U12', second, growing('1. e4'))).statusCode).toBe(401);
    const accepted = await push('U10', second, growing('1. e4'));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ added: 1, errors: [] });
  });

  it('changes nothing when the same PGN is pushed again, and grows a game that got longer', async () => {
    ctx.clock.set(at(0));
    const token = await newToken('U14');
    expect((await push('U14', token, growing('1. e4 e5'), 'text/plain')).json()).toMatchObject({ added: 1 });
    ctx.clock.set(at(10));
    expect((await push('U14', token, growing('1. e4 e5'))).json()).toMatchObject({ added: 0, unchanged: 1, grown: 0 });
    expect((await push('U14', token, growing('1. e4 e5 2. Nf3'))).json()).toMatchObject({ grown: 1 });
    // An older copy of the file served again does not take the move back.
    expect((await push('U14', token, growing('1. e4 e5'))).json()).toMatchObject({ stale: 1 });
    const round = await publicRound('U14', 2);
    expect(round.games).toHaveLength(1);
    expect(round.games[0]!.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3']);
  });

  it('takes the good games of a file with broken ones and names each broken game', async () => {
    const token = await newToken('U12');
    const response = await push('U12', token, fixture('round3-broken.pgn'));
    expect(response.statusCode).toBe(200);
    const report = response.json();
    // The game with an illegal move is kept up to the move before it, and flagged; the others are not taken.
    expect(report.added).toBe(2);
    expect(report.errors.map((e: { code: string; game: number; kept?: boolean }) => [e.code, e.game, e.kept ?? false])).toEqual([
      [GAMES_ERRORS.illegalMove, 1, true],
      [GAMES_ERRORS.brokenTag, 3, false],
      [GAMES_ERRORS.truncated, 4, false],
    ]);
    const round = await publicRound('U12', 3);
    expect(round.games.map((g) => [g.board, g.moves.length])).toEqual([
      [4, 5],
      [5, 4],
    ]);
  });

  it('refuses an empty push and an unknown category', async () => {
    const token = await newToken('U16');
    expect((await push('U16', token, '  \n')).json().code).toBe(GAMES_ERRORS.emptyPgn);
    // A JSON body is no PGN text: refused as empty, naming how to send it.
    const json = await push('U16', token, '{"pgn":"1. e4 *"}', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe(GAMES_ERRORS.emptyPgn);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/ARB/1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(GAMES_ERRORS.unknownCategory);
  });
});

/**
 * The shared, read-only round of the delay, downloads and sources tests: U18 with a fifteen-minute delay, round 3 pushed
 * at the start and again ten minutes later with one more move.
 */
async function pushDelayedRound() {
  expect((await saveGamesSource(ctx, arbiter, 'U18', { delaySeconds: 900 })).statusCode).toBe(200);
  const token = await newToken('U18');
  ctx.clock.set(at(0));
  await push('U18', token, fixture('round3-live.pgn'));
  ctx.clock.set(at(600));
  await push('U18', token, fixture('round3-live.pgn').replace('3. Nc3 *', '3. Nc3 Nf6 *'));
}

describe('the broadcast delay', () => {
  it('lets no visitor see a move or a result before the category’s delay has passed since it arrived', async () => {
    ctx.clock.set(at(600));
    const before = await publicRound('U18', 3);
    expect(before.delaySeconds).toBe(900);
    expect(before.games.map((g) => [g.moves.length, g.result])).toEqual([
      [0, '*'],
      [0, '*'],
      [0, '*'],
    ]);
    ctx.clock.set(at(899));
    expect((await publicRound('U18', 3)).games.every((g) => g.moves.length === 0)).toBe(true);

    ctx.clock.set(at(900));
    const due = await publicRound('U18', 3);
    expect(due.games.map((g) => [g.moves.length, g.result])).toEqual([
      [7, '1-0'],
      [5, '*'],
      [12, '1/2-1/2'],
    ]);
    expect(due.games[0]!.moves[0]).toEqual({ san: 'e4', clock: 5455 });

    // The move pushed ten minutes later waits its own fifteen minutes, in the game, its PGN and the round's PGN.
    const game = due.games[1]!;
    const pgnNow = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/game/${game.id}/pgn` });
    expect(pgnNow.body).toContain('3. Nc3 *');
    ctx.clock.set(at(1500));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/game/${game.id}` })).json().moves).toHaveLength(6);
    const roundPgn = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U18/3/pgn' });
    expect(roundPgn.headers['content-type']).toContain('application/x-chess-pgn');
    expect(roundPgn.headers['content-disposition']).toContain('U18-round-3.pgn');
    expect(roundPgn.body).toContain('3. Nc3 Nf6 *');
    expect(roundPgn.body.match(/\[Event /g)).toHaveLength(3);
  });

  it('shows managers every move at once', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/manage/U18/3', headers: arbiter });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((g: { moves: unknown[]; source: string }) => [g.moves.length, g.source])).toEqual([
      [7, 'push'],
      [6, 'push'],
      [12, 'push'],
    ]);
  });
});

describe('downloads', () => {
  it('gives a player’s games of the category as PGN, found by name as the relay wrote it', async () => {
    ctx.clock.set(at(1500));
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/U18/player/pgn?name=${encodeURIComponent('Dubois, L')}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('U18-Dubois-L.pgn');
    expect(response.body.match(/\[Event /g)).toHaveLength(1);
    expect(response.body).toContain('[Black "Dubois, Lucas"]');
  });

  it("names the championship in the reader's language, its venue and the round's day by the programme", async () => {
    ctx.clock.set(at(1500));
    const dutch = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U18/3/pgn' });
    expect(dutch.body).toContain('[Event "Belgisch Jeugdschaakkampioenschap 2027 U18"]');
    expect(dutch.body).toContain('[Site "Duinenhof vakantiepark, Zeedijk 120, 8420 De Haan"]');
    // Round 3 of U18 is the morning of 17 February in the demo programme; the championship began on the 15th.
    expect(dutch.body).toContain('[Date "2027.02.17"]');
    expect(dutch.body).toContain('[EventDate "2027.02.15"]');
    const english = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U18/3/pgn?lang=en' });
    expect(english.body).toContain('[Event "Belgian Youth Chess Championship 2027 U18"]');
    const french = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/U18/player/pgn?lang=fr&name=${encodeURIComponent('Dubois, L')}` });
    expect(french.body).toContain('[Event "Championnat de Belgique d\'échecs de la jeunesse 2027 U18"]');
  });
});

describe('a manager uploads a round’s PGN', () => {
  it('checks a large file in worker threads slice by slice, naming a broken game by its place in the whole file', async () => {
    // More games than one slice holds, three slices' worth: each game's index and line must stay the file's own.
    const games = SLICE_GAMES * 2 + 40;
    const broken = SLICE_GAMES + 7;
    const text = Array.from({ length: games }, (_, i) => {
      const moves = i + 1 === broken ? '1. e4 e5 2. Ke3' : '1. d4 d5 2. c4 e6 3. Nc3 Nf6';
      return `[Event "U16"]\n[Round "4.${i + 1}"]\n[White "White ${i + 1}"]\n[Black "Black ${i + 1}"]\n[Result "*"]\n\n${moves} *\n`;
    }).join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(INLINE_PGN_BYTES);
    const report = await uploadAndWait(ctx, arbiter, 'U16', text);
    expect(report.added).toBe(games);
    expect(report.errors).toMatchObject([{ code: GAMES_ERRORS.illegalMove, game: broken, line: (broken - 1) * 8 + 1, kept: true, white: `White ${broken}` }]);
    const round = await publicRound('U16', 4);
    expect(round.games).toHaveLength(games);
    expect(round.games.find((g) => g.board === broken)?.moves.length).toBe(2); // kept up to the illegal move
  });

  it('stores the games of the file under the round it names when the tags do not', async () => {
    const text = '[White "Claes, Noah"]\n[Black "Maes, Louise"]\n[Round "?"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n';
    expect(await uploadAndWait(ctx, arbiter, 'U20', text, { round: 5 })).toMatchObject({ added: 1, errors: [] });
    const round = await publicRound('U20', 5);
    expect(round.games.map((g) => [g.white.name, g.result, g.moves.length])).toEqual([['Claes, Noah', '0-1', 4]]);
  });

  it('keeps the variations and comments of an uploaded game in its download; the viewer shows the main line', async () => {
    const annotated =
      '[White "Wouters, Mila"]\n[Black "Peeters, Jan"]\n[Round "6.2"]\n[Result "1-0"]\n\n' +
      '1. e4 e5 2. Nf3 {the main line} (2. f4 exf4 {the gambit} (2... d5)) 2... Nc6 $6 3. Bb5 {[%eval 0.3]} 1-0\n';
    const send = (text: string) => uploadAndWait(ctx, arbiter, 'U20', text);
    expect(await send(annotated)).toMatchObject({ added: 1, errors: [] });
    const [game] = (await publicRound('U20', 6)).games;
    expect(game!.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    // Lines wrapped at 80 characters: compared as one line.
    const download = async () => (await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/game/${game!.id}/pgn` })).body.replace(/\s+/g, ' ');
    const roundDownload = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U20/6/pgn' })).body.replace(/\s+/g, ' ');
    for (const text of [await download(), await roundDownload()]) {
      expect(text).toContain('2. Nf3 {the main line} (2. f4 exf4 {the gambit} (2... d5)) 2... Nc6 $6 3. Bb5 1-0');
      expect(text).not.toContain('eval');
    }
    // The same game again without its annotations (a relay's copy) keeps them; other moves drop them.
    expect(await send(annotated.replace(/\{[^}]*\}|\([^]*\)\)|\$6/g, ''))).toMatchObject({ unchanged: 1 });
    expect(await download()).toContain('{the gambit}');
    expect(await send(annotated.replace(/\{[^}]*\}|\([^]*\)\)|\$6/g, '').replace('3. Bb5', '3. Bc4'))).toMatchObject({ replaced: 1 });
    expect(await download()).not.toContain('gambit');
    expect(await download()).toContain('2. Nf3 Nc6 3. Bc4 1-0');
  });
});

describe('a category’s sources in the back office', () => {
  it('lists every player category with its delay, push token state and number of games', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/sources', headers: arbiter });
    expect(response.statusCode).toBe(200);
    const sources = response.json<{ category: string; hasPushToken: boolean; delaySeconds: number; gameCount: number }[]>();
    expect(sources.map((s) => s.category)).toEqual(['U8', 'U10', 'U12', 'U14', 'U16', 'U18', 'U20']);
    expect(sources.find((s) => s.category === 'U18')).toMatchObject({ hasPushToken: true, delaySeconds: 900, gameCount: 3 });
    expect(sources.find((s) => s.category === 'U8')).toMatchObject({ hasPushToken: false, delaySeconds: 0, gameCount: 0 });
  });

  it('tells visitors, without a token, which categories have games and which have none yet', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/categories' });
    expect(response.statusCode).toBe(200);
    const { categories } = response.json<{ categories: { category: string; games: number }[] }>();
    expect(categories.map((c) => c.category)).toEqual(['U8', 'U10', 'U12', 'U14', 'U16', 'U18', 'U20']);
    expect(categories.find((c) => c.category === 'U18')).toEqual({ category: 'U18', games: 3 });
    expect(categories.find((c) => c.category === 'U8')).toEqual({ category: 'U8', games: 0 });
  });

  it('refuses an address that is not http(s) and a delay out of range, naming the fields', async () => {
    const response = await saveGamesSource(ctx, arbiter, 'U8', { delaySeconds: -1, pollUrl: 'ftp://relay.example/games.pgn' });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .details.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body.delaySeconds', 'body.pollUrl']);
  });
});
