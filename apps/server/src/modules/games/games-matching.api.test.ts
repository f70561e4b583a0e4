import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES_ERRORS } from '@bjk/domain';
import { GAMES_TOPIC } from './games.stream.js';
import { importAndPublishDataUrl } from '../results/results.service.js';
import { systemContext } from '../../platform/service-context.js';
import { newPushToken, pushPgn } from '../../../test/games-relay.js';
import { publishTournament, swarFixture } from '../../../test/results-publishing.js';
import { TEST_NOW, type TestContext, useTestAppWithManager } from '../../../test/test-app.js';

/** Games matched to the pairings a real Swar export publishes (round 1 paired, no results yet). */
let ctx: TestContext;
let arbiter: { authorization: string };
let token: string;
type Side = { name: string; fideId: number | null };
let pairings: { board: number; white: Side; black: Side | null }[];

useTestAppWithManager(['arbiter'], (app) => ({ ctx, headers: arbiter } = app));
beforeAll(async () => {
  await publishTournament(ctx, arbiter, 'trn_u16', swarFixture('bycco_bjk2019_u20bg_round1_paired.json'));
  pairings = (await ctx.app.inject({ method: 'GET', url: '/api/v1/results/anon/U16/pairings/1' })).json().pairings;
  token = await newPushToken(ctx, arbiter, 'U16');
});

/** The venue types "Surname, I": the initial of the first given name. */
const asTyped = (name: string) => {
  const [surname, given = ''] = name.split(',').map((p) => p.trim());
  return given ? `${surname}, ${given[0]}` : surname!;
};
const game = (board: number, white: string, black: string) => `[Round "1.${board}"]\n[White "${white}"]\n[Black "${black}"]\n\n1. e4 *\n`;

async function managed(category = 'U16') {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/manage/${category}/1`, headers: arbiter });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<
    {
      id: number;
      board: number | null;
      pairingBoard: number | null;
      linkedByHand: boolean;
      unmatchedReason: string | null;
      white: { name: string };
    }[]
  >();
}

/**
 * The relay's round 1 as the venue typed it: the first two pairings (the second on board 7) and a game of players the
 * pairings do not have. Pushing it again changes nothing, so each test that reads these games pushes it first.
 */
async function pushRoundOne() {
  const [first, second] = pairings.filter((p) => p.black !== null);
  const pgn = [
    game(1, asTyped(first!.white.name), asTyped(first!.black!.name)),
    // The venue put the second pairing on board 7.
    game(7, asTyped(second!.white.name), asTyped(second!.black!.name)),
    game(2, 'Nobody, N', 'Someone, S'),
  ].join('\n');
  const pushed = await pushPgn(ctx, 'U16', token, pgn);
  expect(pushed.statusCode, pushed.body).toBe(200);
  return { first: first!, second: second! };
}

describe('games matched to the published pairings', () => {
  it('matches games by the players’ names as the venue typed them, even on a renumbered board, and lists the rest', async () => {
    const { first, second } = await pushRoundOne();
    const games = await managed();
    expect(games.map((g) => [g.pairingBoard, g.unmatchedReason])).toEqual([
      [first.board, null],
      [second.board, null],
      [null, 'players_differ'],
    ]);
    // Visitors see the pairing's board.
    const publicGames = (await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U16/1' })).json().games as {
      board: number;
      pairingBoard: number | null;
    }[];
    expect(publicGames.map((g) => g.pairingBoard)).toEqual([first.board, second.board, null]);
    // The pairings link each matched board to its game; the unmatched game has no board to link from.
    const links = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U16/boards' });
    expect(links.statusCode, links.body).toBe(200);
    expect(links.json().games).toEqual([
      { id: games[0]!.id, round: 1, pairingBoard: first.board },
      { id: games[1]!.id, round: 1, pairingBoard: second.board },
    ]);
  });

  it('shows a matched game, and its PGN download, with the pairing program’s names, FIDE ids and ratings', async () => {
    const { first } = await pushRoundOne();
    const players = (await ctx.app.inject({ method: 'GET', url: '/api/v1/results/anon/U16' })).json().players as {
      name: string;
      rating: number | null;
      federation: string | null;
    }[];
    const white = players.find((p) => p.name === first.white.name)!;
    const matched = (await managed()).find((g) => g.pairingBoard === first.board)!;
    // The relay typed "Surname, I"; visitors read the pairing's full name.
    expect(matched.white.name).toBe(first.white.name);
    expect(matched.white.name).not.toBe(asTyped(first.white.name));
    const pgn = (await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/game/${matched.id}/pgn` })).body;
    expect(pgn).toContain(`[White "${first.white.name}"]`);
    expect(pgn).toContain(`[Black "${first.black!.name}"]`);
    if (white.rating) expect(pgn).toContain(`[WhiteElo "${white.rating}"]`);
    if (first.white.fideId) expect(pgn).toContain(`[WhiteFideId "${first.white.fideId}"]`);
    // The player card downloads a player's games by the pairing's name.
    const own = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/U16/player/pgn?name=${encodeURIComponent(first.white.name)}` });
    expect(own.body).toContain(`[White "${first.white.name}"]`);
  });

  it('lets a manager link an unmatched game to a board by hand, and give it back to the matching', async () => {
    await pushRoundOne();
    const third = pairings.filter((p) => p.black !== null)[2]!;
    const stray = (await managed()).find((g) => g.unmatchedReason !== null)!;
    const linked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/games/manage/game/${stray.id}/pairing`,
      headers: arbiter,
      payload: { pairingBoard: third.board },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ pairingBoard: third.board, linkedByHand: true, unmatchedReason: null });
    // A later push of the same game keeps the link.
    await pushPgn(ctx, 'U16', token, game(2, 'Nobody, N', 'Someone, S').replace('1. e4', '1. e4 e5'));
    expect((await managed()).find((g) => g.id === stray.id)).toMatchObject({ pairingBoard: third.board, linkedByHand: true });

    const missing = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/games/manage/game/${stray.id}/pairing`,
      headers: arbiter,
      payload: { pairingBoard: 499 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(GAMES_ERRORS.pairingNotFound);

    const unlinked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/games/manage/game/${stray.id}/pairing`,
      headers: arbiter,
      payload: { pairingBoard: null },
    });
    expect(unlinked.json()).toMatchObject({ pairingBoard: null, linkedByHand: false, unmatchedReason: 'players_differ' });
  });

  it('says when a round has no published pairings to match against', async () => {
    await pushPgn(ctx, 'U16', token, game(1, 'A, B', 'C, D').replace('"1.1"', '"4.1"'));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/manage/U16/4', headers: arbiter });
    expect(response.json().map((g: { unmatchedReason: string }) => g.unmatchedReason)).toEqual(['no_pairings']);
    const rounds = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U16/rounds' });
    expect(rounds.json()).toEqual({ category: 'U16', rounds: [1, 4] });
  });
});

