import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GAMES_ERRORS } from '@bjk/domain';
import { auditEntries } from '../../platform/audit.tables.js';
import { deletedGames } from './games.tables.js';
import { GAMES_TOPIC } from './games.stream.js';
import { uploadAndWait } from '../../../test/game-uploads.js';
import { newPushToken, pushPgn } from '../../../test/games-relay.js';
import { managerHeaders } from '../../../test/managers.js';
import { type TestContext, useTestAppWithManager } from '../../../test/test-app.js';

/** A broadcast's games keep their identity across re-uploads, polls and pushes; managers delete and move them. */
let ctx: TestContext;
let arbiter: { authorization: string };
useTestAppWithManager(['arbiter'], (app) => ({ ctx, headers: arbiter } = app));

const game = (round: string, white: string, black: string, moves = '1. e4 e5', result = '*') =>
  `[Event "BJK"]\n[Round "${round}"]\n[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n\n${moves} ${result}\n`;

/**
 * The shape of the real broadcast export of the issue: 605 games, every round's boards numbered 1–28 twice (two groups
 * of one broadcast), the last round not complete.
 */
function broadcastOf605(): string {
  const games: string[] = [];
  for (let round = 1; games.length < 605; round++) {
    for (let group = 0; group < 2; group++) {
      for (let board = 1; board <= 28 && games.length < 605; board++) {
        const who = (side: string) => `Speler ${side}${group}-${round}-${board}, Test`;
        games.push(game(`${round}.${board}`, who('W'), who('Z'), '1. d4 d5 2. c4', round < 10 ? '1/2-1/2' : '*'));
      }
    }
  }
  return games.join('\n');
}

const upload = (category: string, pgn: string, round?: number) => uploadAndWait(ctx, arbiter, category, pgn, { round });

async function push(category: string, token: string, pgn: string) {
  const response = await pushPgn(ctx, category, token, pgn);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ added: number; grown: number; replaced: number; unchanged: number; errors: { code: string; white?: string }[] }>();
}

const newToken = (category: string) => newPushToken(ctx, arbiter, category);

