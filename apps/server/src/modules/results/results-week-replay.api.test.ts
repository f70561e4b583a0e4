import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type TestContext, useTestAppWithManager } from '../../../test/test-app.js';

/**
 * The whole week of a real category, replayed as the organiser and the arbiters live it, from the real Swar export
 * of BJK 2026 U8 (v6.75, 26 players, 9 rounds). For each round: the paired file published; the round's real results
 * entered by arbiters as unofficial results; the provisional standings held to FIDE's own tie-break checker (its
 * answers after every round are kept in `packages/domain/fixtures/checker`); the played file's preview listing
 * exactly that round's results; published, superseding the arbiters' entries. At the end, the real file: Swar's own
 * places.
 */

const fixtures = path.resolve(import.meta.dirname, '../../../../../packages/domain/fixtures');
const original = readFileSync(path.join(fixtures, 'swar', 'bycco_bjk2026_u08.json'));
const checker = JSON.parse(readFileSync(path.join(fixtures, 'checker', 'bycco_bjk2026_u08.json.json'), 'utf8')) as {
  kinds: string[];
  answers: Record<string, Record<string, Record<string, number[]>>>;
};

type SwarRound = { RoundNr: number; OpponentNi: number; Result: string; Color: string; Tabel: string };
type SwarPlayer = { Ni: number; Name: string; Ranking?: number; TieBreak?: unknown; Points: string; RoundArray?: SwarRound[] };
type SwarFile = { Swar: { Player: SwarPlayer[] } };

const real = JSON.parse(original.toString('utf8')) as SwarFile;
const pointsOf = (result: string) => (result.startsWith('½') ? 0.5 : result.startsWith('1') ? 1 : 0);

/**
 * The file Swar wrote during the week: rounds after `round` not there yet, round `round` paired without results
 * (`played` false) or played; no places or tie-breaks of its own (those of the final file would be wrong).
 */
function fileAfter(round: number, played: boolean): Buffer {
  const swar = structuredClone(real);
  for (const player of swar.Swar.Player) {
    player.RoundArray = (player.RoundArray ?? [])
      .filter((r) => r.RoundNr <= round)
      .map((r) => (!played && r.RoundNr === round && r.OpponentNi > 0 ? { ...r, Result: '-' } : r));
    delete player.Ranking;
    delete player.TieBreak;
    player.Points = player.RoundArray.reduce((sum, r) => sum + (r.OpponentNi > 0 && r.Result === '-' ? 0 : pointsOf(r.Result)), 0).toFixed(1);
  }
  return Buffer.from(JSON.stringify(swar));
}

/** The real result of a game as an arbiter enters it, from White's entry (and Black's, for a double forfeit). */
function arbitersResult(white: SwarRound, black: SwarRound): string {
  const forfeit = /f/i.test(white.Result) || /f/i.test(black.Result);
  if (forfeit) return pointsOf(white.Result) === 1 ? '1-0 FF' : pointsOf(black.Result) === 1 ? '0-1 FF' : '0-0 FF';
  return { '1': '1-0', '0': '0-1', '½': '½-½' }[white.Result]!;
}

let ctx: TestContext;
let arbiter: { authorization: string };
useTestAppWithManager(['arbiter'], (app) => ({ ctx, headers: arbiter } = app));

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: arbiter });

