import { computeTieBreaks, lastRoundWithResults, rankPlayers, tieBreakRulesOf } from './tie-breaks.js';
import type { Tournament } from './tournament-model.js';

export interface TieBreakDifference {
  pairingNumber: number;
  name: string;
  column: string;
  program: number | null;
  ours: number | null;
}

export interface TieBreakAgreement {
  cells: number;
  agreeingCells: number;
  players: number;
  /** Players whose computed place equals the program's `Ranking`. */
  agreeingRanks: number;
  differences: TieBreakDifference[];
  rankDifferences: { pairingNumber: number; name: string; program: number; ours: number }[];
}

/** How far our computation reproduces the program's own tie-break values and ranking of an imported file. */
export function compareWithProgram(tournament: Tournament): TieBreakAgreement {
  const options = { rules: tieBreakRulesOf(tournament), rounds: lastRoundWithResults(tournament.players) };
  const ours = computeTieBreaks(tournament.players, tournament.tieBreaks, options);
  const differences: TieBreakDifference[] = [];
  let cells = 0;
  let agreeingCells = 0;
  for (const player of tournament.players) {
    const values = ours.get(player.pairingNumber)!;
    tournament.tieBreaks.forEach((column, index) => {
      if (column.kind === 'unknown' || column.kind === 'performance') return;
      cells++;
      const program = player.tieBreakValues[index] ?? null;
      const computed = values[index] ?? null;
      if (program === computed || (program !== null && computed !== null && Math.abs(program - computed) < 1e-9)) agreeingCells++;
      else differences.push({ pairingNumber: player.pairingNumber, name: player.name, column: column.name, program, ours: computed });
    });
  }
  const ranked = rankPlayers(tournament.players, tournament.tieBreaks, options);
  const rankDifferences = ranked
    .map((row) => ({ row, player: tournament.players.find((p) => p.pairingNumber === row.pairingNumber)! }))
    .filter(({ row, player }) => player.rank !== null && player.rank !== row.rank)
    .map(({ row, player }) => ({ pairingNumber: player.pairingNumber, name: player.name, program: player.rank!, ours: row.rank }));
  return {
    cells,
    agreeingCells,
    players: tournament.players.length,
    agreeingRanks: tournament.players.length - rankDifferences.length,
    differences,
    rankDifferences,
  };
}
