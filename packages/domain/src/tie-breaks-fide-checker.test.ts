import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeTieBreaks, rankPlayers, type FideTieBreakRules } from './tie-breaks.js';
import { parseTournamentFile } from './tournament-file.js';
import type { TieBreakColumn, TieBreakKind } from './tournament-model.js';

/**
 * Our tie-breaks against FIDE's own checker on real files, cell for cell and place for place, after every round and
 * under both FIDE texts. The checker's answers were written by `packages/domain/conformance/write-checker-fixtures.ts`
 * (see there how to regenerate them); `npm run conformance` runs the checker itself on these and the GPL files.
 */
const fixtures = path.resolve(import.meta.dirname, '../fixtures');

interface CheckerFixture {
  tieBreaks: string[];
  kinds: TieBreakKind[];
  answers: Record<FideTieBreakRules, Record<string, Record<string, (number | null)[]>>>;
}

const files = readdirSync(path.join(fixtures, 'checker')).map((name) => name.replace(/\.json$/, ''));

describe.each(files)('FIDE’s checker on %s', (file) => {
  const checker = JSON.parse(readFileSync(path.join(fixtures, 'checker', `${file}.json`), 'utf8')) as CheckerFixture;
  const tournament = parseTournamentFile(readFileSync(path.join(fixtures, file.endsWith('.json') ? 'swar' : 'trf', file)));
  const columns: TieBreakColumn[] = checker.kinds.map((kind, index) => ({ name: checker.tieBreaks[index]!, kind }));
  const cases = (['fide2023', 'fide2026'] as const).flatMap((rules) => Object.keys(checker.answers[rules]).map((round) => [rules, Number(round)] as const));

  it.each(cases)('agrees on every cell under %s after round %i', (rules, round) => {
    const expected = checker.answers[rules][round]!;
    const ours = computeTieBreaks(tournament.players, columns, { rules, rounds: round });
    const ranked = new Map(rankPlayers(tournament.players, columns, { rules, rounds: round }).map((r) => [r.pairingNumber, r]));
    const differences: string[] = [];
    for (const player of tournament.players) {
      const [, points, ...values] = expected[player.pairingNumber]!;
      if (ranked.get(player.pairingNumber)!.points !== points)
        differences.push(`${player.pairingNumber} points: ours ${ranked.get(player.pairingNumber)!.points}, checker ${points}`);
      columns.forEach((column, index) => {
        const value = ours.get(player.pairingNumber)![index];
        if (value === null || value === undefined || Math.abs(value - values[index]!) > 1e-9)
          differences.push(`${player.pairingNumber} ${column.name}: ours ${value}, checker ${values[index]}`);
      });
    }
    expect(differences).toEqual([]);
    expect(tournament.players.length * columns.length).toBeGreaterThan(0);
  });

  it.each(cases)('gives the checker’s places outside fully tied groups under %s after round %i', (rules, round) => {
    const expected = checker.answers[rules][round]!;
    const checkerRanks = Object.entries(expected).map(([number, [rank]]) => [Number(number), rank!] as const);
    const shared = new Set(checkerRanks.filter(([, rank]) => checkerRanks.filter(([, r]) => r === rank).length > 1).map(([number]) => number));
    const ours = rankPlayers(tournament.players, columns, { rules, rounds: round });
    const differences = ours
      .filter((row) => !shared.has(row.pairingNumber) && row.rank !== expected[row.pairingNumber]![0])
      .map((row) => `${row.pairingNumber}: ours ${row.rank}, checker ${expected[row.pairingNumber]![0]}`);
    expect(differences).toEqual([]);
  });
});