describe('games received before their round’s pairings', () => {
  const publish = (name: string, file: string) => publishTournament(ctx, arbiter, name, swarFixture(file));
  /** Pushes the first paired board's game; `paired`: the round's pairings are published already (it is matched). */
  async function pushFirstBoard(category: string, paired?: { version: number }) {
    const pushToken = await newPushToken(ctx, arbiter, category);
    const first = pairings.find((p) => p.black !== null)!;
    const pushed = await pushPgn(ctx, category, pushToken, game(1, asTyped(first.white.name), asTyped(first.black!.name)));
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect((await managed(category)).map((g) => [g.pairingBoard, g.unmatchedReason])).toEqual([paired ? [first.board, null] : [null, 'no_pairings']]);
    return first;
  }
  const publicBoards = async (category: string) =>
    ((await ctx.app.inject({ method: 'GET', url: `/api/v1/games/public/${category}/1` })).json().games as { pairingBoard: number | null }[]).map(
      (g) => g.pairingBoard,
    );
  /** What the open games pages hear (every instance's live feed listens to this topic). */
  function listen() {
    const heard: string[] = [];
    const unsubscribe = ctx.bus.subscribe(GAMES_TOPIC, (payload) => heard.push(payload));
    return { heard, unsubscribe };
  }

  it('are matched when the pairings are published, and the open games pages are told', async () => {
    const first = await pushFirstBoard('U14');
    const { heard, unsubscribe } = listen();
    try {
      await publish('trn_u14', 'bycco_bjk2019_u20bg_round1_paired.json');
      // The write answers after this instance's listeners ran.
      expect(heard.filter((payload) => payload.startsWith('U14:1:'))).toHaveLength(1);
    } finally {
      unsubscribe();
    }
    // Visitors see the board before any manager looks (the managers' list matches the round itself).
    expect(await publicBoards('U14')).toEqual([first.board]);
    expect((await managed('U14')).map((g) => [g.pairingBoard, g.unmatchedReason])).toEqual([[first.board, null]]);
  });

  it('are matched when a version with the pairings is restored', async () => {
    const paired = await publish('trn_u12', 'bycco_bjk2019_u20bg_round1_paired.json');
    // A version without pairings (the start list) becomes the current one before the games arrive.
    await publish('trn_u12', 'bycco_test_bjk_0_start.json');
    const first = await pushFirstBoard('U12');
    const { heard, unsubscribe } = listen();
    try {
      const restored = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/results/U12/versions/${paired.version}/restore`,
        headers: arbiter,
        payload: { confirm: true },
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(heard.filter((payload) => payload.startsWith('U12:1:'))).toHaveLength(1);
    } finally {
      unsubscribe();
    }
    expect(await publicBoards('U12')).toEqual([first.board]);
  });

  it('follow a new version of a round they were matched in: boards dropped with its pairings, back when restored', async () => {
    const paired = await publish('trn_u10', 'bycco_bjk2019_u20bg_round1_paired.json');
    const first = await pushFirstBoard('U10', paired);
    // The round is fully matched, no game waits: a version without the round's pairings still reaches its games.
    const start = listen();
    try {
      await publish('trn_u10', 'bycco_test_bjk_0_start.json');
      expect(start.heard.filter((payload) => payload.startsWith('U10:1:'))).toHaveLength(1);
    } finally {
      start.unsubscribe();
    }
    expect(await publicBoards('U10')).toEqual([null]);
    expect((await managed('U10')).map((g) => [g.pairingBoard, g.unmatchedReason])).toEqual([[null, 'no_pairings']]);
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/results/U10/versions/${paired.version}/restore`,
      headers: arbiter,
      payload: { confirm: true },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await publicBoards('U10')).toEqual([first.board]);
  });
});

