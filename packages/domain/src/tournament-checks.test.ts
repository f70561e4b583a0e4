import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSwarJson } from './swar-json.js';
import { parseTrf } from './trf.js';
import { TournamentFileError } from './tournament-model.js';

const swarText = readFileSync(path.resolve(import.meta.dirname, '../fixtures/swar/bycco_test_bjk_2_played.json'), 'utf8');

type SwarRound = { RoundNr: number; Tabel: string; OpponentNi: number; Result: string; Color: string };
type SwarPlayer = { Ni: number; Name: string; RoundArray?: SwarRound[] };
type SwarFile = { Swar: { TournamentDesc: { NbOfRounds: number }; Player: SwarPlayer[] } };

/** The small real Swar file (12 players, round 1 played), changed by `edit` and read again. */
function swarWith(edit: (file: SwarFile) => void): () => unknown {
  const file = JSON.parse(swarText) as SwarFile;
  edit(file);
  return () => parseSwarJson(JSON.stringify(file));
}

function errorOf(action: () => unknown): TournamentFileError {
  try {
    action();
  } catch (error) {
    if (error instanceof TournamentFileError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

const playerOf = (file: SwarFile, ni: number) => file.Swar.Player.find((p) => p.Ni === ni)!;
const indexOf = (file: SwarFile, ni: number) => file.Swar.Player.findIndex((p) => p.Ni === ni);

describe('an impossible Swar file is refused with a code naming the field', () => {
  it('reads the real file as it is', () => {
    expect(parseSwarJson(swarText).players).toHaveLength(12);
  });

  it('refuses a billion rounds, and negative ones', () => {
    for (const rounds of [1e9, 31, -1]) {
      const error = errorOf(swarWith((f) => (f.Swar.TournamentDesc.NbOfRounds = rounds)));
      expect(error.code).toBe('results.too_many_rounds');
      expect(error.details).toEqual({ field: 'Swar.TournamentDesc.NbOfRounds', value: String(rounds) });
    }
    // 30 is still a championship.
    expect(swarWith((f) => (f.Swar.TournamentDesc.NbOfRounds = 30))()).toMatchObject({ plannedRounds: 30 });
  });

  it('refuses a round number outside the planned rounds, and a round written twice', () => {
    const error = errorOf(swarWith((f) => (playerOf(f, 2).RoundArray![0]!.RoundNr = 1e9)));
    expect(error.code).toBe('results.round_out_of_range');
    expect(error.details).toEqual({ field: `Swar.Player[${indexOf(JSON.parse(swarText), 2)}].RoundArray[0].RoundNr`, value: '1000000000' });
    expect(errorOf(swarWith((f) => (playerOf(f, 2).RoundArray![0]!.RoundNr = 0))).code).toBe('results.round_out_of_range');
    const twice = errorOf(swarWith((f) => playerOf(f, 2).RoundArray!.push({ ...playerOf(f, 2).RoundArray![0]! })));
    expect(twice.code).toBe('results.round_out_of_range');
    expect(twice.details.field).toMatch(/RoundArray\[1\]\.RoundNr$/);
  });

  it('refuses a player paired with themself', () => {
    const error = errorOf(swarWith((f) => (playerOf(f, 2).RoundArray![0]!.OpponentNi = 2)));
    expect(error.code).toBe('results.paired_with_self');
    expect(error.details.field).toBe(`Swar.Player[${indexOf(JSON.parse(swarText), 2)}].RoundArray[0].OpponentNi`);
  });

  it('refuses a pairing number that does not exist', () => {
    const error = errorOf(swarWith((f) => (playerOf(f, 2).RoundArray![0]!.OpponentNi = 99)));
    expect(error).toMatchObject({ code: 'results.unknown_opponent', details: { value: '99' } });
    expect(error.details.field).toMatch(/RoundArray\[0\]\.OpponentNi$/);
  });

  it('refuses a game its opponent does not confirm: another opponent, the same colour, another board, two winners', () => {
    const opponentOf2 = JSON.parse(swarText).Swar.Player.find((p: SwarPlayer) => p.Ni === 2).RoundArray[0].OpponentNi as number;
    const cases: ((f: SwarFile) => void)[] = [
      (f) => (playerOf(f, opponentOf2).RoundArray![0]!.Color = playerOf(f, 2).RoundArray![0]!.Color),
      (f) => (playerOf(f, opponentOf2).RoundArray![0]!.Tabel = '6'),
      (f) => (playerOf(f, opponentOf2).RoundArray![0]!.Result = '1'),
      (f) => (playerOf(f, opponentOf2).RoundArray![0]!.Result = '-'),
    ];
    for (const edit of cases) {
      const error = errorOf(swarWith(edit));
      expect(error.code).toBe('results.asymmetric_pairing');
      expect(error.details.field).toMatch(/^Swar\.Player\[\d+\]\.RoundArray\[0\]\.OpponentNi$/);
    }
  });

  it('refuses a pairing number used twice, an absurd board and more than a thousand players', () => {
    expect(errorOf(swarWith((f) => (playerOf(f, 3).Ni = 2))).code).toBe('results.duplicate_pairing_number');
    const board = errorOf(
      swarWith((f) => {
        const round = playerOf(f, 2).RoundArray![0]!;
        round.Tabel = '1000000';
        playerOf(f, round.OpponentNi).RoundArray![0]!.Tabel = '1000000';
      }),
    );
    expect(board).toMatchObject({ code: 'results.board_out_of_range', details: { value: '1000000' } });
    const crowd = errorOf(
      swarWith((f) => {
        const template = f.Swar.Player[0]!;
        f.Swar.Player = Array.from({ length: 1001 }, (_, i) => ({ ...template, Ni: i + 1, RoundArray: [] }));
      }),
    );
    expect(crowd).toMatchObject({ code: 'results.too_many_players', details: { field: 'Swar.Player', value: '1001' } });
  });
});

describe('an impossible TRF is refused with a code naming the line and field', () => {
  // TRF16 columns: number 5–8, sex 10, title 11–13, name 15–47, rating 49–52, federation 54–56, id 58–68, birth 70–79,
  // points 81–84, rank 86–89, then a 10-character block per round from column 92.
  const line = (n: number, name: string, rounds: string[]) =>
    `001 ${String(n).padStart(4)} m${''.padStart(3)} ${name.padEnd(33)} 1500 BEL ${'123456'.padStart(11)} ${'2015/01/01'.padEnd(10)} ${' 1.0'} ${String(n).padStart(4)}` +
    rounds.map((r) => `  ${r}`).join('');
  const trf = (xxr: string, players: string[]) => ['012 Test Open', '042 2026/02/16', xxr, ...players].join('\n');
  const good = () => [
    line(1, 'Alpha, A', ['   2 w 1']),
    line(2, 'Beta, B', ['   1 b 0']),
    line(3, 'Gamma, C', ['   4 w =']),
    line(4, 'Delta, D', ['   3 b =']),
  ];

  it('reads a sound one', () => {
    expect(parseTrf(trf('XXR 9', good())).players).toHaveLength(4);
  });

  it('refuses XXR beyond a championship, naming the line', () => {
    expect(errorOf(() => parseTrf(trf('XXR 1000000000', good())))).toMatchObject({
      code: 'results.too_many_rounds',
      details: { line: 3, field: 'line 3 (XXR)', value: '1000000000' },
    });
  });

  it('refuses a round beyond XXR, and a line of rounds beyond any championship', () => {
    const players = good();
    players[0] = line(1, 'Alpha, A', ['   2 w 1', '0000 - H']);
    expect(errorOf(() => parseTrf(trf('XXR 1', players)))).toMatchObject({ code: 'results.round_out_of_range', details: { line: 4, value: '2' } });
    players[0] = line(
      1,
      'Alpha, A',
      Array.from({ length: 40 }, () => '0000 - H'),
    );
    const error = errorOf(() => parseTrf(trf('', players)));
    expect(error).toMatchObject({ code: 'results.round_out_of_range', details: { line: 4, value: '31' } });
    expect(error.details.field).toMatch(/^line 4 \(round 31, columns \d+–\d+\)$/);
  });

  it('refuses a player paired with themself, an unknown opponent and a one-sided pairing', () => {
    const self = good();
    self[0] = line(1, 'Alpha, A', ['   1 w 1']);
    expect(errorOf(() => parseTrf(trf('XXR 9', self)))).toMatchObject({ code: 'results.paired_with_self', details: { line: 4, value: '1' } });
    const unknown = good();
    unknown[0] = line(1, 'Alpha, A', ['   7 w 1']);
    expect(errorOf(() => parseTrf(trf('XXR 9', unknown)))).toMatchObject({ code: 'results.unknown_opponent', details: { line: 4, value: '7' } });
    const oneSided = good();
    oneSided[0] = line(1, 'Alpha, A', ['   3 w 1']);
    expect(errorOf(() => parseTrf(trf('XXR 9', oneSided)))).toMatchObject({ code: 'results.asymmetric_pairing', details: { line: 4 } });
    const twoWinners = good();
    twoWinners[1] = line(2, 'Beta, B', ['   1 b 1']);
    expect(errorOf(() => parseTrf(trf('XXR 9', twoWinners)))).toMatchObject({ code: 'results.asymmetric_pairing' });
  });

  it('refuses two players with one starting rank', () => {
    const players = good();
    players[3] = line(3, 'Delta, D', ['   3 b =']);
    expect(errorOf(() => parseTrf(trf('XXR 9', players))).code).toBe('results.duplicate_pairing_number');
  });
});