type Managed = {
  id: number;
  category: string;
  round: number;
  board: number | null;
  boardShared: boolean;
  movedBy: string | null;
  relayWhite: string;
  white: { name: string };
  moves: unknown[];
};
async function managed(category: string, round: number): Promise<Managed[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/manage/${category}/${round}`, headers: arbiter });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function gameCount(category: string): Promise<number> {
  const sources = (await ctx.app.inject({ method: 'GET', url: '/api/v1/games/sources', headers: arbiter })).json<{ category: string; gameCount: number }[]>();
  return sources.find((s) => s.category === category)!.gameCount;
}

describe('a broadcast uploaded or sent again', () => {
  it('keeps every game of 605 whose boards repeat within a round, and uploading or pushing the file again adds none', async () => {
    const pgn = broadcastOf605();
    const first = await upload('U18', pgn);
    expect(first).toMatchObject({ added: 605, errors: [] });
    expect(await gameCount('U18')).toBe(605);
    const again = await upload('U18', pgn);
    expect(again).toMatchObject({ added: 0, unchanged: 605, errors: [] });
    // The relay pushing the same round: another feed, the same games by their players.
    const pushed = await push('U18', await newToken('U18'), pgn);
    expect(pushed).toMatchObject({ added: 0, errors: [] });
    expect(await gameCount('U18')).toBe(605);
    // Two games claim each board: both kept, both flagged for the manager.
    const round1 = await managed('U18', 1);
    expect(round1).toHaveLength(56);
    expect(round1.every((g) => g.boardShared)).toBe(true);
  }, 120_000);

  it('keeps a game whose name the relay operator corrects mid-round as one game, by its feed and board', async () => {
    const token = await newToken('U20');
    await push('U20', token, game('2.4', 'Anciaux, A', 'Berg, Bo'));
    const corrected = await push('U20', token, game('2.4', 'Anciaux, Alice', 'Berg, Bo', '1. e4 e5 2. Nf3'));
    expect(corrected).toMatchObject({ added: 0 });
    const round = await managed('U20', 2);
    expect(round.map((g) => [g.relayWhite, g.moves.length, g.boardShared])).toEqual([['Anciaux, Alice', 3, false]]);
  });

  it('keeps a game received first without a board and later with one as one game', async () => {
    const token = await newToken('U20');
    expect(await push('U20', token, game('3', 'Claes, Noah', 'Dubois, Lucas'))).toMatchObject({ added: 1 });
    expect(await push('U20', token, game('3.6', 'Claes, Noah', 'Dubois, Lucas', '1. e4 e5 2. Nf3'))).toMatchObject({ added: 0, grown: 1 });
    expect((await managed('U20', 3)).map((g) => [g.board, g.moves.length])).toEqual([[6, 3]]);
  });
});

describe('two games of the same two players in one round', () => {
  it('keeps a play-off game after the game as a second game, by upload and by push, and sending both again adds none', async () => {
    const first = game('5.3', 'Claes, Noor', 'Dubois, Lena', '1. e4 e5 2. Nf3 Nc6', '1/2-1/2');
    const armageddon = game('5.3', 'Claes, Noor', 'Dubois, Lena', '1. d4 d5 2. c4', '1-0');
    expect(await upload('U10', [first, armageddon].join('\n'))).toMatchObject({ added: 2, errors: [] });
    expect((await managed('U10', 5)).map((g) => [g.board, g.moves.length])).toEqual([
      [3, 4],
      [3, 3],
    ]);
    expect(await upload('U10', [first, armageddon].join('\n'))).toMatchObject({ added: 0, unchanged: 2 });
    // A relay feed posting the round: the same two games, found by players and number, not merged by their board.
    const token = await newToken('U10');
    // (each is now the feed's game: taken over from the upload, moves unchanged)
    expect(await push('U10', token, [first, armageddon].join('\n'))).toMatchObject({ added: 0, replaced: 2 });
    expect(await push('U10', token, [first, armageddon].join('\n'))).toMatchObject({ added: 0, unchanged: 2 });
    // Tagged play-off games (`Round "5.3.2"`), one at a time.
    const tagged = game('5.3.2', 'Claes, Noor', 'Dubois, Lena', '1. d4 d5 2. c4 e6', '1-0');
    expect(await push('U10', token, tagged)).toMatchObject({ added: 0, grown: 1 });
    expect((await managed('U10', 5)).map((g) => g.moves.length)).toEqual([4, 4]);
  });
});

describe('a manager deletes or moves a received game', () => {
  it('deletes a game, audited; the relay sending it again does not bring it back and says why', async () => {
    const token = await newToken('U16');
    await push('U16', token, [game('1.1', 'Test, Partij', 'Proef, Bord'), game('1.2', 'Echt, Een', 'Echt, Twee')].join('\n'));
    const stray = (await managed('U16', 1)).find((g) => g.relayWhite === 'Test, Partij')!;
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/games/manage/game/${stray.id}`, headers: arbiter });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await managed('U16', 1)).map((g) => g.relayWhite)).toEqual(['Echt, Een']);
    const again = await push('U16', token, [game('1.1', 'Test, Partij', 'Proef, Bord', '1. e4 e5 2. Nf3'), game('1.2', 'Echt, Een', 'Echt, Twee')].join('\n'));
    expect(again.errors).toEqual([expect.objectContaining({ code: GAMES_ERRORS.deletedGame, white: 'Test, Partij' })]);
    expect((await managed('U16', 1)).map((g) => g.relayWhite)).toEqual(['Echt, Een']);
    const twice = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/games/manage/game/${stray.id}`, headers: arbiter });
    expect(twice.statusCode).toBe(404);
    const trail = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'results.game_deleted'), eq(auditEntries.subjectId, String(stray.id))));
    expect(trail).toHaveLength(1);
  });

  it('restores a deleted game as it was, audited; the relay’s next copy grows it again instead of being skipped', async () => {
    const token = await newToken('U16');
    await push('U16', token, game('2.3', 'Terug, Gezet', 'Weer, Hier', '1. e4 e5 2. Nf3'));
    const [kept] = await managed('U16', 2);
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/games/manage/game/${kept!.id}`, headers: arbiter });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/manage/U16/2/deleted', headers: arbiter });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ white: 'Terug, Gezet', black: 'Weer, Hier', moves: 3, result: '*', restorable: true, deletedBy: expect.any(String) }),
    ]);
    const restore = (id: number, headers: Record<string, string> = arbiter) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/games/manage/deleted/${id}/restore`, headers });
    // The round's viewers are told by the service once the restore is committed, before the answer (no route's work).
    const told: string[] = [];
    const unsubscribe = ctx.bus.subscribe(GAMES_TOPIC, (payload) => told.push(payload));
    const restored = await restore(list.json()[0].id);
    unsubscribe();
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: kept!.id, round: 2, board: 3, moves: [{ san: 'e4' }, { san: 'e5' }, { san: 'Nf3' }] });
    expect(told).toEqual([expect.stringMatching(/^U16:2:\d+:$/)]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/games/manage/U16/2/deleted', headers: arbiter })).json()).toEqual([]);
    expect(await push('U16', token, game('2.3', 'Terug, Gezet', 'Weer, Hier', '1. e4 e5 2. Nf3 Nc6'))).toMatchObject({ grown: 1, errors: [] });
    expect((await managed('U16', 2)).map((g) => [g.id, g.moves.length])).toEqual([[kept!.id, 4]]);
    const trail = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'results.game_restored'), eq(auditEntries.subjectId, String(kept!.id))));
    expect(trail).toHaveLength(1);
    // Once only; and for managers with the results permission only.
    expect((await restore(list.json()[0].id)).statusCode).toBe(404);
    expect((await restore(list.json()[0].id, await managerHeaders(ctx, ['editor']))).statusCode).toBe(403);
  });

  it('refuses to restore a game deleted before games were kept for a restore, naming why', async () => {
    const token = await newToken('U16');
    await push('U16', token, game('3.1', 'Oud, Gewist', 'Niet, Bewaard'));
    const [old] = await managed('U16', 3);
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/games/manage/game/${old!.id}`, headers: arbiter });
    // A row as deleting wrote it before migration 0025: no game kept.
    await ctx.db.update(deletedGames).set({ game: null }).where(eq(deletedGames.white, 'Oud, Gewist'));
    const [row] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/games/manage/U16/3/deleted', headers: arbiter })).json();
    expect(row).toMatchObject({ restorable: false, moves: null });
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/v1/games/manage/deleted/${row.id}/restore`, headers: arbiter });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(GAMES_ERRORS.notRestorable);
  });

  it('moves a game to another category, round and board, audited; the relay’s next copy grows it there', async () => {
    const token = await newToken('U14');
    await push('U14', token, game('4.2', 'Verkeerd, Vak', 'Ander, Toernooi'));
    const [wrong] = await managed('U14', 4);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/games/manage/game/${wrong!.id}/place`,
      headers: arbiter,
      payload: { category: 'U12', round: 5, board: 9 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ category: 'U12', round: 5, board: 9, movedBy: expect.any(String) });
    expect(await managed('U14', 4)).toEqual([]);
    // The relay still sends it as U14 round 4 board 2: it grows where the manager put it, on the manager's board.
    expect(await push('U14', token, game('4.2', 'Verkeerd, Vak', 'Ander, Toernooi', '1. e4 e5 2. Nf3'))).toMatchObject({ added: 0, grown: 1 });
    expect(await managed('U14', 4)).toEqual([]);
    expect((await managed('U12', 5)).map((g) => [g.id, g.board, g.moves.length])).toEqual([[wrong!.id, 9, 3]]);
    const publicRound = (await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U12/5' })).json<{ games: { id: number }[] }>();
    expect(publicRound.games.map((g) => g.id)).toEqual([wrong!.id]);
    const trail = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'results.game_moved'), eq(auditEntries.subjectId, String(wrong!.id))));
    expect(trail.map((e) => [e.before, e.after])).toEqual([
      [
        { category: 'U14', round: 4, board: 2 },
        { category: 'U12', round: 5, board: 9 },
      ],
    ]);
  });

  it('refuses a move to a category that is not a player category, and both actions without the results permission', async () => {
    const token = await newToken('U14');
    await push('U14', token, game('6.1', 'Een, Speler', 'Twee, Speler'));
    const [one] = await managed('U14', 6);
    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/games/manage/game/${one!.id}/place`,
      headers: arbiter,
      payload: { category: 'NOPE', round: 1, board: null },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(GAMES_ERRORS.unknownCategory);
    const anonymous = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/games/manage/game/${one!.id}` });
    expect(anonymous.statusCode).toBe(401);
    const moveAnonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/games/manage/game/${one!.id}/place`,
      payload: { category: 'U12', round: 1, board: null },
    });
    expect(moveAnonymous.statusCode).toBe(401);
    expect(await managed('U14', 6)).toHaveLength(1);
  });
});
