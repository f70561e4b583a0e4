import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithProgram } from './tie-break-agreement.js';
import { parseTournamentFile } from './tournament-file.js';
import { TournamentFileError } from './tournament-model.js';

/**
 * Every real Swar export and TRF in `../shared/data` (see its SOURCES.md) imports, or — team tournaments — is refused
 * with `results.team_tournament`; on every Swar file our tie-breaks and ranking are compared with the program's own.
 * The agreement is printed per file: Swar v6.47 counts an opponent's unplayed rounds in a way neither FIDE version
 * describes, so its Buchholz and Sonneborn-Berger cells differ (the places agree).
 */
const dataDir = process.env.SHARED_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/data');

const TEAM_FILES = new Set(['frbe_icn_2024-25_r1_fide_trf16_team.txt', 'fide_trf25_grandmommyscup_sample.trf']);
/** Files whose every tie-break cell must agree with the program's. */
const FULL_AGREEMENT = new Set([
  'bycco_bjk2017_u08_swar_v3.json',
  'bycco_bjk2019_u20bg_round1_paired.json',
  'bycco_bjk2026_u08.json',
  'bycco_test_bjk_0_start.json',
  'bycco_test_bjk_1_paired.json',
  'bycco_test_bjk_2_played.json',
  'frbe_jeugdcriterium_oostende_2024_u8.json',
]);

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
      if (FULL_AGREEMENT.has(file)) expect(agreement.differences).toEqual([]);
    }
  });
});