async function upload(name: string, data: Buffer): Promise<string> {
  const boundary = '----bjk-week-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/json\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/results/imports',
    headers: { ...arbiter, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function publish(id: string): Promise<void> {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/results/imports/${id}/publish`, headers: arbiter, payload: { category: 'U8' } });
  expect(response.statusCode, response.body).toBe(200);
}

type Pairing = {
  board: number | null;
  white: { pairingNumber: number; name: string };
  black: { pairingNumber: number; name: string } | null;
  result: string | null;
};
type Row = { rank: number; pairingNumber: number; points: number; tieBreaks: (number | null)[] };

describe('a week of BJK 2026 U8, round by round', () => {
  it('gives after every round the checker’s values and places while arbiters enter results, lists each round’s results at the upload after it, and ends on Swar’s places', async () => {
    const byNumber = new Map(real.Swar.Player.map((p) => [p.Ni, p]));
    for (let round = 1; round <= 9; round++) {
      await publish(await upload('bjk_u8.json', fileAfter(round, false)));

      // The arbiters enter every game of the round, as they saw it on their phones.
      const pairings = (await get(`/api/v1/results/anon/U8/pairings/${round}`)).json<{ pairings: Pairing[] }>().pairings;
      const games = pairings.filter((p) => p.black !== null);
      expect(games.length).toBeGreaterThan(0);
      const expected = new Map<string, string>();
      for (const game of games) {
        const white = byNumber.get(game.white.pairingNumber)!.RoundArray!.find((r) => r.RoundNr === round)!;
        const black = byNumber.get(game.black!.pairingNumber)!.RoundArray!.find((r) => r.RoundNr === round)!;
        const result = arbitersResult(white, black);
        expected.set(`${game.white.name}|${game.black!.name}`, result);
        const entered = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/tournament/unofficial_result',
          headers: arbiter,
          payload: {
            name: 'bjk_u8.json',
            round,
            boardnr: game.board,
            unofficial_result: result,
            white: game.white.pairingNumber,
            black: game.black!.pairingNumber,
          },
        });
        expect(entered.statusCode, entered.body).toBe(200);
      }

      // Provisional standings: FIDE's checker's values (2023 text: the tournament started on 2026-02-16) and places.
      const standings = (await get('/api/v1/results/anon/U8/standings')).json<{
        provisional: boolean;
        afterRound: number;
        tieBreakRules: string;
        rows: Row[];
      }>();
      expect(standings).toMatchObject({ provisional: true, afterRound: round, tieBreakRules: 'fide2023' });
      const answer = checker.answers.fide2023![String(round)]!;
      expect(standings.rows).toHaveLength(26);
      const differences: string[] = [];
      for (const row of standings.rows) {
        const [, points, ...values] = answer[String(row.pairingNumber)]!;
        if (row.points !== points) differences.push(`round ${round}, ${row.pairingNumber}: points ${row.points}, checker ${points}`);
        values.forEach((value, index) => {
          if (Math.abs((row.tieBreaks[index] ?? NaN) - value) > 1e-9)
            differences.push(`round ${round}, ${row.pairingNumber} ${checker.kinds[index]}: ${row.tieBreaks[index]}, checker ${value}`);
        });
      }
      const ranks = Object.entries(answer).map(([number, [rank]]) => [Number(number), rank!] as const);
      const tied = new Set(ranks.filter(([, rank]) => ranks.filter(([, r]) => r === rank).length > 1).map(([number]) => number));
      for (const row of standings.rows) {
        if (!tied.has(row.pairingNumber) && row.rank !== answer[String(row.pairingNumber)]![0])
          differences.push(`round ${round}, ${row.pairingNumber}: place ${row.rank}, checker ${answer[String(row.pairingNumber)]![0]}`);
      }
      expect(differences).toEqual([]);

      // The upload after the round lists exactly the round's results, all new, none contradicting the arbiters.
      const draft = await upload('bjk_u8.json', fileAfter(round, true));
      const preview = (await get(`/api/v1/results/imports/${draft}?category=U8`)).json<{
        confirmationRequired: boolean;
        diff: {
          resultsChanged: { round: number; white: string; black: string | null; before: string | null; after: string | null }[];
          unofficialContradicted: unknown[];
        };
      }>();
      expect(preview.confirmationRequired).toBe(false);
      expect(preview.diff.unofficialContradicted).toEqual([]);
      expect(preview.diff.resultsChanged.every((c) => c.round === round && c.before === null)).toBe(true);
      expect(new Map(preview.diff.resultsChanged.map((c) => [`${c.white}|${c.black}`, c.after]))).toEqual(expected);
      await publish(draft);
      const left = (await get(`/api/v1/results/anon/U8/unofficial/${round}`)).json<{ boards: unknown[]; stale: unknown[] }>();
      expect(left).toEqual(expect.objectContaining({ boards: [], stale: [] }));
      expect((await get('/api/v1/results/anon/U8/standings')).json()).toMatchObject({ provisional: false, afterRound: round });
    }

    // The final file as Swar wrote it: Swar's own places and values.
    await publish(await upload('bjk_u8.json', original));
    const final = (await get('/api/v1/results/anon/U8/standings')).json<{ provisional: boolean; tieBreakRules: string | null; rows: Row[] }>();
    expect(final).toMatchObject({ provisional: false, tieBreakRules: null });
    expect(final.rows.map((r) => [r.pairingNumber, r.rank])).toEqual(
      [...real.Swar.Player].sort((a, b) => a.Ranking! - b.Ranking!).map((p) => [p.Ni, p.Ranking]),
    );
  }, 300_000);
});
