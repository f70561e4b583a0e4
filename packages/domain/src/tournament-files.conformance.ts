import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparePerformanceWithProgram } from './performance.js';
import { compareWithProgram, type TieBreakDifference } from './tie-break-agreement.js';
import { parseTournamentFile } from './tournament-file.js';
import { TournamentFileError, type Tournament } from './tournament-model.js';

/**
 * Every real Swar export and TRF in `../shared/data` (see its SOURCES.md) imports, or — team tournaments — is refused
 * with `results.team_tournament`; on every Swar file our tie-breaks and ranking are compared with the program's own.
 * The agreement is printed per file, with the reason of every cell that differs (docs/results-tie-breaks.md).
 */
const dataDir = process.env.SHARED_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/data');

/**
 * Files where Swar is not reproducible, and why: every differing cell must be explained by the predicate (it gets
 * the tournament and a difference), and the reason is printed.
 */
const KNOWN_DIFFERENCES: Record<string, { reason: string; explains: (t: Tournament, d: TieBreakDifference) => boolean }> = {
  'bycco_bjk2025_u20.json': {
    reason:
      'Swar v6.47 counts Ni 8 (absent rounds 5–6, then a bye in round 7; 4 points) at 4.5 in his opponents’ Buchholz and ' +
      'Sonneborn-Berger, while it counts every other player’s bye as nothing; no rule reproduces that half point, ours counts him at 4',
    explains: (t, d) => {
      const player = t.players.find((p) => p.pairingNumber === d.pairingNumber)!;
      return player.rounds.some((r) => r.opponent === 8) && d.program !== null && d.ours !== null && d.program - d.ours > 0 && d.program - d.ours <= 0.5;
    },
  },
};

const TEAM_FILES = new Set(['frbe_icn_2024-25_r1_fide_trf16_team.txt', 'fide_trf25_grandmommyscup_sample.trf']);
describe.each(['swar', 'trf'])('real %s files', (dir) => {
  const files = readdirSync(path.join(dataDir, dir)).sort();

  it.each(files)('%s imports (or is refused as a team tournament)', (file) => {
    const bytes = readFileSync(path.join(dataDir, dir, file));
    if (TEAM_FILES.has(file)) {
      expect(() => parseTournamentFile(bytes)).toThrow(TournamentFileError);
      try {
        parseTournamentFile(bytes);
      } catch (error) {
        expect((error as TournamentFileError).code).toBe('results.team_tournament');
      }
      return;
    }
    const tournament = parseTournamentFile(bytes);
    expect(tournament.players.length).toBeGreaterThan(0);
    for (const player of tournament.players) {
      expect(player.rounds.reduce((sum, r) => sum + r.points, 0)).toBeCloseTo(player.points, 6);
    }
    if (tournament.format === 'swar') {
      const agreement = compareWithProgram(tournament);
      console.info(
        `${file} (${tournament.formatVersion}): tie-break cells ${agreement.agreeingCells}/${agreement.cells}, places ${agreement.agreeingRanks}/${agreement.players}`,
      );
      expect(agreement.rankDifferences).toEqual([]);
      const performance = comparePerformanceWithProgram(tournament);
      console.info(
        `  performance ${performance.agreeing}/${performance.players}` +
          (performance.differences.length > 0 ? ' (Swar counts unrated opponents at 0 and rounds p its own way for some fractions; ours follows FIDE)' : ''),
      );
      // Every cell agrees, except where a known reason explains each differing one.
      const known = KNOWN_DIFFERENCES[file];
      if (!known) expect(agreement.differences).toEqual([]);
      else {
        console.info(`  ${agreement.differences.length} cells differ: ${known.reason}`);
        expect(agreement.differences.filter((d) => !known.explains(tournament, d))).toEqual([]);
      }
    }
  });
});
