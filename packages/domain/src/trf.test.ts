import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fideTieBreakRulesOn, lastRoundWithResults, rankPlayers } from './tie-breaks.js';
import { parseTournamentFile } from './tournament-file.js';
import { TournamentFileError } from './tournament-model.js';
import { parseTrf, writeTrf16 } from './trf.js';

const fixture = (dir: string, name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures', dir, name));

/** A TRF16 `001` line with its fixed columns. */
function playerLine(number: number, name: string, points: string, blocks: string[]): string {
  return `001 ${String(number).padStart(4)}      ${name.padEnd(33)} 1500 BEL ${'0'.padStart(11)} ${'2012'.padEnd(10)} ${points.padStart(4)} ${String(number).padStart(4)}  ${blocks.join('  ')}`;
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

describe('TRF files', () => {
  it('reads JaVaFo’s half-point, zero and pairing-allocated byes, forfeits and lowercase titles', () => {
    const t = parseTournamentFile(fixture('trf', 'javafo_sample2_open_gros_2010.trf'));
    expect(t).toMatchObject({ format: 'trf', formatVersion: 'TRF16', plannedRounds: 9, startDate: '2010-09-24' });
    expect(t.players).toHaveLength(52);
    const outcomes = t.players.flatMap((p) => p.rounds.map((r) => r.outcome));
    expect(outcomes.filter((o) => o === 'half_bye')).toHaveLength(16);
    expect(outcomes.filter((o) => o === 'zero_bye')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'bye')).toHaveLength(3);
    expect(outcomes).toContain('forfeit_win');
    expect(t.players[0]).toMatchObject({ name: 'Mirzoev Azer', title: 'GM', rating: 2527, federation: 'AZE', fideId: 13400304, birthYear: 1978 });
    expect(t.players.every((p) => p.points === p.rounds.reduce((s, r) => s + r.points, 0))).toBe(true);
  });

  it('reads the Belgian federation’s national-rating dialect in Latin-1, with national ids', () => {
    const t = parseTournamentFile(fixture('trf', 'frbe_icn_2024-25_r1_belgian_elo_part1.txt'));
    expect(t.formatVersion).toBe('TRF16 FRBE');
    expect(t.players).toHaveLength(948);
    expect(t.players.some((p) => p.name.includes('é'))).toBe(true);
    expect(t.players[0]).toMatchObject({ nationalId: 13815, fideId: null, nationalRating: 2610 });
  });

  it('reads a lichess export whose byes have no opponent column', () => {
    const text = ['012 Blitz', 'XXR 2', playerLine(1, 'alice', '2.0', ['   2 w 1', '       U']), playerLine(2, 'bob', '1.0', ['   1 b 0', '       U'])].join(
      '\n',
    );
    const t = parseTrf(text);
    expect(t.formatVersion).toBe('TRF lichess');
    expect(t.players[0]!.rounds[1]).toMatchObject({ outcome: 'bye', points: 1, opponent: null });
  });

  it('refuses team tournaments, TRF16 and TRF-2025, naming the first team line', () => {
    const trf16 = errorOf(() => parseTournamentFile(fixture('trf', 'frbe_icn_2024-25_r1_fide_trf16_team.txt')));
    expect(trf16).toMatchObject({ code: 'results.team_tournament', details: { line: 1742, value: '013' } });
    const trf25 = errorOf(() => parseTournamentFile(fixture('trf', 'fide_trf25_grandmommyscup_sample.trf')));
    expect(trf25.code).toBe('results.team_tournament');
  });

  it('names the line and columns of a round it cannot read', () => {
    const text = ['012 Open', playerLine(1, 'alice', '1.0', ['   2 w 1']), playerLine(2, 'bob', '0.0', ['   1 b ?'])].join('\r\n');
    const error = errorOf(() => parseTrf(text));
    expect(error.code).toBe('results.trf_invalid_line');
    expect(error.details.line).toBe(3);
    expect(error.message).toContain('Round 1');
  });

  it('refuses a file that is neither Swar nor TRF', () => {
    expect(errorOf(() => parseTournamentFile(new TextEncoder().encode('name;rating\nalice;1500'))).code).toBe('results.unknown_file_format');
  });

  it('writes a TRF16 that reads back to the same games', () => {
    for (const [dir, name] of [
      ['swar', 'bycco_bjk2026_u08.json'],
      ['trf', 'javafo_sample2_open_gros_2010.trf'],
    ] as const) {
      const t = parseTournamentFile(fixture(dir, name));
      const back = parseTrf(writeTrf16(t));
      const games = (players: typeof t.players) =>
        [...players].sort((a, b) => a.pairingNumber - b.pairingNumber).map((p) => p.rounds.map((r) => [r.round, r.opponent, r.colour, r.outcome, r.points]));
      expect(games(back.players)).toEqual(games(t.players));
      expect(writeTrf16(t)).not.toMatch(/\d{4}-\d{2}-\d{2}\s+\d/); // no birth dates
    }
  });

  it.each([
    ['swar', 'bycco_bjk2026_u08.json'],
    ['swar', 'bycco_bjk2025_u20.json'],
    ['swar', 'bycco_bjk2017_u08_swar_v3.json'],
    ['swar', 'frbe_jeugdcriterium_oostende_2024_u8.json'],
    ['swar', 'bycco_test_bjk_2_played.json'],
    ['swar', 'bycco_bjk2019_u20bg_round1_paired.json'],
    ['trf', 'javafo_sample2_open_gros_2010.trf'],
    ['trf', 'frbe_icn_2024-25_r1_belgian_elo_part1.txt'],
  ] as const)('exports %s/%s as a TRF16 that imports again to the same standings, boards, ratings used and tie-break list', (dir, name) => {
    const t = parseTournamentFile(fixture(dir, name));
    const back = parseTrf(writeTrf16(t));
    const players = (list: typeof t.players) =>
      [...list]
        .sort((a, b) => a.pairingNumber - b.pairingNumber)
        .map((p) => ({
          pairingNumber: p.pairingNumber,
          name: p.name,
          rank: p.rank,
          points: p.points,
          rating: p.rating,
          fideRating: p.fideRating,
          nationalRating: p.nationalRating,
          fideId: p.fideId,
          rounds: p.rounds.map((r) => [r.round, r.board, r.opponent, r.outcome, r.points]),
        }));
    expect(players(back.players)).toEqual(players(t.players));
    expect(back.tieBreaks.map((c) => c.kind)).toEqual(t.tieBreaks.map((c) => c.kind));
    expect(back).toMatchObject({ plannedRounds: t.plannedRounds, pairedRounds: t.pairedRounds, startDate: t.startDate });
    // The standings we compute (FIDE's rules by the start date) are the same on both.
    const rules = fideTieBreakRulesOn(t.startDate ?? '2026-07-01');
    const rounds = lastRoundWithResults(t.players);
    expect(rankPlayers(back.players, back.tieBreaks, { rules, rounds })).toEqual(rankPlayers(t.players, t.tieBreaks, { rules, rounds }));
  });

  it('drops the line a program lists for the bye ("spielfrei"), and a game against it is the bye', () => {
    const t = parseTrf(
      [
        '012 Open',
        'XXR 2',
        playerLine(1, 'alice', '2.0', ['   2 w 1', '   3 b +']),
        playerLine(2, 'bob', '0.0', ['   1 b 0', '0000 - -']),
        playerLine(3, 'spielfrei', '0.0', ['        ', '   1 w -']).replace(' 1500 ', '    0 '),
      ].join('\n'),
    );
    expect(t.players.map((p) => p.name)).toEqual(['alice', 'bob']);
    expect(t.players[0]!.rounds[1]).toMatchObject({ opponent: null, outcome: 'bye', points: 1 });
  });

  it('gives a forfeit written without colours opposite colours, so FIDE’s checker reads one game with one White', () => {
    const text = ['012 Open', 'XXR 1', playerLine(1, 'alice', '1.0', ['   2 - +']), playerLine(2, 'bob', '0.0', ['   1 - -'])].join('\n');
    const written = writeTrf16(parseTrf(text));
    expect(written).toContain('   2 w +');
    expect(written).toContain('   1 b -');
  });

  it('keeps the points of an absence the program scored (Swar’s AbsValue ½ or 1) instead of writing 0', () => {
    const t = parseTrf(
      ['012 Open', 'XXR 2', playerLine(1, 'alice', '1.0', ['   2 w 1', '0000 - -']), playerLine(2, 'bob', '0.0', ['   1 b 0', '0000 - -'])].join('\n'),
    );
    t.players[0]!.rounds[1] = { ...t.players[0]!.rounds[1]!, points: 0.5 };
    t.players[1]!.rounds[1] = { ...t.players[1]!.rounds[1]!, points: 1 };
    t.players[0]!.points = 1.5;
    t.players[1]!.points = 1;
    const written = writeTrf16(t);
    expect(written).toMatch(/alice.*0000 - H$/m);
    expect(written).toMatch(/bob.*0000 - F$/m);
    const back = parseTrf(written);
    expect(back.players.map((p) => [p.points, p.rounds[1]!.points])).toEqual([
      [1.5, 0.5],
      [1, 1],
    ]);
  });
});
