import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparePerformanceWithProgram, fideDp, performanceRating } from './performance.js';
import { parseTournamentFile } from './tournament-file.js';
import type { PlayerRound, TournamentPlayer } from './tournament-model.js';

const fixture = (dir: string, name: string) => parseTournamentFile(readFileSync(path.resolve(import.meta.dirname, '../fixtures', dir, name)));

function player(pairingNumber: number, rating: number | null, rounds: PlayerRound[] = []): TournamentPlayer {
  const points = rounds.reduce((s, r) => s + r.points, 0);
  return {
    pairingNumber,
    rank: null,
    name: `P${pairingNumber}`,
    title: null,
    sex: null,
    federation: null,
    fideId: null,
    nationalId: null,
    rating,
    fideRating: rating,
    nationalRating: null,
    club: null,
    clubNumber: null,
    birthYear: null,
    points,
    tieBreakValues: [],
    performance: null,
    rounds,
  };
}
const game = (round: number, opponent: number, outcome: 'win' | 'draw' | 'loss'): PlayerRound => ({
  round,
  board: 1,
  colour: 'white',
  opponent,
  outcome,
  points: { win: 1, draw: 0.5, loss: 0 }[outcome],
});

describe('FIDE performance rating', () => {
  it('reads dp from FIDE’s table, rounding p to the hundredth, symmetric below one half', () => {
    expect(fideDp(1)).toBe(800);
    expect(fideDp(0.5)).toBe(0);
    expect(fideDp(7 / 9)).toBe(220); // 0.78
    expect(fideDp(5 / 9)).toBe(43); // 0.56
    expect(fideDp(2 / 9)).toBe(-220);
    expect(fideDp(0)).toBe(-800);
  });

  it('adds dp to the average rating of the opponents met over the board; byes, forfeits and absences do not count', () => {
    const opponents = [player(2, 1800), player(3, 1600), player(4, 1700)];
    const a = player(1, 1700, [
      game(1, 2, 'win'),
      game(2, 3, 'draw'),
      { round: 3, board: null, colour: null, opponent: null, outcome: 'bye', points: 1 },
      { round: 4, board: 1, colour: 'white', opponent: 4, outcome: 'forfeit_win', points: 1 },
    ]);
    const byNumber = new Map([a, ...opponents].map((p) => [p.pairingNumber, p]));
    // Ra = (1800 + 1600) / 2 = 1700, p = 1.5 / 2 = 0.75 → dp 193.
    expect(performanceRating(a, byNumber)).toBe(1893);
    // Only the rounds asked for: after round 1, p = 1 against 1800.
    expect(performanceRating(a, byNumber, 1)).toBe(2600);
  });

  it('counts an opponent more than 400 points away as 400 points away, and leaves unrated opponents out', () => {
    const a = player(1, 1500, [game(1, 2, 'loss'), game(2, 3, 'draw'), game(3, 4, 'draw')]);
    const byNumber = new Map([a, player(2, 2200), player(3, 1400), player(4, null)].map((p) => [p.pairingNumber, p]));
    // 2200 counts as 1900; the unrated opponent is left out: Ra = (1900 + 1400) / 2 = 1650, p = 0.25 → −193.
    expect(performanceRating(a, byNumber)).toBe(1457);
  });

  it('has none without a game against a rated opponent', () => {
    const a = player(1, 1500, [{ round: 1, board: null, colour: null, opponent: null, outcome: 'bye', points: 1 }]);
    expect(performanceRating(a, new Map([[1, a]]))).toBeNull();
  });

  it('fills in a TRF’s performance, which the format does not carry', () => {
    const t = fixture('trf', 'javafo_sample2_open_gros_2010.trf');
    const withGames = t.players.filter((p) => p.rounds.some((r) => r.opponent !== null && ['win', 'draw', 'loss'].includes(r.outcome)));
    expect(withGames.length).toBeGreaterThan(0);
    expect(withGames.every((p) => typeof p.performance === 'number')).toBe(true);
  });

  it.each([
    ['bycco_bjk2025_u20.json', 17],
    ['bycco_test_bjk_2_played.json', 12],
  ])('reproduces Swar’s own performance of every player of %s (all opponents rated)', (name, players) => {
    const agreement = comparePerformanceWithProgram(fixture('swar', name));
    expect(agreement.differences).toEqual([]);
    expect(agreement.players).toBe(players);
  });

  it('leaves unrated opponents out where Swar counts them at 0 (BJK 2026 U8)', () => {
    const t = fixture('swar', 'bycco_bjk2026_u08.json');
    const agreement = comparePerformanceWithProgram(t);
    const byNumber = new Map(t.players.map((p) => [p.pairingNumber, p]));
    const metUnrated = (n: number) => byNumber.get(n)!.rounds.some((r) => r.opponent !== null && !byNumber.get(r.opponent)!.rating);
    expect(agreement.differences.length).toBeGreaterThan(0);
    expect(agreement.differences.every((d) => metUnrated(d.pairingNumber))).toBe(true);
  });
});