describe('a growing game still without its pairing', () => {
  it('is matched again at most every 30 s of the injected clock', async () => {
    const pushToken = await newPushToken(ctx, arbiter, 'U18');
    const first = pairings.find((p) => p.black !== null)!;
    const moves = ['1. e4', '1. e4 e5', '1. e4 e5 2. Nf3', '1. e4 e5 2. Nf3 Nc6'];
    const heard: string[] = [];
    const unsubscribe = ctx.bus.subscribe(GAMES_TOPIC, (payload) => heard.push(payload));
    const push = async (ply: number) => {
      const response = await pushPgn(ctx, 'U18', pushToken, game(1, asTyped(first.white.name), asTyped(first.black!.name)).replace('1. e4', moves[ply]!));
      expect(response.statusCode, response.body).toBe(200);
      // Visitors' view (the managers' list would match the round itself).
      const listed = (await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U18/1' })).json().games as { id: number; pairingBoard: number | null }[];
      return { board: listed[0]!.pairingBoard, told: heard.at(-1)!, id: listed[0]!.id };
    };
    const start = new Date(TEST_NOW).getTime();
    try {
      // A new game, then its first growth: matched (against no pairings yet) at once, and the growth starts the 30 s.
      expect((await push(0)).board).toBeNull();
      ctx.clock.set(new Date(start + 1_000));
      expect((await push(1)).board).toBeNull();
      // The pairings come by a way that does not match the games itself (published before the games' rematch on
      // publishing existed, or an instance stopped between its commit and the rematch).
      await importAndPublishDataUrl(
        { ...systemContext(ctx), actor: { accountId: randomUUID(), email: 'arbiter@example.test', displayName: 'Arbiter', permissions: new Set() } },
        { name: 'trn_u18', jsoncontent: `data:application/json;base64,${swarFixture('bycco_bjk2019_u20bg_round1_paired.json').toString('base64')}` },
      );
      // Within 30 s of the last rematch the growth is stored and told by its id, without matching.
      ctx.clock.set(new Date(start + 30_999));
      const held = await push(2);
      expect(held.board).toBeNull();
      expect(held.told).toMatch(new RegExp(`^U18:1:\\d+:${held.id}$`));
      // 30 s after it: matched again, and the viewers read the whole round (boards may have moved).
      ctx.clock.set(new Date(start + 31_000));
      const matched = await push(3);
      expect(matched.board).toBe(first.board);
      expect(matched.told).toMatch(/^U18:1:\d+:$/);
    } finally {
      unsubscribe();
      ctx.clock.set(TEST_NOW);
    }
  });
});
