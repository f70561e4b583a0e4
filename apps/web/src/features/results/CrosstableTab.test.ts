import { describe, expect, it } from 'vitest';
import type { PublicTournamentPlayer } from '@bjk/domain/results';
import { crosstableCell } from './CrosstableTab';

type Round = PublicTournamentPlayer['rounds'][number];
const letters = { white: 'w', black: 'z', bye: 'B' };
const place = (n: number) => ({ 7: 3, 12: 5 })[n];
const round = (outcome: Round['outcome'], opponent: number | null, colour: Round['colour'] = null, points = 0): Round => ({
  round: 1,
  board: null,
  colour,
  opponent,
  outcome,
  points,
});

describe('a crosstable cell', () => {
  it('names the opponent by line, the colour and the result; a forfeit as + or −', () => {
    expect(crosstableCell(round('win', 12, 'white', 1), place, letters)).toBe('5w1');
    expect(crosstableCell(round('draw', 7, 'black', 0.5), place, letters)).toBe('3z½');
    expect(crosstableCell(round('forfeit_win', 7, null, 1), place, letters)).toBe('3+');
    expect(crosstableCell(round('forfeit_loss', 12, null), place, letters)).toBe('5−');
  });

  it('writes a bye with its points, never as a forfeit win, and an absence as −', () => {
    expect(crosstableCell(round('bye', null, null, 1), place, letters)).toBe('B1');
    expect(crosstableCell(round('half_bye', null, null, 0.5), place, letters)).toBe('B½');
    expect(crosstableCell(round('zero_bye', null, null), place, letters)).toBe('B0');
    expect(crosstableCell(round('absent', null, null), place, letters)).toBe('−');
    expect(crosstableCell(undefined, place, letters)).toBe('');
  });
});
