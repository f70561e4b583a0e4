import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithProgram } from './tie-break-agreement.js';
import { computeTieBreaks, lastRoundWithResults, rankPlayers, tieBreakRulesOf } from './tie-breaks.js';
import { parseTournamentFile } from './tournament-file.js';
import type { PlayerRound, RoundOutcome, TieBreakColumn, TieBreakRules, TournamentPlayer } from './tournament-model.js';

const columns: TieBreakColumn[] = [
  { name: 'BH-C1', kind: 'buchholz_cut1' },
  { name: 'BH', kind: 'buchholz' },
  { name: 'SB', kind: 'sonneborn_berger' },
  { name: 'PR', kind: 'progressive' },
  { name: 'DE', kind: 'direct_encounter' },
  { name: 'WON', kind: 'games_won' },
  { name: 'BLK', kind: 'games_with_black' },
];

const POINTS: Record<RoundOutcome, number> = {
  win: 1,
  draw: 0.5,
  loss: 0,
  forfeit_win: 1,
  forfeit_loss: 0,
  bye: 1,
  half_bye: 0.5,
  zero_bye: 0,
  absent: 0,
  pending: 0,
};

/** Players from rows of rounds: result (1 = 0 + -, ? pending), colour (w/b), opponent's letter ("1wB"); or "bye", "abs", "half". */
function tournament(rows: Record<string, string[]>): TournamentPlayer[] {
  const names = Object.keys(rows);
  const number = (name: string) => names.indexOf(name) + 1;
  return names.map((name) => {
    const rounds: PlayerRound[] = rows[name]!.map((entry, index) => {
      const round = index + 1;
      if (entry === 'bye') return { round, board: null, colour: null, opponent: null, outcome: 'bye', points: 1 };
      if (entry === 'abs') return { round, board: null, colour: null, opponent: null, outcome: 'absent', points: 0 };
      if (entry === 'half') return { round, board: null, colour: null, opponent: null, outcome: 'half_bye', points: 0.5 };
      const outcome: RoundOutcome = { '1': 'win', '=': 'draw', '0': 'loss', '+': 'forfeit_win', '-': 'forfeit_loss', '?': 'pending' }[
        entry[0]!
      ] as RoundOutcome;
      const colour = entry[1] === 'w' ? 'white' : entry[1] === 'b' ? 'black' : null;
      return { round, board: 1, colour, opponent: number(entry.slice(-1)), outcome, points: POINTS[outcome] };
    });
    const points = rounds.reduce((s, r) => s + r.points, 0);
    return {
      pairingNumber: number(name),
      rank: null,
      name,
      title: null,
      sex: null,
      federation: null,
      fideId: null,
      nationalId: null,
      rating: 1500,
      fideRating: null,
      nationalRating: null,
      club: null,
      clubNumber: null,
      birthYear: null,
      points,
      tieBreakValues: [],
      performance: null,
      rounds,
    };
  });
}

// Five players, three rounds: E has the bye in round 1 and is absent in rounds 2 and 3.
const players = tournament({
  A: ['1wB', '1bC', '=wD'],
  B: ['0bA', '1wD', '1bC'],
  C: ['1wD', '0wA', '0wB'],
  D: ['0bC', '0bB', '=bA'],
  E: ['bye', 'abs', 'abs'],
});

