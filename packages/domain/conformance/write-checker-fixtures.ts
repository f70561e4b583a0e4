/**
 * Writes `packages/domain/fixtures/checker/<file>.json`: FIDE's own checker's tie-breaks of every fixture tournament
 * (the MIT/Apache files copied into `fixtures/`), after every round with results, under both FIDE texts. The regular
 * tests compare our computation with these answers without calling Python or reading `../shared`.
 *
 * Regenerate (after a fixture or the checker changes):
 *   FIDE_CHECKER_DIR=/path/to/shared/tools/fide-tiebreak-checker npx tsx packages/domain/conformance/write-checker-fixtures.ts
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIDE_TIE_BREAK_RULES, lastRoundWithResults } from '../src/tie-breaks.js';
import { parseTournamentFile } from '../src/tournament-file.js';
import { TournamentFileError } from '../src/tournament-model.js';
import { writeTrf16 } from '../src/trf.js';
import { CHECKER_CODES, checkerDir, checkerVersion, comparableColumns, runFideChecker } from './fide-checker.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const out = path.join(fixtures, 'checker');
mkdirSync(out, { recursive: true });

for (const dir of ['swar', 'trf']) {
  for (const file of readdirSync(path.join(fixtures, dir)).sort()) {
    let tournament;
    try {
      tournament = parseTournamentFile(readFileSync(path.join(fixtures, dir, file)));
    } catch (error) {
      if (error instanceof TournamentFileError && error.code === 'results.team_tournament') continue;
      throw error;
    }
    const columns = comparableColumns(tournament);
    const rounds = lastRoundWithResults(tournament.players);
    if (rounds === 0) continue;
    // Our TRF16 export of the file as read: what the checker gets from a Swar file, and a TRF in one encoding.
    const trf = writeTrf16(tournament);
    const answers: Record<string, Record<string, Record<string, number[]>>> = {};
    for (const rules of FIDE_TIE_BREAK_RULES) {
      answers[rules] = {};
      for (let round = 1; round <= rounds; round++) {
        const answer = runFideChecker(trf, { rounds: round, kinds: columns.map((c) => c.kind), rules, encoding: 'utf-8' });
        answers[rules][round] = Object.fromEntries([...answer.players].map(([number, p]) => [number, [p.rank, ...p.values]]));
      }
    }
    const body = {
      about:
        'FIDE tie-break checker (TieBreakServer) answers for this fixture: per rule set, per round counted, per starting number ' +
        '[rank (tied players share one), points, then the tie-breaks listed]. Written by packages/domain/conformance/write-checker-fixtures.ts.',
      checker: checkerVersion(),
      tieBreaks: columns.map((c) => CHECKER_CODES[c.kind]),
      kinds: columns.map((c) => c.kind),
      answers,
    };
    writeFileSync(path.join(out, `${file}.json`), JSON.stringify(body) + '\n');
    console.info(`${dir}/${file}: ${rounds} round(s), ${tournament.players.length} players (checker in ${checkerDir})`);
  }
}
