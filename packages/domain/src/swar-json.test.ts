import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSwarJson } from './swar-json.js';
import { TournamentFileError } from './tournament-model.js';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/swar', name), 'utf8');

function errorOf(action: () => unknown): TournamentFileError {
  try {
    action();
  } catch (error) {
    if (error instanceof TournamentFileError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('a Swar v6.75 export (BJK 2026 U08)', () => {
  const t = parseSwarJson(fixture('bycco_bjk2026_u08.json'));

  it('reads the tournament, its tie-break columns in the program’s own names and proposes the category', () => {
    expect(t).toMatchObject({ format: 'swar', formatVersion: 'v6.75', name: 'BJK CBJ 2026 U08', startDate: '2026-02-16', endDate: '2026-02-22' });
    expect(t.plannedRounds).toBe(9);
    expect(t.pairedRounds).toBe(9);
    expect(t.categoryHint).toBe('U8');
    expect(t.tieBreaks.map((c) => c.name)).toEqual(['Bucholtz Cut 1', 'Bucholtz', 'Sonneborn-Berger', 'Progressif', 'Direct Encounter']);
    expect(t.tieBreaks.map((c) => c.kind)).toEqual(['buchholz_cut1', 'buchholz', 'sonneborn_berger', 'progressive', 'direct_encounter']);
    expect(t.players).toHaveLength(26);
  });

  it('keeps both sides of a forfeit, whatever the case of "0ff"', () => {
    const forfeits = t.players.flatMap((p) => p.rounds.filter((r) => r.outcome.startsWith('forfeit')).map((r) => ({ ...r, player: p.pairingNumber })));
    expect(forfeits.map((f) => f.outcome).sort()).toEqual(['forfeit_loss', 'forfeit_win']);
    expect(forfeits.every((f) => f.round === 5 && f.board === 6)).toBe(true);
    expect(forfeits.find((f) => f.outcome === 'forfeit_win')!.points).toBe(1);
  });

  it('reads a "BYE" board as a scored bye and an "Absent" board as an absence, even when the player-level Absent says Present', () => {
    const rounds = t.players.flatMap((p) => p.rounds);
    expect(rounds.filter((r) => r.outcome === 'bye')).toEqual([{ round: 6, board: null, colour: null, opponent: null, outcome: 'bye', points: 1 }]);
    expect(rounds.filter((r) => r.outcome === 'absent')).toEqual([{ round: 6, board: null, colour: null, opponent: null, outcome: 'absent', points: 0 }]);
  });

  it('keeps the program’s ranking and values although the players are not listed in ranking order', () => {
    const ranks = t.players.map((p) => p.rank);
    expect(ranks).not.toEqual([...ranks].sort((a, b) => a! - b!));
    const winner = t.players.find((p) => p.rank === 1)!;
    expect(winner).toMatchObject({ points: 9, tieBreakValues: [41.5, 43.5, 43.5, 45, null], birthYear: 2018, sex: 'm', federation: 'BEL' });
    expect(t.players.some((p) => p.sex === 'f')).toBe(true); // "Femelle"
  });
});

describe('older and unfinished Swar exports', () => {
  it('reads v3.24: "Last First" names, full birth dates cut to the year, a bye scored 1 though ByeValue says 0.0, LF line ends', () => {
    const t = parseSwarJson(fixture('bycco_bjk2017_u08_swar_v3.json'));
    expect(t.formatVersion).toBe('v3.24');
    expect(t.absencePoints).toBe(0.5); // AbsenceValue, not AbsValue
    const byes = t.players.flatMap((p) => p.rounds).filter((r) => r.outcome === 'bye');
    expect(byes).toHaveLength(9);
    expect(byes.every((b) => b.points === 1)).toBe(true);
    expect(t.players.every((p) => p.birthYear === null || (p.birthYear >= 2009 && p.birthYear <= 2011))).toBe(true);
    expect(t.players.every((p) => p.points === p.rounds.reduce((s, r) => s + r.points, 0))).toBe(true);
  });

  it('reads a file before round 1, without any RoundArray, as a start list', () => {
    const t = parseSwarJson(fixture('bycco_test_bjk_0_start.json'));
    expect(t.pairedRounds).toBe(0);
    expect(t.players).toHaveLength(12);
    expect(t.players.every((p) => p.rounds.length === 0)).toBe(true);
  });

  it('reads a paired round without results as pending games', () => {
    const t = parseSwarJson(fixture('bycco_bjk2019_u20bg_round1_paired.json'));
    expect(t.categoryHint).toBe('U20');
    expect(t.pairedRounds).toBe(1);
    expect(t.players.flatMap((p) => p.rounds).every((r) => r.outcome === 'pending' && r.board !== null)).toBe(true);
  });

  it('proposes no youth category for a free category list', () => {
    expect(parseSwarJson(fixture('frbe_jeugdcriterium_oostende_2024_u8.json')).categoryHint).toBe('U8'); // from the name "… -8"
    expect(parseSwarJson(fixture('bycco_test_bjk_0_start.json')).categoryHint).toBeNull();
  });
});

describe('a broken Swar export', () => {
  const good = fixture('bycco_bjk2026_u08.json');

  it('names the field of an unknown result', () => {
    const broken = good.replace('"Result" : "1FF"', '"Result" : "2"');
    const error = errorOf(() => parseSwarJson(broken));
    expect(error.code).toBe('results.swar_invalid_field');
    expect(error.details.field).toMatch(/^Swar\.Player\[\d+\]\.RoundArray\[4\]\.Result$/);
    expect(error.details.value).toBe('2');
  });

  it('refuses text that is not JSON, and JSON that is not a Swar export', () => {
    expect(errorOf(() => parseSwarJson(good.slice(0, 5000))).code).toBe('results.invalid_json');
    expect(errorOf(() => parseSwarJson('{"Tournament": {}}')).details.field).toBe('Swar');
  });

  it('refuses a game whose opponent does not name the player back', () => {
    const broken = good.replace('"OpponentNi" : 7,', '"OpponentNi" : 8,');
    const error = errorOf(() => parseSwarJson(broken));
    expect(error.code).toBe('results.asymmetric_pairing');
    expect(error.details.field).toMatch(/OpponentNi$/);
  });
});