describe('FIDE tie-breaks computed from the games', () => {
  const values = (rules: TieBreakRules) => computeTieBreaks(players, columns, { rules });

  it('sums the opponents’ scores (Buchholz), without the lowest (Cut 1), weighted by the result (Sonneborn-Berger)', () => {
    // A: 2.5 points; opponents B 2, C 1, D 0.5.
    expect(values('fide2023').get(1)).toEqual([3, 3.5, 1 * 2 + 1 * 1 + 0.5 * 0.5, 1 + 2 + 2.5, null, 2, 1]);
  });

  it('adds the running score after each round (progressive) and counts games won and games played with Black', () => {
    const b = values('fide2023').get(2)!;
    expect(b[3]).toBe(0 + 1 + 2);
    expect(b[5]).toBe(2);
    expect(b[6]).toBe(2);
  });

  it('C.07 2023: each own unplayed round is a dummy opponent on the player’s own score, cut first when voluntary', () => {
    // E: bye (1 point) in round 1, absent in rounds 2 and 3 → score 1; every contribution is a dummy of score 1.
    const e = values('fide2023').get(5)!;
    expect(e[1]).toBe(3);
    expect(e[0]).toBe(2);
    expect(e[2]).toBe(1); // the bye's point times the dummy's score
  });

  it('2009 rules: a virtual opponent with the score before the round, what the player missed, and draws after', () => {
    // E round 1: 0 + (1 − 1) + 0.5 × 2 = 1; round 2: 1 + 1 + 0.5 = 2.5; round 3: 1 + 1 + 0 = 2.
    expect(values('fide2009').get(5)![1]).toBe(5.5);
  });

  it('Swar v6.0–v6.49: an opponent’s pairing-allocated bye counts nothing in their score, their absences count as draws', () => {
    // Nobody met E, so take a tournament where A meets a player with a bye and one with an absence.
    const t = tournament({ A: ['1wB', '1bC'], B: ['0bA', 'bye'], C: ['abs', '0wA'] });
    // A's Buchholz: B counts 0 (the bye's point is dropped), C counts 0.5 (the absence is a draw); 2009 would give B 0.5.
    expect(computeTieBreaks(t, columns, { rules: 'swar6' }).get(1)![1]).toBe(0 + 0.5);
    expect(computeTieBreaks(t, columns, { rules: 'fide2009' }).get(1)![1]).toBe(0.5 + 0.5);
    // Own unplayed rounds as in 2009: B's bye in round 2 is a virtual opponent on 0 + (1 − 1) + 0 = 0.
    expect(computeTieBreaks(t, columns, { rules: 'swar6' }).get(2)![1]).toBe(2 + 0);
  });

  it('C.07 2023 16.3.2: an opponent’s rounds without opponent after their last non-voluntary round count as draws', () => {
    // C withdraws after round 1 (absent in rounds 2 and 3): in A's Buchholz C counts 0 + ½ + ½, not the 0 scored.
    const t = tournament({ A: ['1wC', '1bB', '=wD'], B: ['=bD', '0wA', 'bye'], C: ['0bA', 'abs', 'abs'], D: ['=wB', 'abs', '=bA'] });
    // D's absence in round 2 is followed by a game: D counts with the ½ + 0 + ½ really scored; B with 1½.
    expect(computeTieBreaks(t, columns, { rules: 'fide2023' }).get(1)![1]).toBe(1 + 1.5 + 1);
  });

  it('C.07 2023 16.3.2: a forfeit loss has an opponent and keeps its 0', () => {
    const t = tournament({ A: ['1wB', '+wC'], B: ['0bA', '1wC'], C: ['0bB', '-bA'] });
    // C: lost to B, lost by forfeit to A: 0 + 0 in B's Buchholz (no draw for the forfeit).
    expect(computeTieBreaks(t, columns, { rules: 'fide2023' }).get(2)![1]).toBe(2 + 0);
  });

  it('the 2026 amendment caps the dummy opponent of a player’s own unplayed round at a draw in every round', () => {
    // A scores 2½ with a half-point bye in round 2: 2023 counts its dummy at 2½, 2026 at most ½ × 3 rounds.
    const t = tournament({ A: ['1wB', 'half', '1wB'], B: ['0bA', 'half', '0bA'] });
    expect(computeTieBreaks(t, columns, { rules: 'fide2023' }).get(1)![1]).toBe(0.5 + 2.5 + 0.5);
    expect(computeTieBreaks(t, columns, { rules: 'fide2026' }).get(1)![1]).toBe(0.5 + 1.5 + 0.5);
  });

  it('picks the rules by start date, and the program’s own for Swar before v6.5', () => {
    const swar = (formatVersion: string, startDate: string | null = '2026-02-16') => tieBreakRulesOf({ format: 'swar', formatVersion, startDate });
    expect(swar('v3.24')).toBe('fide2009');
    expect(swar('v4.11')).toBe('fide2009');
    expect(swar('v6.47')).toBe('swar6');
    expect(swar('v6.75')).toBe('fide2023');
    expect(swar('v6.75', '2026-03-01')).toBe('fide2026');
    expect(tieBreakRulesOf({ format: 'trf', formatVersion: 'TRF16', startDate: '2010-09-24' })).toBe('fide2023');
    // A file without a date takes the edition's (the 2027 championship falls under the 2026 text).
    expect(tieBreakRulesOf({ format: 'trf', formatVersion: 'TRF16', startDate: null }, '2027-02-15')).toBe('fide2026');
    // The manager's choice at import wins.
    expect(tieBreakRulesOf({ format: 'trf', formatVersion: 'TRF16', startDate: '2027-02-15', tieBreakRules: 'fide2023' })).toBe('fide2023');
  });

  it('counts a round once a game has a result: a bye announced for a later round does not make it count', () => {
    const t = tournament({ A: ['1wB', 'half'], B: ['0bA', 'abs'] });
    expect(lastRoundWithResults(t)).toBe(1);
    // Round 2 not counted: A has no dummy opponent for it, and no half point.
    expect(rankPlayers(t, columns, { rules: 'fide2023' }).find((r) => r.pairingNumber === 1)).toMatchObject({ points: 1 });
    expect(computeTieBreaks(t, columns, { rules: 'fide2023' }).get(1)![1]).toBe(0);
  });

  it('counts a game still being played in a counted round as a game, not as a dummy opponent', () => {
    const t = tournament({ A: ['1wB', '?wD'], B: ['0bA', '1wC'], C: ['=wD', '0bB'], D: ['=bC', '?bA'] });
    // Round 2 counts (B beat C); A's game against D is still on: D counts with the ½ scored so far.
    expect(computeTieBreaks(t, columns, { rules: 'fide2023' }).get(1)![1]).toBe(1 + 0.5);
  });

  it('applies direct encounter only among tied players who all met', () => {
    const tied = tournament({ A: ['1wB', '0bC'], B: ['0bA', '1wC'], C: ['0bB', '1wA'] });
    expect(computeTieBreaks(tied, columns, { rules: 'fide2023' }).get(1)![4]).toBe(1);
    expect(values('fide2023').get(3)![4]).toBeNull();
  });

  it('ranks by points, then the tie-breaks in order, and gives every player a place of their own', () => {
    const ranked = rankPlayers(players, columns, { rules: 'fide2023' });
    expect(ranked.map((r) => [r.pairingNumber, r.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [5, 4],
      [4, 5],
    ]);
  });

  it('counts only the rounds asked for, so a standings after round 2 ignores round 3', () => {
    expect(rankPlayers(players, columns, { rules: 'fide2023', rounds: 2 }).find((r) => r.pairingNumber === 1)!.points).toBe(2);
  });
});

describe('agreement with Swar’s own tie-break values and ranking', () => {
  const fixture = (name: string) => parseTournamentFile(readFileSync(path.resolve(import.meta.dirname, '../fixtures/swar', name)));

  it.each([
    'bycco_bjk2026_u08.json',
    'bycco_bjk2017_u08_swar_v3.json',
    'frbe_jeugdcriterium_oostende_2024_u8.json',
    'bycco_bjk2019_u20bg_round1_paired.json',
    'bycco_test_bjk_0_start.json',
    'bycco_test_bjk_2_played.json',
  ])('reproduces every value and every place of %s', (name) => {
    const agreement = compareWithProgram(fixture(name));
    expect(agreement.differences).toEqual([]);
    expect(agreement.rankDifferences).toEqual([]);
    expect(agreement.cells).toBeGreaterThan(0);
  });

  it('reproduces the places of Swar v6.47 (BJK 2025 U20) and every value except those through the player absent, then given a bye', () => {
    const tournament = fixture('bycco_bjk2025_u20.json');
    const agreement = compareWithProgram(tournament);
    expect(agreement.rankDifferences).toEqual([]);
    expect(agreement.agreeingCells).toBe(69);
    // Every differing cell belongs to an opponent of Ni 8 (absent rounds 5–6, bye round 7), whom Swar counts at 4.5
    // in Buchholz and Sonneborn-Berger though he scored 4 (3 over the board + the bye): ours counts 4 (see the docs).
    const metEight = new Set(tournament.players.filter((p) => p.rounds.some((r) => r.opponent === 8 && r.outcome !== 'pending')).map((p) => p.pairingNumber));
    expect(agreement.differences.every((d) => metEight.has(d.pairingNumber))).toBe(true);
    expect(agreement.differences.every((d) => d.program !== null && d.ours !== null && d.program > d.ours && d.program - d.ours <= 0.5)).toBe(true);
  });
});
